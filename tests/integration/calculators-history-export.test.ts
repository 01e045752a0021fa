import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { calculationHistory, tools } from '../../db/schema';
import { getCalculator, runCalculator } from '~/calculators';
import { canonicalQuery } from '~/calculators/view';
import {
  EXPORT_BATCH_SIZE,
  EXPORT_NOTES,
  HISTORY_CSV_COLUMNS,
  calculatorCsvColumns,
} from '~/models/tools/calculation-history-export.server';
import { saveCalculation } from '~/models/tools/calculation-history.server';
import { loader as exportLoader } from '~/routes/_app+/calculators.history_.export';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';

const SHAFT = 'torque-eixo'; // E-BASIC
const DROP = 'queda-tensao-condutor'; // E-TOOL
const SHAFT_QUERY =
  'power=7%2C5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;
let ownerCookie: string;
let otherCookie: string;
let dropQuery: string;

beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  ownerCookie = await sessionCookie(owner);
  otherCookie = await sessionCookie(other);
  const drop = getCalculator(DROP)!;
  const run = runCalculator(
    drop,
    new URLSearchParams(
      'system=single&voltage=220&current=20&length=30&section=2%2C5&powerFactor=1&material=cu&temperature=70&circuit=terminal',
    ),
  );
  if (!run.ok) throw new Error('the voltage-drop example must compute');
  dropQuery = canonicalQuery(drop, run);
});

beforeEach(() => {
  db.delete(calculationHistory).run();
  db.delete(tools).run();
});

type Saved = { userId: number; title: string; slug?: string; query?: string; at?: Date };

function insert(rows: Saved[]) {
  // SQLite takes at most 32,766 variables per statement: a few hundred rows at a time.
  for (let start = 0; start < rows.length; start += 500) {
    db.insert(calculationHistory)
      .values(
        rows.slice(start, start + 500).map((row) => ({
          userId: row.userId,
          calculatorSlug: row.slug ?? SHAFT,
          calculatorVersion: getCalculator(row.slug ?? SHAFT)?.version ?? '1.0.0',
          title: row.title,
          query: row.query ?? SHAFT_QUERY,
          createdAt: row.at ?? new Date(Date.UTC(2026, 2, 10, 15, 4)),
        })),
      )
      .run();
  }
}

async function download(cookie: string, query = '') {
  const response = await call(exportLoader, getRequest(`/calculators/history/export${query}`, { cookie }));
  expect(response.status).toBe(200);
  return response;
}

/** The file as a spreadsheet reads it: BOM dropped, `;` between cells, CRLF between rows. */
function readCsv(text: string): string[][] {
  return parse(text, { delimiter: ';', bom: true, record_delimiter: '\r\n', relax_column_count: false });
}

const decimal = (text: string) => Number(text.replace(',', '.'));

describe('the history CSV export', () => {
  test('a UTF-8 file with BOM, the columns in order, dates dd/mm/aaaa and São Paulo time, inputs and results with a decimal comma', async () => {
    insert([{ userId: owner.id, title: 'Eixo da bomba', at: new Date(Date.UTC(2026, 2, 10, 2, 30)) }]);
    const response = await download(ownerCookie);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="historico-calculos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const [header, row, ...rest] = readCsv(text);
    expect(header).toEqual([...HISTORY_CSV_COLUMNS]);
    expect(rest).toEqual([]);
    const cell = Object.fromEntries(header.map((name, index) => [name, row[index]]));
    // 02:30 UTC is 23:30 of the day before in São Paulo.
    expect(cell.Data).toBe('09/03/2026');
    expect(cell.Hora).toBe('23:30');
    expect(cell['Título']).toBe('Eixo da bomba');
    expect(cell.Calculadora).toBe(getCalculator(SHAFT)!.title);
    expect(cell['Versão']).toBe(getCalculator(SHAFT)!.version);
    expect(cell.Entradas.split(' | ')).toEqual([
      'Potência transmitida P = 7,5 kW',
      'Rotação n = 1750 rpm',
      'Tensão de cisalhamento admissível τ_adm = 40 MPa',
      'Momento fletor no trecho M = 0 N·m',
      'Há rasgo de chaveta no trecho? = Não',
    ]);
    expect(cell.Link).toBe(`/calculators/${SHAFT}?${SHAFT_QUERY}`);

    const run = runCalculator(getCalculator(SHAFT)!, new URLSearchParams(SHAFT_QUERY));
    if (!run.ok) throw new Error('the example must compute');
    const results = cell['Resultados principais'].split(' | ');
    expect(results).toHaveLength(run.result.results.length);
    run.result.results.forEach((item, index) => {
      const match = /^(.+) = (-?\d+(?:,\d+)?) (.+)$/.exec(results[index]);
      expect(match?.[1]).toBe(item.label);
      expect(match?.[3]).toBe(item.unit);
      expect(decimal(match![2])).toBeCloseTo(Number(item.value), item.digits ?? 2);
    });
  });

  test('results come from the text stored when saved; a row saved before that column is computed again', async () => {
    const saved = saveCalculation(owner, { slug: SHAFT, title: 'Salvo agora', query: SHAFT_QUERY });
    const stored = db.select().from(calculationHistory).where(eq(calculationHistory.id, saved.id)).get()!;
    expect(stored.results).toBe(
      'Torque transmitido T = 40,93 N·m | Velocidade angular ω = 183,26 rad/s | Diâmetro mínimo do eixo = 17,34 mm',
    );
    // The stored text is what the export reads (a marker proves it computes nothing for this row).
    db.update(calculationHistory)
      .set({ results: 'Torque transmitido T = 1,00 N·m', createdAt: new Date(Date.UTC(2026, 0, 2)) })
      .where(eq(calculationHistory.id, saved.id))
      .run();
    insert([{ userId: owner.id, title: 'Antigo', at: new Date(Date.UTC(2026, 0, 1)) }]);
    const [, fromStored, recomputed] = readCsv(await (await download(ownerCookie)).text());
    expect(fromStored[6]).toBe('Torque transmitido T = 1,00 N·m');
    expect(recomputed[6]).toBe(stored.results);
  });

  test('titles with ; quotes and line breaks are quoted, and formula-like titles are defused', async () => {
    const titles = [
      'Eixo; bomba "B"',
      'Linha 1\r\nLinha 2',
      '=HYPERLINK("http://evil.example")',
      '+1+2',
      '-2+3',
      '@SUM(A1)',
      '\tcom tab',
      '-12,5',
      'normal',
    ];
    insert(titles.map((title, index) => ({ userId: owner.id, title, at: new Date(Date.UTC(2026, 0, 1, 12, index)) })));
    const text = await (await download(ownerCookie)).text();
    expect(text).toContain('"Eixo; bomba ""B"""');
    const rows = readCsv(text).slice(1);
    // Newest first: the last inserted comes first.
    expect(rows.map((row) => row[2])).toEqual([
      'normal',
      '-12,5',
      "'\tcom tab",
      "'@SUM(A1)",
      "'-2+3",
      "'+1+2",
      '\'=HYPERLINK("http://evil.example")',
      'Linha 1\r\nLinha 2',
      'Eixo; bomba "B"',
    ]);
    expect(rows.every((row) => row.length === HISTORY_CSV_COLUMNS.length)).toBe(true);
  });

  test('the filters of the list select the same rows: calculator, text in the title, São Paulo days', async () => {
    insert([
      { userId: owner.id, title: 'Eixo antigo', at: new Date(Date.UTC(2026, 0, 5, 12)) },
      { userId: owner.id, title: 'Eixo novo', at: new Date(Date.UTC(2026, 1, 5, 12)) },
      { userId: owner.id, title: 'Queda do quadro', slug: DROP, query: dropQuery, at: new Date(Date.UTC(2026, 1, 6, 12)) },
      // 01:00 UTC on 1 February is still 31 January in São Paulo.
      { userId: owner.id, title: 'Eixo de janeiro', at: new Date(Date.UTC(2026, 1, 1, 1)) },
    ]);
    const titles = async (query: string) =>
      readCsv(await (await download(ownerCookie, query)).text())
        .slice(1)
        .map((row) => row[2]);
    expect(await titles(`?calculator=${DROP}`)).toEqual(['Queda do quadro']);
    expect(await titles('?q=eixo')).toEqual(['Eixo novo', 'Eixo de janeiro', 'Eixo antigo']);
    expect(await titles('?q=EIXO&from=2026-02-01&to=2026-02-28')).toEqual(['Eixo novo']);
    expect(await titles('?to=2026-01-31')).toEqual(['Eixo de janeiro', 'Eixo antigo']);
    expect(await titles('?q=%25')).toEqual([]);
    // A malformed filter falls back to no filter, as on the page.
    expect(await titles('?from=2026-13-45&calculator=../x')).toHaveLength(4);
  });

  test("only the signed-in user's own rows; visitors go to the login page", async () => {
    insert([
      { userId: owner.id, title: 'Meu' },
      { userId: other.id, title: 'Do outro' },
    ]);
    expect(
      readCsv(await (await download(ownerCookie)).text())
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(['Meu']);
    expect(
      readCsv(await (await download(otherCookie)).text())
        .slice(1)
        .map((row) => row[2]),
    ).toEqual(['Do outro']);
    expectRedirect(
      await call(exportLoader, getRequest('/calculators/history/export')),
      '/auth?redirectTo=%2Fcalculators%2Fhistory%2Fexport',
    );
  });

  test('a calculator the user can no longer use exports its inputs and says why there are no results', async () => {
    insert([
      { userId: owner.id, title: 'Queda', slug: DROP, query: dropQuery, at: new Date(Date.UTC(2026, 0, 2)) },
      { userId: owner.id, title: 'Sumiu', slug: 'calculadora-removida', query: 'a=1%2C5', at: new Date(Date.UTC(2026, 0, 1)) },
    ]);
    const [, locked, gone] = readCsv(await (await download(ownerCookie)).text());
    expect(locked[5]).toContain('Tensão');
    expect(locked[6]).toBe(EXPORT_NOTES.locked);
    expect(gone[3]).toBe('calculadora-removida');
    expect(gone[5]).toBe('a = 1,5');
    expect(gone[6]).toBe(EXPORT_NOTES.gone);
    expect(gone[7]).toBe('');

    const master = await createUser({ role: 'E-MASTER' });
    insert([{ userId: master.id, title: 'Queda', slug: DROP, query: dropQuery }]);
    const [, open] = readCsv(await (await download(await sessionCookie(master))).text());
    expect(open[6]).toMatch(/ = \d+(,\d+)? /);
  });

  test('2,000 rows stream in batches: the first chunk arrives before the rest is read from the database', async () => {
    const base = Date.UTC(2025, 0, 1);
    insert(
      Array.from({ length: 2000 }, (_, index) => ({
        userId: owner.id,
        title: `Cálculo ${index + 1}`,
        at: new Date(base + index * 60_000),
      })),
    );
    const response = await download(ownerCookie);
    const reader = response.body!.getReader();
    const first = await reader.read();
    const firstText = new TextDecoder().decode(first.value);
    expect(firstText.split('\r\n').filter(Boolean)).toHaveLength(1 + EXPORT_BATCH_SIZE);

    // Rows removed now are not in the rest of the file: it had not been generated yet.
    db.delete(calculationHistory).where(eq(calculationHistory.userId, owner.id)).run();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    const rows = readCsv(firstText + rest).slice(1);
    expect(rows).toHaveLength(EXPORT_BATCH_SIZE);
    expect(rows[0][2]).toBe('Cálculo 2000');
  });

  test('the whole 2,000-row file keyset-pages without gaps or repeats, even with equal timestamps', async () => {
    const at = new Date(Date.UTC(2025, 5, 1));
    insert(
      Array.from({ length: 2000 }, (_, index) => ({
        userId: owner.id,
        title: `C${index + 1}`,
        at: index < 1200 ? at : new Date(at.getTime() + index),
      })),
    );
    const rows = readCsv(await (await download(ownerCookie)).text()).slice(1);
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((row) => row[2])).size).toBe(2000);
  });

  test('filtered to one calculator: one column per input and per result, with units in the headers and numbers a spreadsheet computes with', async () => {
    const shaft = getCalculator(SHAFT)!;
    const inWatts = SHAFT_QUERY.replace('power=7%2C5&power_unit=kW', 'power=750&power_unit=W').replace(
      'bendingMoment=0',
      'bendingMoment=12%2C5',
    );
    insert([
      { userId: owner.id, title: 'Eixo em kW', at: new Date(Date.UTC(2026, 2, 10, 15, 4)) },
      { userId: owner.id, title: 'Eixo em W', query: inWatts, at: new Date(Date.UTC(2026, 2, 9, 15, 4)) },
      { userId: owner.id, title: 'Outra calculadora', slug: DROP, query: dropQuery },
    ]);
    const [header, kw, watts, ...rest] = readCsv(await (await download(ownerCookie, `?calculator=${SHAFT}`)).text());
    expect(rest).toEqual([]);
    expect(header).toEqual(calculatorCsvColumns(shaft));
    expect(header).toEqual([
      'Data',
      'Hora',
      'Título',
      'Versão',
      'Potência transmitida P (kW)',
      'Rotação n (rpm)',
      'Tensão de cisalhamento admissível τ_adm (MPa)',
      'Momento fletor no trecho M (N·m)',
      'Há rasgo de chaveta no trecho?',
      'Torque transmitido T (N·m)',
      'Velocidade angular ω (rad/s)',
      'Torque equivalente √(M² + T²) (N·m)',
      'Diâmetro mínimo do eixo (mm)',
      'Observação',
      'Link',
    ]);
    const cells = (row: string[]) => Object.fromEntries(header.map((name, index) => [name, row[index]]));
    const first = cells(kw);
    expect(first['Título']).toBe('Eixo em kW');
    expect(first['Potência transmitida P (kW)']).toBe('7,5');
    expect(first['Rotação n (rpm)']).toBe('1750');
    expect(first['Há rasgo de chaveta no trecho?']).toBe('Não');
    expect(first['Observação']).toBe('');
    // A value typed in W lands converted in the column's kW.
    const second = cells(watts);
    expect(second['Potência transmitida P (kW)']).toBe('0,75');
    expect(second['Momento fletor no trecho M (N·m)']).toBe('12,5');

    // Every result cell is a bare number with a decimal comma, equal to the calculation's own result.
    for (const [row, query] of [
      [first, SHAFT_QUERY],
      [second, inWatts],
    ] as const) {
      const run = runCalculator(shaft, new URLSearchParams(query));
      if (!run.ok) throw new Error('the example must compute');
      expect(run.result.results.length).toBeGreaterThan(2);
      for (const item of run.result.results) {
        const cell = row[`${item.label} (${item.unit})`];
        expect(cell, item.label).toMatch(/^-?\d+(,\d+)?$/);
        expect(decimal(cell)).toBeCloseTo(Number(item.value), item.digits ?? 2);
      }
    }
  });

  test('filtered to one calculator the user may no longer use: inputs in their columns, results empty, the reason in Observação', async () => {
    insert([{ userId: owner.id, title: 'Queda', slug: DROP, query: dropQuery }]);
    const [header, row] = readCsv(await (await download(ownerCookie, `?calculator=${DROP}`)).text());
    const cells = Object.fromEntries(header.map((name, index) => [name, row[index]]));
    const drop = getCalculator(DROP)!;
    expect(cells['Comprimento do circuito L (um sentido) (m)']).toBe('30');
    for (const output of drop.outputs) expect(cells[output.unit ? `${output.label} (${output.unit})` : output.label]).toBe('');
    expect(cells['Observação']).toBe(EXPORT_NOTES.locked);
  });
});
