import { describe, expect, it } from 'vitest';
import { computeWith } from '../test-support';
import { voltageDrop } from './voltage-drop';

describe('voltage drop figure', () => {
  const [chart] = computeWith(voltageDrop).figures ?? [];

  // The notes print 4,49 % and 7,48 %; the calculator's ρ(70 °C) = 0,02063 Ω·mm²/m gives 4,50 % and 7,50 %.
  it('summarises the worked example (220 V, 20 A, 30 m, 2,5 mm², Cu at 70 °C)', () => {
    expect(chart?.id).toBe('queda-tensao-comprimento');
    expect(chart?.summary).toContain('ΔV = 4,50 %');
    expect(chart?.summary).toContain('não atende');
    expect(chart?.summary).toContain('Menor seção da tabela que atende: 4 mm² (2,81 %)');
  });

  it('draws the 4, 5 and 7 % lines of NBR 5410 and marks the circuit on the chosen section', () => {
    const svg = chart?.svg ?? '';
    expect(svg).toContain('ΔV máx. 4 % – circuito terminal (NBR 5410 6.2.7.2) – aplicável');
    expect(svg).toContain('5 % – desde o ponto de entrega em BT (6.2.7.1 c)');
    expect(svg).toContain('7 % – desde transformador ou gerador próprio (6.2.7.1)');
    expect(svg.match(/stroke-dasharray="8 5"/g)?.length).toBe(1);
    expect(svg.match(/stroke-dasharray="10 4 2 4"/g)?.length).toBe(2);
    expect(svg).toContain('>ΔV = 4,50 %</text>');
    for (const section of ['1,5 mm²', '2,5 mm²', '4 mm²', '6 mm²', '10 mm²']) expect(svg).toContain(`>${section}</text>`);
    expect(svg).toContain('<title id="fig-queda-tensao-comprimento-title">Queda de tensão × comprimento</title>');
  });

  it('tabulates every standard section 1,5 … 240 mm² with ΔV, ΔV % and the maximum length, ✓/✗', () => {
    const table = chart?.table;
    expect(table?.columns).toEqual(['Seção (mm²)', 'ΔV (V)', 'ΔV (%)', 'Comprimento máx. (m)', 'Situação']);
    expect(table?.rows).toHaveLength(15);
    const bySection = Object.fromEntries((table?.rows ?? []).map((row) => [row[0], row]));
    expect(bySection['1,5']?.slice(2)).toEqual(['7,50', '16', '✗ não atende']);
    expect(bySection['2,5']?.slice(1)).toEqual(['9,90', '4,50', '26,7', '✗ não atende']);
    expect(bySection['4']?.slice(2)).toEqual(['2,81', '42,7', '✓ atende']);
    expect(bySection['6']?.[2]).toBe('1,88');
    expect(bySection['10']?.[2]).toBe('1,13');
    expect(bySection['240']?.[4]).toBe('✓ atende');
  });

  it('includes a non-standard chosen section among the curves', () => {
    const [other] = computeWith(voltageDrop, { section: '3' }).figures ?? [];
    expect(other?.svg).toContain('>3 mm²</text>');
  });
});
