import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { availability } from './availability';

describe('availability figures', () => {
  it('lists the downtime per year of each level of nines and highlights the result', () => {
    const figures = computeWith(availability).figures ?? [];
    expect(figures.map((figure) => figure.id)).toEqual(['indisponibilidade-noves']);
    const [chart] = figures;
    expect(chart?.summary).toContain('99 % → 87,6 h; 99,9 % → 8,76 h; 99,95 % → 4,38 h; 99,99 % → 52,6 min; 99,999 % → 5,26 min');
    expect(chart?.summary).toContain('Este sistema (99,9 %) fica indisponível 8,76 h');
    const svg = chart?.svg ?? '';
    for (const label of ['87,6 h', '8,76 h', '4,38 h', '52,6 min', '5,26 min']) expect(svg).toContain(`>${label}</text>`);
    expect(svg).toContain('font-weight="bold">99,9 %</text>');
    expect(svg).toContain('>100</text>');
  });

  it('adds the system as its own bar when it is not a standard level, and draws the block diagram', () => {
    const figures = computeWith(availability, { availabilityPercent: '99', count: '3', arrangement: 'parallel' }).figures ?? [];
    expect(figures.map((figure) => figure.id)).toEqual(['indisponibilidade-noves', 'diagrama-blocos']);
    expect(figures[0]?.svg).toContain('>99,9999 % (este)</text>');
    expect(figures[0]?.svg).toContain('>31,5 s</text>');
    expect(figures[1]?.summary).toContain('3 componentes iguais em paralelo');
    expect(figures[1]?.svg.match(/>A = 99 %<\/text>/g)).toHaveLength(3);
  });
});
