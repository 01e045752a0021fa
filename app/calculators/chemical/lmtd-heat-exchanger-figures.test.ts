import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { lmtdHeatExchanger } from './lmtd-heat-exchanger';

describe('exchanger temperature profiles', () => {
  it('summarises the counter-flow example: 150 → 90 °C, 30 → 70 °C, ΔT₁ = 80 K, ΔT₂ = 60 K, ΔT_ml = 69,5 K', () => {
    const [figure] = computeWith(lmtdHeatExchanger).figures ?? [];
    expect(figure?.id).toBe('perfis-temperatura');
    expect(figure?.summary).toContain('quente vai de 150 °C a 90 °C e o frio de 30 °C a 70 °C');
    expect(figure?.summary).toContain('ΔT₁ = 80 K e ΔT₂ = 60 K; ΔT_ml = 69,5 K');
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>ΔT₁ = 80 K</text>');
    expect(svg).toContain('>ΔT₂ = 60 K</text>');
    expect(svg).toContain('>ΔT_ml = 69,5 K</text>');
    expect(svg).toContain('perfil esquemático');
  });

  it('lets both streams enter at x = 0 in parallel flow', () => {
    const figure = computeWith(lmtdHeatExchanger, { arrangement: 'parallel', coldOut: '70' }).figures?.[0];
    expect(figure?.summary).toContain('Em correntes paralelas');
    expect(figure?.summary).toContain('ΔT₁ = 120 K e ΔT₂ = 20 K');
  });
});
