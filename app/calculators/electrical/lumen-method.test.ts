import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { chooseGrid, lumenMethod, MAX_SPACING_RATIO } from './lumen-method';

const closeTo = (actual: number, expected: number, tolerance = 5e-4) => expect(Math.abs(actual / expected - 1)).toBeLessThan(tolerance);

/** The grid rule by exhaustive search, to check the fast one against. */
function bruteForceGrid(length: number, width: number, minimum: number) {
  let best: { rows: number; columns: number; count: number; ratio: number } | undefined;
  for (let rows = 1; rows <= 80; rows += 1) {
    for (let columns = 1; columns <= 80; columns += 1) {
      const count = rows * columns;
      const ratio = Math.max(length / columns / (width / rows), width / rows / (length / columns));
      if (count < minimum || ratio > MAX_SPACING_RATIO + 1e-9) continue;
      if (!best || count < best.count || (count === best.count && ratio < best.ratio - 1e-12)) best = { rows, columns, count, ratio };
    }
  }
  return best;
}

describe('iluminacao-metodo-lumens', () => {
  // Worked example of the research notes (spec/calculators-2.md, E6), checked against the lumen method
  // as in Creder, Instalações Elétricas (luminotécnica): K = a·b/[h·(a + b)], N = E·A/(Φ·u·FM).
  // Office 10 × 8 m, H 2,80 m, work plane 0,75 m, recessed, Φ 4000 lm, 32 W, u 0,60, FM 0,80, 500 lx, SHR 1,25.
  it('reproduces the worked example: K 2,17, N 20,83, grid 4 × 6, 576 lx, 9,6 W/m²', () => {
    const outcome = computeWith(lumenMethod);
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'mountingHeight'), 2.05);
    closeTo(numberOf(results, 'roomIndex'), 2.168);
    closeTo(numberOf(results, 'luminairesExact'), 20.83);
    expect(results.luminairesMin).toBe(21);
    expect(results.grid).toBe('4 × 6');
    expect(results.luminaires).toBe(24);
    closeTo(numberOf(results, 'illuminance'), 576);
    closeTo(numberOf(results, 'spacingLength'), 1.667);
    closeTo(numberOf(results, 'spacingWidth'), 2);
    closeTo(numberOf(results, 'wallLength'), 0.8333);
    closeTo(numberOf(results, 'powerDensity'), 9.6);
    closeTo(numberOf(results, 'powerDensityPer100lx'), 1.667);
    expect(results.checkSpacing).toBe('Sim — 2 m ≤ 1,25 · 2,05 = 2,56 m');
    expect(outcome.warnings).toHaveLength(2);
    expect(outcome.warnings[0]).toContain('iluminância média');
  });

  // Warehouse 30 × 12 m, H 8 m, floor (0 m), pendants 1 m below the ceiling, 20 000 lm, 150 W, u 0,70, FM 0,70,
  // 200 lx, SHR 1,0. python3: h = 7; K = 360/(7*42) = 1.22449; N = 200*360/(20000*0.49) = 7.34694 → 8;
  // exhaustive grid search (rows·columns ≥ 8, ratio ≤ 1,5, fewest) → 2 × 4 (s 7,5 × 6 m, ratio 1,25);
  // E = 8*9800/360 = 217.78 lx; 1200 W/360 m² = 3.3333 W/m²; 7,5 m > 1,0·7 m → spacing warning.
  it('lays out a warehouse with pendants and warns about the spacing', () => {
    const outcome = computeWith(lumenMethod, {
      length: '30',
      width: '12',
      ceilingHeight: '8',
      workPlane: '0',
      suspension: '1',
      targetIlluminance: '200',
      flux: '20000',
      utilisation: '0,7',
      maintenance: '0,7',
      luminairePower: '150',
      spacingToHeight: '1',
    });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'roomIndex'), 1.2244898);
    closeTo(numberOf(results, 'luminairesExact'), 7.3469388);
    expect(results.grid).toBe('2 × 4');
    closeTo(numberOf(results, 'illuminance'), 217.77778);
    closeTo(numberOf(results, 'powerDensity'), 3.3333333);
    expect(results.checkSpacing).toMatch(/^Não — 7,5 m > 1 · 7 = 7 m/);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('Espaçamento acima do máximo'));
  });

  // Imposed 3 × 6 grid in the worked-example office: E = 18·4000·0,6·0,8/80 = 432 lx < 500 lx.
  it('accepts an imposed grid and warns when it misses the target', () => {
    const outcome = computeWith(lumenMethod, { gridMode: 'fixed', rows: '3', columns: '6' });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    closeTo(numberOf(results, 'illuminance'), 432);
    expect(results.checkIlluminance).toBe('Não — 432 lx < 500 lx');
    expect(outcome.warnings).toContainEqual(expect.stringContaining('abaixo da meta de 500 lx'));
  });

  it('warns about far too much light and a room index outside the usual tables', () => {
    expect(computeWith(lumenMethod, { gridMode: 'fixed', flux: '8000' }).warnings).toContainEqual(
      expect.stringContaining('muito acima da meta'),
    );
    expect(computeWith(lumenMethod, { length: '2', width: '1', ceilingHeight: '5' }).warnings).toContainEqual(
      expect.stringContaining('fora da faixa'),
    );
  });

  it('refuses a luminaire below the work plane and a fractional grid', () => {
    expect(errorsWith(lumenMethod, { ceilingHeight: '2', workPlane: '1', suspension: '1' })).toEqual({
      suspension:
        'A luminária ficaria a 0 m do plano de trabalho: o pé-direito menos o plano de trabalho e a suspensão deve deixar ao menos 0,1 m.',
    });
    expect(errorsWith(lumenMethod, { gridMode: 'fixed', rows: '2,5' })).toEqual({ rows: 'Informe um número inteiro.' });
  });

  it('property: the grid rule matches an exhaustive search', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        (length, width, minimum) => {
          const expected = bruteForceGrid(length, width, minimum);
          const grid = chooseGrid(length, width, minimum);
          expect(expected, 'search window too small').toBeDefined();
          expect(grid.rows * grid.columns).toBe(expected?.count);
          closeTo(
            Math.max(length / grid.columns / (width / grid.rows), width / grid.rows / (length / grid.columns)),
            expected?.ratio ?? 0,
            1e-9,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: illuminance is proportional to flux, and the chosen grid always meets the target', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 2, max: 60, noNaN: true }),
        fc.double({ min: 2, max: 60, noNaN: true }),
        fc.double({ min: 500, max: 20_000, noNaN: true }),
        (length, width, flux) => {
          const params = { length: String(length), width: String(width), flux: String(flux), gridMode: 'fixed', rows: '3', columns: '4' };
          const single = resultsWith(lumenMethod, params);
          const double = resultsWith(lumenMethod, { ...params, flux: String(2 * flux) });
          closeTo(numberOf(double, 'illuminance'), 2 * numberOf(single, 'illuminance'), 1e-12);
          const automatic = resultsWith(lumenMethod, { ...params, gridMode: 'auto' });
          expect(numberOf(automatic, 'illuminance')).toBeGreaterThanOrEqual(500 * (1 - 1e-12));
          expect(numberOf(automatic, 'luminaires')).toBeGreaterThanOrEqual(numberOf(automatic, 'luminairesMin'));
        },
      ),
      { numRuns: 100 },
    );
  });
  it('draws the luminaire plan to scale with the target and achieved illuminance (notes, E6 diagram)', () => {
    const [plan] = computeWith(lumenMethod).figures ?? [];
    expect(plan?.id).toBe('planta-luminarias');
    expect(plan?.svg).toContain('<title id="fig-planta-luminarias-title">Planta de luminárias</title>');
    expect(plan?.summary).toBe(
      '24 luminárias (4 × 6) — E = 576 lx (meta 500 lx) — 9,6 W/m². Espaçamentos 1,67 m ao longo do comprimento e 2 m ao longo da largura; distâncias às paredes 0,833 m e 1 m.',
    );
    // 24 luminaires plus the room outline and the two illuminance bars, and the scale bar's label.
    expect(plan?.svg.match(/<rect /g)).toHaveLength(1 + 1 + 24 + 2);
    for (const label of ['576 lx', '500 lx', '+15 % ✓', '5 m (desenho em escala)', '0,833 m', '1,67 m']) expect(plan?.svg).toContain(label);
    expect(plan?.svg).not.toMatch(/\sstyle=/);
  });

  it('draws the extent of a grid too dense to draw one by one', () => {
    const [plan] = computeWith(lumenMethod, { gridMode: 'fixed', rows: '40', columns: '60', length: '200', width: '150' }).figures ?? [];
    expect(plan?.svg).toContain('grade de 40 × 60 (densa demais para desenhar uma a uma)');
    expect(plan?.svg.length).toBeLessThan(10_000);
  });
});
