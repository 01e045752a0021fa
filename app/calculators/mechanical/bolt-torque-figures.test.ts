import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { boltTorque } from './bolt-torque';

describe('bolt torque figure', () => {
  it('draws T = K·Fᵢ·d lines, the ±25 % band, the proof load and the point of the M10 8.8 example', () => {
    const [figure] = computeWith(boltTorque).figures ?? [];
    expect(figure?.id).toBe('torque-pre-carga');
    expect(figure?.summary).toContain('a pré-carga de 25,2 kN pede 50,5 N·m');
    expect(figure?.summary).toContain('A carga de prova é 33,6 kN');
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>carga de prova Fₚ = 33,6 kN</text>');
    expect(svg).toContain('>K = 0,13 (lubrificado)</text>');
    expect(svg).toContain('>K = 0,20 (seco) – escolhido</text>');
    expect(svg).toContain('>dispersão típica do aperto por torque (±25 %)</text>');
    expect(svg).toContain('>Fᵢ = 25,2 kN; T = 50,5 N·m</text>');
  });
});
