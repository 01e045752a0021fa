import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { fabricGsm } from './fabric-gsm';

describe('fabric weight figure', () => {
  it('stacks warp 71,8 and weft 57,0 g/m² into 128,8 g/m² with the cover factors', () => {
    const [figure] = computeWith(fabricGsm).figures ?? [];
    expect(figure?.id).toBe('contribuicao-urdume-trama');
    expect(figure?.summary).toContain('Gramatura estimada 128,8 g/m²: urdume 71,8 g/m²');
    expect(figure?.summary).toContain('trama 57,0 g/m²');
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>128,8 g/m²</text>');
    expect(svg).toContain('urdume: 71,8 g/m² (K₁ =');
    expect(svg).toContain('trama: 57,0 g/m² (K₂ =');
  });
});
