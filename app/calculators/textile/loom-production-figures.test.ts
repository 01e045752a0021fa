import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { loomProduction } from './loom-production';

describe('loom production figure', () => {
  it('marks 85 % and 15,3 m/h on the line through the origin, with m/turno on the right', () => {
    const [figure] = computeWith(loomProduction).figures ?? [];
    expect(figure?.id).toBe('producao-eficiencia');
    expect(figure?.summary).toContain('com η = 85 %, 15,3 m/h (122 m por turno de 8 h)');
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>η = 85 %; 15,3 m/h</text>');
    expect(svg).toContain('>Produção por turno de 8 h (m/turno)</text>');
  });

  it('widens the axis for a low efficiency so the point stays on the chart', () => {
    const svg = computeWith(loomProduction, { efficiency: '35' }).figures?.[0]?.svg ?? '';
    const point = /<circle cx="([\d.]+)" cy="([\d.]+)" r="5"/.exec(svg);
    expect(Number(point?.[1])).toBeGreaterThan(72);
    expect(svg).toContain('>η = 35 %; 6,3 m/h</text>');
  });
});
