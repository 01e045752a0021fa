import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { shaftTorque } from './shaft-torque';

describe('shaft stress figure', () => {
  it('marks d_min = 17,3 mm on the τ_adm = 40 MPa line and the next standard diameter', () => {
    const [figure] = computeWith(shaftTorque).figures ?? [];
    expect(figure?.id).toBe('tensao-diametro');
    expect(figure?.summary).toContain('T = 40,93 N·m a 1.750 rpm');
    expect(figure?.summary).toContain('d_mín = 17,3 mm');
    expect(figure?.summary).toContain('18 mm, τ = 35,7 MPa (n = 1,12)');
    const svg = figure?.svg ?? '';
    expect(svg).toContain('>τ_adm = 40 MPa</text>');
    expect(svg).toContain('stroke-dasharray="8 5"');
    expect(svg).toContain('>d_mín = 17,3 mm</text>');
    expect(svg).toContain('>padronizado: 18 mm</text>');
  });

  it('uses the equivalent torque with bending', () => {
    const [figure] = computeWith(shaftTorque, { bendingMoment: '30' }).figures ?? [];
    expect(figure?.summary).toContain('com flexão (torque equivalente 50,74 N·m)');
    expect(figure?.svg).toContain('τ = 16·√(M² + T²)/(π·d³)');
  });
});
