import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { powerFactor } from './power-factor';

describe('power triangle figure', () => {
  const [figure] = computeWith(powerFactor, { activePower: '100', currentPowerFactor: '0.8', targetPowerFactor: '0.92' }).figures ?? [];

  it('summarises the worked example before and after correction', () => {
    expect(figure?.id).toBe('triangulo-potencias');
    for (const part of [
      'P = 100 kW',
      'Q₁ = 75 kvar',
      'S₁ = 125 kVA',
      'φ₁ = 36,9°',
      'Q₂ = 42,6 kvar',
      'S₂ = 108,7 kVA',
      'φ₂ = 23,1°',
      'Q_c = 32,4 kvar',
      'Referência ANEEL: 0,92',
    ]) {
      expect(figure?.summary).toContain(part);
    }
  });

  it('draws both triangles on one P side with the bank highlighted and the cos φ values', () => {
    const svg = figure?.svg ?? '';
    expect(svg.match(/<polygon /g)?.length).toBeGreaterThanOrEqual(2);
    expect(svg).toContain('>Q_c = 32,4 kvar (banco)</text>');
    expect(svg).toContain('cos φ₁ = 0,80');
    expect(svg).toContain('cos φ₂ = 0,92');
    expect(svg).toContain('Referência ANEEL: cos φ ≥ 0,92.');
    expect(svg).toContain('role="img"');
  });
});
