import { describe, expect, it } from 'vitest';
import { barChart, barLayout, figure, quantityLabel, stackedPanels, xyChart, xyLayout, type XYChartSpec } from './index';

const voltageDrop: XYChartSpec = {
  id: 'queda',
  title: 'Queda de tensão × comprimento',
  description: 'ΔV = 2,81 % a 30 m com 4 mm².',
  x: { title: 'Comprimento (m)', min: 0, max: 45 },
  y: { title: 'Queda de tensão (%)', min: 0, max: 10 },
  series: [
    {
      label: '2,5 mm²',
      points: [
        [0, 0],
        [45, 6.74],
      ],
      style: 'reference',
    },
    {
      label: '4 mm²',
      points: [
        [0, 0],
        [45, 4.215],
      ],
      emphasis: true,
    },
  ],
  limits: [{ axis: 'y', value: 4, label: 'ΔV máx. 4 % – NBR 5410 6.2.7' }],
  points: [{ x: 30, y: 2.81, label: quantityLabel('ΔV', 2.81, '%') }],
  bands: [{ axis: 'x', from: 40, to: 45, label: 'fora da validade' }],
};

const attributesOf = (svg: string, tag: string) =>
  [...svg.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, 'g'))].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  );

describe('xyChart', () => {
  it('is deterministic: the same spec gives the same bytes', () => {
    expect(xyChart(voltageDrop)).toBe(xyChart({ ...voltageDrop }));
  });

  it('puts a marked point where the scales say, in SVG coordinates', () => {
    const layout = xyLayout(voltageDrop);
    const svg = xyChart(voltageDrop);
    const circle = attributesOf(svg, 'circle').find((attrs) => attrs.r === '5')!;
    expect(Number(circle.cx)).toBeCloseTo(layout.x(30), 1);
    expect(Number(circle.cy)).toBeCloseTo(layout.y(2.81), 1);
    // 30 of 0…45 m across the box; 2,81 of 0…10 % up from its bottom.
    const { box } = layout;
    expect(layout.x(30)).toBeCloseTo(box.left + ((box.right - box.left) * 30) / 45, 6);
    expect(layout.y(2.81)).toBeCloseTo(box.bottom - ((box.bottom - box.top) * 2.81) / 10, 6);
    expect(svg).toContain('>ΔV = 2,81 %</text>');
  });

  it('draws a limit line dashed across the plot at its value, with the clause in its label', () => {
    const layout = xyLayout(voltageDrop);
    const limit = attributesOf(xyChart(voltageDrop), 'line').find((attrs) => attrs['stroke-dasharray'] === '8 5')!;
    expect(Number(limit.y1)).toBeCloseTo(layout.y(4), 1);
    expect(Number(limit.x1)).toBe(layout.box.left);
    expect(Number(limit.x2)).toBe(layout.box.right);
    expect(limit.stroke).toBe('#D55E00');
    expect(xyChart(voltageDrop)).toContain('ΔV máx. 4 % – NBR 5410 6.2.7');
  });

  it('writes pt-BR tick labels and the axis titles with units', () => {
    const svg = xyChart({ ...voltageDrop, y: { title: 'Queda de tensão (%)', min: 0, max: 1 } });
    expect(svg).toContain('>0,2</text>');
    expect(svg).toContain('>Comprimento (m)</text>');
    expect(svg).not.toMatch(/>\d+\.\d+<\/text>/);
  });

  it('hatches bands with a pattern whose id derives from the figure id', () => {
    const svg = xyChart(voltageDrop);
    expect(svg).toContain('<pattern id="fig-queda-hatch-invalid"');
    expect(svg).toContain('fill="url(#fig-queda-hatch-invalid)"');
    expect(svg).toContain('>fora da validade</text>');
  });

  it('keeps ids unique per figure, so two charts on one page do not collide', () => {
    const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    const one = ids(xyChart(voltageDrop));
    const two = ids(xyChart({ ...voltageDrop, id: 'outra' }));
    expect(new Set(one).size).toBe(one.length);
    expect(one.filter((id) => two.includes(id))).toEqual([]);
  });

  it('never writes inline styles, scripts or unescaped user text', () => {
    const svg = xyChart({
      ...voltageDrop,
      title: '<script>x</script>',
      series: [
        {
          label: 'a & b <i>',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
    expect(svg).not.toMatch(/\sstyle=|<style|<script/);
    expect(svg).toContain('a &amp; b &lt;i&gt;');
  });

  it('labels a right axis in another unit from the left one (kPa and m.c.a.)', () => {
    const spec: XYChartSpec = {
      id: 'perda',
      title: 't',
      description: 'd',
      x: { title: 'Vazão (L/s)', min: 0, max: 8 },
      y: { title: 'Perda de carga (kPa)', min: 0, max: 300 },
      y2: { title: 'Perda de carga (m.c.a.)', factor: 1 / 9.80665 },
      series: [
        {
          label: 'ΔP',
          points: [
            [0, 0],
            [8, 300],
          ],
        },
      ],
    };
    const layout = xyLayout(spec);
    expect(layout.y2!(10)).toBeCloseTo(layout.y(98.0665), 6);
    expect(xyChart(spec)).toContain('>Perda de carga (m.c.a.)</text>');
  });

  it('draws log axes with decades written out', () => {
    const svg = xyChart({
      id: 'tempo',
      title: 't',
      description: 'd',
      x: { title: 'Vazão (bit/s)', log: true, min: 1e6, max: 1e10 },
      y: { title: 'Tempo (s)', log: true },
      series: [
        {
          label: 't',
          points: [
            [1e6, 43000],
            [1e10, 4.3],
          ],
        },
      ],
    });
    expect(svg).toContain('>1.000.000</text>');
    expect(svg).toContain('>10¹⁰</text>');
    expect(svg).toContain('>10.000</text>');
  });
});

describe('barChart', () => {
  const spec = {
    id: 'disp',
    title: 'Indisponibilidade por ano',
    description: 'd',
    axis: { title: 'Indisponibilidade por ano (h)', log: true },
    bars: [
      { category: '99 %', value: 87.6 },
      { category: '99,9 %', value: 8.76, highlight: true, valueLabel: '8,76 h ✓' },
    ],
    limits: [{ value: 10, label: 'meta' }],
  } as const;

  it('draws one bar per category ending at its value, with the labels', () => {
    const layout = barLayout(spec);
    const svg = barChart(spec);
    const bars = attributesOf(svg, 'rect').filter((attrs) => attrs['fill-opacity']);
    expect(bars).toHaveLength(2);
    expect(Number(bars[1]!.x) + Number(bars[1]!.width)).toBeCloseTo(layout.value(8.76), 0);
    expect(svg).toContain('>8,76 h ✓</text>');
    expect(svg).toContain('>meta</text>');
  });

  it('stacks segments and lists them in a legend', () => {
    const svg = barChart({
      id: 'gsm',
      title: 't',
      description: 'd',
      axis: { title: 'Gramatura (g/m²)' },
      bars: [
        {
          category: 'Tecido',
          segments: [
            { value: 71.8, label: 'urdume' },
            { value: 57, label: 'trama', style: 'secondary' },
          ],
        },
      ],
    });
    expect(svg).toContain('>urdume</text>');
    expect(svg).toContain('>trama</text>');
    expect(svg).toContain('>128,8</text>');
  });
});

describe('stackedPanels', () => {
  it('stacks plots on one x scale and lets a panel draw a sketch with it', () => {
    let seen: number | undefined;
    const svg = stackedPanels({
      id: 'viga',
      title: 'Viga',
      description: 'd',
      x: { title: 'Posição (m)', min: 0, max: 4 },
      panels: [
        {
          heading: 'Carregamento',
          sketch: ({ x }) => {
            seen = x(2);
            return '';
          },
        },
        {
          heading: 'Momento fletor',
          y: { title: 'M (kN·m)' },
          areas: [
            {
              points: [
                [0, 0],
                [2, 10],
                [4, 0],
              ],
            },
          ],
          points: [{ x: 2, y: 10, label: 'Mmáx = 10 kN·m' }],
        },
      ],
    });
    expect(seen).toBeCloseTo((72 + 696) / 2, 6);
    expect(svg).toContain('>Momento fletor</text>');
    expect(svg).toContain('>Mmáx = 10 kN·m</text>');
    expect(svg).toContain('>Posição (m)</text>');
    expect(svg).toContain('id="fig-viga-clip-panel-1"');
  });
});

describe('figure', () => {
  it('uses the title and summary as the svg title and desc', () => {
    const drawn = figure({ id: 'f', title: 'Título', summary: 'Resumo 2,81 %' }, (frame) =>
      xyChart({ ...frame, x: { title: 'x' }, y: { title: 'y' } }),
    );
    expect(drawn.svg).toContain('<title id="fig-f-title">Título</title>');
    expect(drawn.svg).toContain('<desc id="fig-f-desc">Resumo 2,81 %</desc>');
    expect(drawn).not.toHaveProperty('table');
  });
});
