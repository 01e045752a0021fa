import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { pipePressureDrop } from './pipe-pressure-drop';

describe('pressure drop curve', () => {
  const result = computeWith(pipePressureDrop);
  const [figure] = result.figures ?? [];

  it('marks the operating point of the worked example (3,93 L/s; Re ≈ 99 600)', () => {
    const total = result.results.find((item) => item.key === 'totalDrop')?.value;
    expect(total).toBeCloseTo(87.3, 1);
    expect(figure?.id).toBe('perda-carga-vazao');
    expect(figure?.summary).toContain('Q = 3,93 L/s com ΔP = 87,3 kPa');
    expect(figure?.summary).toContain('Re = 99.697');
    expect(figure?.summary).toContain('f = 0,0218');
    expect(figure?.svg).toContain('>Q = 3,93 L/s; ΔP = 87,3 kPa</text>');
  });

  it('hatches the transition band and labels the right axis in metres of water column', () => {
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>transição – incerto</text>');
    expect(svg).toContain('fill="url(#fig-perda-carga-vazao-hatch-uncertain)"');
    expect(svg).toContain('>Perda de carga (m.c.a.)</text>');
    expect(figure?.summary).toContain('2.300 < Re < 4.000');
  });

  it('draws a curve that rises with the flow and passes through the operating point', () => {
    const svg = figure?.svg ?? '';
    const polyline = /<polyline points="([^"]+)"[^>]*stroke="#0072B2"/.exec(svg)?.[1] ?? '';
    const ys = polyline.split(' ').map((pair) => Number(pair.split(',')[1]));
    // 61 samples, drawn with the points the bend needs (app/charts/svg.ts simplifyPoints): a curve, not a straight line.
    expect(ys.length).toBeGreaterThan(10);
    expect(ys.length).toBeLessThanOrEqual(61);
    for (let index = 1; index < ys.length; index += 1) expect(ys[index]!).toBeLessThanOrEqual(ys[index - 1]!);
  });
});
