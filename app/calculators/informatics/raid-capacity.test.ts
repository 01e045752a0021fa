import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { raidCapacity } from './raid-capacity';
import { RAID_LEVELS, minimumActiveDisks } from './raid-levels';

const TOLERANCE = 5e-4;
const expectRelative = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(TOLERANCE);

describe('capacidade-raid', () => {
  // Worked example of the research notes (calculators-2.md, I4), checked against the level
  // definitions of Patterson, Gibson & Katz (SIGMOD 1988): RAID 6 keeps m − 2 data disks;
  // TiB = bytes/2⁴⁰ (IEC 80000-13); P(≥ 1 URE) = 1 − e^(−λ) with λ = bits read/10ˣ (datasheet
  // rate). By hand: 4·8 = 32 TB; 32·10¹²/2⁴⁰ = 29,10 TiB; 8·10¹²/1,5·10⁸ s = 14,81 h;
  // b = 5·8·10¹²·8 = 3,2·10¹⁴ bit; 1 − e^(−3,2) = 95,92 %; 1 − e^(−0,32) = 27,39 %.
  it('6 × 8 TB in RAID 6: 32 TB (29,10 TiB), 66,7 %, 2 failures, 14,8 h, 95,9 % at 10¹⁴', () => {
    const results = resultsWith(raidCapacity);
    expectRelative(numberOf(results, 'usableTB'), 32);
    expectRelative(numberOf(results, 'usableTiB'), 29.1038);
    expectRelative(numberOf(results, 'efficiencyAll'), 66.6667);
    expect(results.toleranceGuaranteed).toBe(2);
    expect(results.toleranceBest).toBe(2);
    expectRelative(numberOf(results, 'rebuildHours'), 14.8148);
    expectRelative(numberOf(results, 'expectedUre'), 3.2);
    expectRelative(numberOf(results, 'ureCorrectedRisk'), 95.9238);
    expect(results.ureLossRisk).toBeUndefined();
  });

  it('the same RAID 6 at 1 URE in 10¹⁵ bits: 27,4 % (worked example, step 3)', () => {
    expectRelative(numberOf(resultsWith(raidCapacity, { ureExponent: '15' }), 'ureCorrectedRisk'), 27.3851);
  });

  it('the same disks in RAID 5: 40 TB (36,38 TiB), tolerance 1, 95,9 % risk of loss (worked example, step 4)', () => {
    const outcome = computeWith(raidCapacity, { level: '5' });
    const results = Object.fromEntries(outcome.results.map((item) => [item.key, item.value]));
    expectRelative(numberOf(results, 'usableTB'), 40);
    expectRelative(numberOf(results, 'usableTiB'), 36.3798);
    expect(results.toleranceGuaranteed).toBe(1);
    expectRelative(numberOf(results, 'ureLossRisk'), 95.9238);
    expect(results.ureCorrectedRisk).toBeUndefined();
    expect(outcome.warnings).toContain(
      'Em RAID 5 com discos grandes, um erro de leitura durante a reconstrução pode perder dados: prefira RAID 6/10.',
    );
  });

  // Independent values (python3, same definitions):
  //   m = 9 − 1 = 8; 8/2·4 = 16 TB; 16e12/2**40 = 14.5519 TiB; 4e12/200e6/3600 = 5.5556 h;
  //   λ = 1·4e12·8/1e15 = 0.032; 1 − exp(−0.032) = 3.1493 %; 4/9 = 44.44 %; 4/8 = 50 %.
  it('RAID 10 with 9 × 4 TB and one hot spare: 16 TB, tolerance 1 to 4, 3,15 % risk at 10¹⁵', () => {
    const results = resultsWith(raidCapacity, {
      level: '10',
      disks: '9',
      spares: '1',
      diskSize: '4',
      rebuildRate: '200',
      ureExponent: '15',
    });
    expect(results.activeDisks).toBe(8);
    expectRelative(numberOf(results, 'usableTB'), 16);
    expectRelative(numberOf(results, 'usableTiB'), 14.5519);
    expectRelative(numberOf(results, 'efficiencyAll'), 44.4444);
    expectRelative(numberOf(results, 'efficiencyActive'), 50);
    expect([results.toleranceGuaranteed, results.toleranceBest]).toEqual([1, 4]);
    expectRelative(numberOf(results, 'rebuildHours'), 5.55556);
    expectRelative(numberOf(results, 'ureLossRisk'), 3.14934);
  });

  //   RAID 60, 12 × 10 TB, g = 2: (12 − 4)·10 = 80 TB = 72.7596 TiB; 10e12/250e6/3600 = 11.111 h;
  //   reads 12/2 − 1 = 5 disks: λ = 5·10e12·8/1e15 = 0.4; 1 − exp(−0.4) = 32.968 %.
  it('RAID 60 with 12 × 10 TB in 2 groups: 80 TB, tolerance 2 to 4, 33,0 % to correct at 10¹⁵', () => {
    const results = resultsWith(raidCapacity, {
      level: '60',
      disks: '12',
      groups: '2',
      diskSize: '10',
      rebuildRate: '250',
      ureExponent: '15',
    });
    expectRelative(numberOf(results, 'usableTB'), 80);
    expectRelative(numberOf(results, 'usableTiB'), 72.7596);
    expect([results.toleranceGuaranteed, results.toleranceBest]).toEqual([2, 4]);
    expectRelative(numberOf(results, 'rebuildHours'), 11.1111);
    expectRelative(numberOf(results, 'rebuildReadTB'), 50);
    expectRelative(numberOf(results, 'ureCorrectedRisk'), 32.968);
  });

  //   RAID-Z3, 11 × 16 TB, 100 MiB/s, 10¹⁶: 8·16 = 128 TB = 116.415 TiB;
  //   16e12/(100·2**20)/3600 = 42.3855 h; λ = 10·16e12·8/1e16 = 0.128; 1 − exp(−0.128) = 12.0147 %.
  it('RAID-Z3 with 11 × 16 TB at 100 MiB/s: 128 TB, tolerance 3, 42,4 h', () => {
    const results = resultsWith(raidCapacity, {
      level: 'z3',
      disks: '11',
      diskSize: '16',
      rebuildRate: '100',
      rebuildRate_unit: 'MiB/s',
      ureExponent: '16',
    });
    expectRelative(numberOf(results, 'usableTB'), 128);
    expectRelative(numberOf(results, 'usableTiB'), 116.415);
    expect(results.toleranceGuaranteed).toBe(3);
    expectRelative(numberOf(results, 'rebuildHours'), 42.3855);
    expectRelative(numberOf(results, 'ureCorrectedRisk'), 12.0147);
  });

  it('RAID 0 has no rebuild and says it tolerates nothing', () => {
    const outcome = computeWith(raidCapacity, { level: '0', spares: '1', disks: '4' });
    const keys = outcome.results.map((item) => item.key);
    expect(keys).not.toContain('rebuildHours');
    expect(keys).not.toContain('ureLossRisk');
    expect(outcome.results.find((item) => item.key === 'usableTB')?.value).toBeCloseTo(24, 9);
    expect(outcome.warnings).toEqual([
      'RAID 0 não tolera falhas: a perda de qualquer disco perde todos os dados.',
      'Hot spare não tem efeito em RAID 0: não há reconstrução.',
    ]);
  });

  it('a 3-disk mirror corrects a read error during rebuild; a 2-disk mirror loses data', () => {
    expect(resultsWith(raidCapacity, { level: '1', disks: '3' }).ureCorrectedRisk).toBeDefined();
    expect(resultsWith(raidCapacity, { level: '1', disks: '2' }).ureLossRisk).toBeDefined();
  });

  it('refuses combinations that the level cannot build, naming the field to fix', () => {
    expect(errorsWith(raidCapacity, { level: '6', disks: '3' })).toEqual({
      disks: 'RAID 6 precisa de pelo menos 4 discos ativos (n − hot spares); há 3.',
    });
    expect(errorsWith(raidCapacity, { level: '6', disks: '5', spares: '2' })).toEqual({
      spares: 'RAID 6 precisa de pelo menos 4 discos ativos (n − hot spares); há 3.',
    });
    expect(errorsWith(raidCapacity, { level: '10', disks: '7' })).toEqual({
      disks: 'RAID 10 precisa de um número par de discos ativos; há 7.',
    });
    expect(errorsWith(raidCapacity, { level: '50', disks: '10', groups: '3' })).toEqual({
      groups: 'Os 10 discos ativos não se dividem em 3 grupos iguais.',
    });
    expect(errorsWith(raidCapacity, { level: '60', disks: '12', groups: '4' })).toEqual({
      groups: 'RAID 60 precisa de pelo menos 4 discos por grupo.',
    });
    expect(errorsWith(raidCapacity, { diskSize: '0,05' }).diskSize).toMatch(/entre 0,1 e 100 TB/);
    expect(errorsWith(raidCapacity, { disks: '2,5' }).disks).toBe('Informe um número inteiro.');
  });

  it('does not warn about single parity with small disks', () => {
    expect(computeWith(raidCapacity, { level: '5', diskSize: '2' }).warnings).not.toContain(
      'Em RAID 5 com discos grandes, um erro de leitura durante a reconstrução pode perder dados: prefira RAID 6/10.',
    );
  });

  const validArray = fc
    .record({
      level: fc.constantFrom(...RAID_LEVELS),
      groups: fc.integer({ min: 2, max: 4 }),
      extra: fc.integer({ min: 0, max: 6 }),
      spares: fc.integer({ min: 0, max: 2 }),
      sizeTB: fc.double({ min: 0.1, max: 50, noNaN: true }),
      rate: fc.double({ min: 10, max: 3000, noNaN: true }),
      exponent: fc.constantFrom('14', '15', '16'),
    })
    .map(({ level, groups, extra, spares, sizeTB, rate, exponent }) => {
      const grouped = level === '50' || level === '60';
      const perGroup = grouped ? minimumActiveDisks(level, 1) + extra : 0;
      const even = level === '10' ? 2 * extra : extra;
      const active = grouped ? perGroup * groups : minimumActiveDisks(level, 1) + even;
      return {
        level,
        groups: String(groups),
        disks: String(active + spares),
        spares: String(spares),
        diskSize: String(sizeTB),
        rebuildRate: String(rate),
        ureExponent: exponent,
      };
    });

  it('property: doubling the disk size doubles capacity, rebuild time and expected errors', () => {
    fc.assert(
      fc.property(validArray, (params) => {
        const single = resultsWith(raidCapacity, params);
        const double = resultsWith(raidCapacity, { ...params, diskSize: String(2 * Number(params.diskSize)) });
        for (const key of ['usableTB', 'rawTB', 'rebuildHours', 'expectedUre'] as const) {
          if (single[key] === undefined) continue;
          expect(Math.abs(numberOf(double, key) / numberOf(single, key) - 2)).toBeLessThan(1e-9);
        }
        expect(double.toleranceGuaranteed).toBe(single.toleranceGuaranteed);
      }),
      { numRuns: 150 },
    );
  });

  it('property: usable ≤ raw, best case ≥ guaranteed, risk is a probability growing with λ', () => {
    fc.assert(
      fc.property(validArray, (params) => {
        const results = resultsWith(raidCapacity, params);
        expect(numberOf(results, 'usableTB')).toBeLessThanOrEqual(numberOf(results, 'rawTB'));
        expect(numberOf(results, 'efficiencyAll')).toBeLessThanOrEqual(numberOf(results, 'efficiencyActive') + 1e-9);
        expect(numberOf(results, 'toleranceBest')).toBeGreaterThanOrEqual(numberOf(results, 'toleranceGuaranteed'));
        const risk = results.ureLossRisk ?? results.ureCorrectedRisk;
        if (risk === undefined) return;
        const lambda = numberOf(results, 'expectedUre');
        expect(Number(risk)).toBeGreaterThanOrEqual(0);
        expect(Number(risk)).toBeLessThanOrEqual(100);
        expect(Number(risk)).toBeLessThanOrEqual(100 * lambda + 1e-9); // 1 − e^(−λ) ≤ λ
      }),
      { numRuns: 150 },
    );
  });

  it('draws the capacity bar and the disk row, with the worked example in their summaries', () => {
    const figures = computeWith(raidCapacity).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['raid-capacidade', 'raid-discos']);
    const [capacity, disks] = figures;
    expect(capacity?.title).toBe('Distribuição da capacidade');
    expect(capacity?.summary).toContain(
      'Capacidade bruta 48 TB (6 × 8 TB): dados 32 TB (29,10 TiB), paridade (equivalente) 16 TB. RAID 6 tolera 2 falhas de disco.',
    );
    expect(capacity?.summary).toContain('RAID 5 40 TB (tolera 1); RAID 10 24 TB (tolera 1 a 3)');
    expect(capacity?.svg).toContain('<title id="fig-raid-capacidade-title">Distribuição da capacidade</title>');
    expect(capacity?.svg).toContain('>32 TB úteis</text>');
    expect(disks?.summary).toBe('RAID 6 tolera 2 falhas de disco (garantido). 6 discos ativos.');
    expect(disks?.svg.match(/>✗<\/text>/g)).toHaveLength(2);
    expect(disks?.svg).toContain('esquema fora de escala');
    for (const item of figures) expect(item.svg).not.toMatch(/\sstyle=/);
    expect(computeWith(raidCapacity).figures).toEqual(figures);
  });

  it('shows hot spares and the best case of RAID 10 in the figures', () => {
    const figures = computeWith(raidCapacity, { level: '10', disks: '9', spares: '1' }).figures ?? [];
    expect(figures[0]?.summary).toContain('dados 32 TB (29,10 TiB), espelho 32 TB, hot spare 8 TB. RAID 10 tolera 1 a 4 falhas de disco.');
    expect(figures[1]?.summary).toBe(
      'RAID 10 tolera 1 falha de disco (garantido) (até 4 se cada falha cair em um par espelhado diferente). 8 discos ativos, 1 hot spare(s) (HS).',
    );
    expect(figures[1]?.svg).toContain('>HS</text>');
  });
});
