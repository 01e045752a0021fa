import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { shortCircuit } from './short-circuit';

describe('short-circuit figure', () => {
  it('compares Iₙ and I″k for c = 1,00/1,05/1,10 with the breaking capacities and picks 25 kA', () => {
    const [figure] = computeWith(shortCircuit).figures ?? [];
    expect(figure?.id).toBe('curto-capacidade');
    expect(figure?.summary).toContain('Iₙ = 760 A');
    expect(figure?.summary).toContain('15,2 kA (c = 1,00), 16 kA (c = 1,05) e 16,7 kA (c = 1,10)');
    expect(figure?.summary).toContain('é 25 kA');
    const svg = figure?.svg ?? '';
    for (const label of ['0,76 kA', '15,2 kA', '16 kA', '16,7 kA', '25 kA ✓ ≥ I″k máx.']) expect(svg).toContain(`>${label}</text>`);
    expect(svg).not.toContain('>36 kA</text>');
  });
});
