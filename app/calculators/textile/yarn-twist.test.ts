import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWith, errorsWith, numberOf, resultsWith } from '../test-support';
import { yarnTwist } from './yarn-twist';

/** tex·Ne: 1 lb / 840 yd in g/km (exact pound and yard). */
const NE_TEX = 453.59237e3 / (840 * 0.9144);

/** Decimal comma, as typed in the form ('17.375' would read as a thousands separator). */
const typed = (value: number) => String(value).replace('.', ',');

const close = (actual: number, expected: number, relative = 5e-4) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);

describe('torcao-fio', () => {
  // Worked example of spec/calculators-2.md T4, checked against its references: T = α·√N (Rieter Manual of
  // Spinning vol. 1, "Derivation of the twist equation"); v = 1,1 cm³/g for cotton (Peirce 1937, whose rule
  // d = 1/(28·√Ne) in gives 0,1656 mm for Ne 30, 0,3 % from the 0,1660 mm below); twist/m = spindle rpm /
  // delivery m/min (Rieter, "Variation in yarn twist"). Ne 30, αe 3,8, 16 000 rpm, η 95 %, 1200 spindles.
  it('reproduces the worked example: Ne 30, αe 3,8', () => {
    const results = resultsWith(yarnTwist);
    close(numberOf(results, 'tex'), 19.685);
    close(numberOf(results, 'tpi'), 20.81);
    close(numberOf(results, 'tpm'), 819.4);
    close(numberOf(results, 'tpcm'), 8.194);
    close(numberOf(results, 'alphaM'), 115.0);
    close(numberOf(results, 'alphaTex'), 36.36);
    close(numberOf(results, 'diameter'), 0.166);
    close(numberOf(results, 'surfaceAngle'), 23.14);
    close(numberOf(results, 'deliverySpeed'), 19.53);
    close(numberOf(results, 'spindleProduction'), 21.91);
    close(numberOf(results, 'frameProduction'), 26.29);
  });

  // Independent values, python3 from the same formulas (tex = 590,5412/Ne exactly):
  //   ne=20; tex=590.5412/20; tpi=4.2*sqrt(20)=18.7830; tpm=tpi/0.0254=739.487; am=tpm/sqrt(1000/tex)=127.069
  //   d=sqrt(4*tex*1.1/(1000*pi))=0.203358 mm; theta=degrees(atan(pi*d*tpm/1000))=25.288°
  //   ve=14000/tpm=18.9320 m/min; p=ve*60*tex/1000*0.9=30.1864 g/h; frame (1000 spindles)=30.1864 kg/h
  it('Ne 20 weft-type yarn at αe 4,2 on 14 000 rpm', () => {
    const results = resultsWith(yarnTwist, { count: '20', alphaE: '4,2', spindleSpeed: '14000', efficiency: '90', spindles: '1000' });
    close(numberOf(results, 'tpi'), 18.783);
    close(numberOf(results, 'tpm'), 739.487);
    close(numberOf(results, 'alphaM'), 127.069);
    close(numberOf(results, 'diameter'), 0.203358);
    close(numberOf(results, 'surfaceAngle'), 25.288);
    close(numberOf(results, 'deliverySpeed'), 18.932);
    close(numberOf(results, 'spindleProduction'), 30.1864);
    close(numberOf(results, 'frameProduction'), 30.1864);
  });

  //   tex=20, αtex=40: tpcm=40/sqrt(20)=8.94427; tpm=894.427; αe=tpm*0.0254/sqrt(590.5412/20)=4.18089;
  //   αm=tpm/sqrt(1000/20)=126.491 (= αtex/0.31623, the exact ratio √10)
  it('starts from the tex twist factor in tex units', () => {
    const results = resultsWith(yarnTwist, { count: '20', count_unit: 'tex', twistGiven: 'alphaTex', alphaTex: '40' });
    close(numberOf(results, 'tpm'), 894.427);
    close(numberOf(results, 'alphaE'), 4.18089);
    close(numberOf(results, 'alphaM'), 126.491);
  });

  it('accepts the twist per inch directly and gives the same factors back', () => {
    const results = resultsWith(yarnTwist, { twistGiven: 'perLength', twist: '20,813457', twist_unit: 'turns/in' });
    close(numberOf(results, 'alphaE'), 3.8, 1e-6);
    close(numberOf(results, 'tpm'), 819.427, 1e-5);
  });

  it('draws the twist chart with the marked yarn and the surface-angle sketch', () => {
    const figures = computeWith(yarnTwist).figures ?? [];
    expect(figures.map((item) => item.id)).toEqual(['torcao-titulo', 'angulo-torcao']);
    const [chart, sketch] = figures;
    expect(chart?.svg).toContain('<title id="fig-torcao-titulo-title">Torção × título</title>');
    expect(chart?.summary).toContain('Ne 30 (19,68 tex), tem 20,81 TPI = 819,4 voltas/m, αe = 3,8');
    expect(chart?.svg).toContain('Ne 30 – 20,81 TPI (αe 3,80)');
    expect(chart?.svg).toContain('Torção (voltas/m)');
    expect(sketch?.svg).toContain('<title id="fig-angulo-torcao-title">');
    expect(sketch?.summary).toContain('θ = 23,1°');
    expect(sketch?.svg).toContain('esquema fora de escala');
    for (const item of figures) expect(item.svg).not.toMatch(/\sstyle=|NaN|Infinity/);
  });

  it('draws finite figures at the ends of every range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.6, max: 590, noNaN: true }),
        fc.double({ min: 10, max: 10_000, noNaN: true }),
        fc.double({ min: 0.8, max: 2, noNaN: true }),
        (ne, twist, volume) => {
          const figures =
            computeWith(yarnTwist, { count: typed(ne), twistGiven: 'perLength', twist: typed(twist), specificVolume: typed(volume) })
              .figures ?? [];
          expect(figures).toHaveLength(2);
          for (const item of figures) expect(item.svg).not.toMatch(/NaN|Infinity|undefined/);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves production out when not asked for', () => {
    const results = resultsWith(yarnTwist, { production: 'no' });
    expect(results.deliverySpeed).toBeUndefined();
    expect(results.frameProduction).toBeUndefined();
  });

  it('warns for an unusual twist factor and twist', () => {
    expect(computeWith(yarnTwist).warnings).toEqual([]);
    const soft = computeWith(yarnTwist, { alphaE: '1,5' });
    expect(soft.warnings).toEqual([expect.stringContaining('fora da faixa usual para fios fiados')]);
    const hard = computeWith(yarnTwist, { twistGiven: 'perLength', twist: '40' });
    expect(hard.warnings.some((warning) => warning.includes('40 voltas/m fora da faixa usual'))).toBe(true);
  });

  it('refuses counts, factors and speeds out of range', () => {
    expect(errorsWith(yarnTwist, { count: '0,5', alphaE: '20', spindleSpeed: '30000' })).toEqual({
      count: 'O valor deve estar entre 0,6 e 590 Ne.',
      alphaE: 'O valor deve estar entre 0,5 e 15.',
      spindleSpeed: 'O valor deve estar entre 3000 e 25000 rpm.',
    });
    expect(errorsWith(yarnTwist, { spindles: '2,5' })).toEqual({ spindles: 'Informe um número inteiro.' });
  });

  it('keeps the twist equation: the same αe gives the same surface angle at every count, and TPI ∝ √Ne', () => {
    fc.assert(
      fc.property(fc.double({ min: 2, max: 140, noNaN: true }), fc.double({ min: 2, max: 6, noNaN: true }), (ne, alpha) => {
        const base = resultsWith(yarnTwist, { count: typed(ne), alphaE: typed(alpha) });
        const finer = resultsWith(yarnTwist, { count: typed(ne * 4), alphaE: typed(alpha) });
        close(numberOf(finer, 'surfaceAngle'), numberOf(base, 'surfaceAngle'), 1e-9);
        close(numberOf(finer, 'tpi'), 2 * numberOf(base, 'tpi'), 1e-9);
        // The exact ratios behind the notes' 30,25 and 9,567: √(Ne·tex/1000)/0,0254 and √(Ne·tex)/2,54.
        close(numberOf(base, 'alphaM'), (Math.sqrt(NE_TEX / 1000) / 0.0254) * alpha, 1e-9);
        close(numberOf(base, 'alphaTex'), (Math.sqrt(NE_TEX) / 2.54) * alpha, 1e-9);
      }),
      { numRuns: 60 },
    );
  });

  it('doubling the spindle speed doubles the production', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3000, max: 12_500 }), (rpm) => {
        const base = resultsWith(yarnTwist, { spindleSpeed: String(rpm) });
        const fast = resultsWith(yarnTwist, { spindleSpeed: String(2 * rpm) });
        close(numberOf(fast, 'frameProduction'), 2 * numberOf(base, 'frameProduction'), 1e-9);
      }),
      { numRuns: 30 },
    );
  });
});
