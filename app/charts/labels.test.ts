import { describe, expect, it } from 'vitest';
import { barChart, quantityLabel, xyChart, type XYChartSpec } from './index';
import { labelCollisions, placedLabels } from './label-collisions';
import { LabelPlacer, labelBox, segmentCrossesBox } from './labels';
import { textWidth } from './svg';

const AREA = { x0: 0, y0: 0, x1: 400, y1: 300 };

describe('label placement', () => {
  it('keeps the first candidate when it is free', () => {
    const placer = new LabelPlacer(AREA);
    const spot = placer.place({ text: 'ΔV = 4,50 %', size: 12, candidates: [{ x: 100, y: 100, anchor: 'start' }] });
    expect([spot.x, spot.y, spot.leader]).toEqual([100, 100, undefined]);
  });

  it('takes the next candidate when a line runs through the first', () => {
    const placer = new LabelPlacer(AREA);
    placer.avoidLine([
      [0, 96],
      [400, 96],
    ]);
    const spot = placer.place({
      text: 'ΔV = 4,50 %',
      size: 12,
      candidates: [
        { x: 100, y: 100, anchor: 'start' },
        { x: 100, y: 130, anchor: 'start' },
      ],
    });
    expect(spot.y).toBe(130);
    expect(segmentCrossesBox([0, 96], [400, 96], spot.box)).toBe(false);
  });

  it('searches outwards when every candidate is taken, and leads back to what the label names', () => {
    const placer = new LabelPlacer(AREA);
    const candidates = [{ x: 200, y: 150, anchor: 'middle' as const }];
    const first = placer.place({ text: '1:8', size: 12, candidates });
    const second = placer.place({ text: '1:8', size: 12, candidates, anchorPoint: [200, 146] });
    expect(
      second.box.x1 <= first.box.x0 || second.box.x0 >= first.box.x1 || second.box.y1 <= first.box.y0 || second.box.y0 >= first.box.y1,
    ).toBe(true);
    expect(second.leader?.[0]).toEqual([200, 146]);
  });

  it('estimates a box from the anchor, size and width', () => {
    expect(labelBox(100, 50, textWidth('abcd', 10), 10, 'end')).toEqual({ x0: 100 - 4 * 10 * 0.58, y0: 42, x1: 100, y1: 52.5 });
  });
});

describe('figures of the kit keep labels clear', () => {
  /** The crowded corner of the voltage-drop chart from issue 27: a point, a limit and a curve's name near one spot. */
  const crowded: XYChartSpec = {
    id: 'queda',
    title: 'Queda de tensão × comprimento',
    description: 'ΔV = 4,50 % a 30 m com 2,5 mm².',
    x: { title: 'Comprimento (m)', min: 0, max: 45 },
    y: { title: 'Queda de tensão (%)', min: 0, max: 8 },
    series: [
      {
        label: '2,5 mm²',
        points: [
          [0, 0],
          [45, 6.75],
        ],
        emphasis: true,
      },
      {
        label: '4 mm²',
        points: [
          [0, 0],
          [45, 4.22],
        ],
        style: 'reference',
      },
      {
        label: '6 mm²',
        points: [
          [0, 0],
          [45, 2.81],
        ],
        style: 'reference',
      },
    ],
    limits: [
      { axis: 'y', value: 4, label: 'ΔV máx. 4 % – NBR 5410 6.2.7' },
      { axis: 'y', value: 5, label: 'ΔV máx. 5 %', style: 'reference' },
      { axis: 'x', value: 30, label: 'L = 30 m', style: 'reference' },
    ],
    points: [{ x: 30, y: 4.5, label: quantityLabel('ΔV', 4.5, '%') }],
    annotations: [{ x: 30, y: 4.5, text: 'ponto de projeto' }],
  };

  it('draws the crowded chart with no label on a line or on another label', () => {
    const svg = xyChart(crowded);
    expect(placedLabels(svg).map((label) => label.text)).toEqual(
      expect.arrayContaining(['ΔV = 4,5 %', '2,5 mm²', 'L = 30 m', 'ponto de projeto']),
    );
    expect(labelCollisions(svg)).toEqual([]);
  });

  it('finds the collision when a label is drawn on a line (the check itself can fail)', () => {
    // Put every placed label at the same spot: they must be reported.
    const stacked = xyChart(crowded).replace(/<text x="[\d.]+" y="[\d.]+"([^>]*data-label="1")/g, '<text x="300" y="200"$1');
    expect(labelCollisions(stacked).some((problem) => problem.includes('overlaps'))).toBe(true);
  });

  it('gives every stacked segment its own texture, so a grey print tells them apart', () => {
    const segments = Array.from({ length: 8 }, (_, index) => ({
      label: `produto ${index + 1}`,
      value: 1 + index,
      style: 'primary' as const,
    }));
    const svg = barChart({
      id: 'pilha',
      title: 'Pilha',
      description: 'Oito produtos.',
      bars: [{ category: 'Banho', segments }],
      axis: { title: 'Massa (kg)' },
    });
    const textures = [...svg.matchAll(/<g><rect[^>]*\/>(?:<rect[^>]*fill="url\(#([^)]+)\)"[^>]*\/>)?<\/g><text[^>]*>produto/g)].map(
      (match) => match[1] ?? 'plain',
    );
    expect(textures).toHaveLength(8);
    expect(new Set(textures).size).toBe(8);
  });
});
