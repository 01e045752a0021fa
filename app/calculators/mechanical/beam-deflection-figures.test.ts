import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { beamDeflection } from './beam-deflection';
import { beamDiagrams } from './beam-deflection-figures';

describe('beam figures', () => {
  it('summarises the worked example: V = ±10 kN, M = 10 kN·m, δ = 9,97 mm = L/401', () => {
    const [figure] = computeWith(beamDeflection).figures ?? [];
    expect(figure?.id).toBe('viga-diagramas');
    expect(figure?.summary).toContain('w = 5 kN/m e L = 4 m');
    expect(figure?.summary).toContain('V = ±10 kN nos apoios');
    expect(figure?.summary).toContain('M = 10 kN·m no meio do vão');
    expect(figure?.summary).toContain('δ = 9,97 mm (L/401)');
  });

  it('draws the four panels, the maxima and the L/250 and L/350 reference lines', () => {
    const svg = computeWith(beamDeflection).figures?.[0]?.svg ?? '';
    for (const heading of ['Apoios e carregamento', 'Esforço cortante V(x)', 'Momento fletor M(x)', 'Linha elástica δ(x) (para baixo)']) {
      expect(svg).toContain(`>${heading}</text>`);
    }
    expect(svg).toContain('>V = 10 kN</text>');
    expect(svg).toContain('>V = -10 kN</text>');
    expect(svg).toContain('>M = 10 kN·m</text>');
    expect(svg).toContain('>δmáx = 9,97 mm (L/401)</text>');
    expect(svg).toContain('>L/250 = 16 mm – referência</text>');
    expect(svg).toContain('>L/350 = 11,4 mm – referência</text>');
    expect(svg.match(/stroke-dasharray="8 5"/g)).toHaveLength(2);
    expect(svg).toContain('esquema fora de escala');
    expect(svg).not.toMatch(/\sstyle=|<style/);
  });

  it('marks a cantilever’s maxima at the fixed end and its deflection at the free end', () => {
    const figure = computeWith(beamDeflection, { loadCase: 'cantilever-point', pointLoad: '10', span: '2' }).figures?.[0];
    expect(figure?.summary).toContain('Viga em balanço com P = 10 kN');
    expect(figure?.summary).toContain('momento máximo M = 20 kN·m no engaste');
    expect(figure?.summary).toContain('na extremidade livre');
    expect(figure?.svg).toContain('>M = -20 kN·m</text>');
  });

  it('has diagrams that agree with the closed-form maxima of every case', () => {
    const EI = 200e9 * 835.6e-8;
    const ssUdl = beamDiagrams({ loadCase: 'ss-udl', load: 5000, span: 4, stiffness: EI });
    expect(ssUdl.deflection(2)).toBeCloseTo((5 * 5000 * 4 ** 4) / (384 * EI), 12);
    expect(ssUdl.moment(2)).toBeCloseTo(10_000, 6);
    const ssPoint = beamDiagrams({ loadCase: 'ss-point', load: 10_000, span: 4, stiffness: EI });
    expect(ssPoint.deflection(2)).toBeCloseTo((10_000 * 4 ** 3) / (48 * EI), 12);
    expect(ssPoint.shear(1)).toBe(5000);
    expect(ssPoint.shear(3)).toBe(-5000);
    const cantileverUdl = beamDiagrams({ loadCase: 'cantilever-udl', load: 5000, span: 4, stiffness: EI });
    expect(cantileverUdl.deflection(4)).toBeCloseTo((5000 * 4 ** 4) / (8 * EI), 12);
    expect(cantileverUdl.moment(0)).toBeCloseTo(-40_000, 6);
  });
});
