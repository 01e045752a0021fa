import { describe, expect, it } from 'vitest';
import {
  arc,
  arrow,
  attributes,
  canvas,
  element,
  escapeXml,
  localId,
  num,
  polar,
  polyline,
  segments,
  simplifyPoints,
  text,
  textGroup,
  type Point,
} from './svg';

describe('svg primitives', () => {
  it('escapes hostile text in content and attributes', () => {
    expect(escapeXml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;');
    const label = text(10, 20, '<script>&</script>');
    expect(label).toContain('&lt;script&gt;&amp;&lt;/script&gt;');
    expect(label).not.toContain('<script>');
    expect(attributes({ 'aria-label': '"><script>' })).toBe(' aria-label="&quot;&gt;&lt;script&gt;"');
  });

  it('refuses style and event attributes (the CSP forbids inline styles)', () => {
    expect(() => attributes({ style: 'fill:red' })).toThrow();
    expect(() => attributes({ onload: 'x()' })).toThrow();
    expect(() => element('g', { 'bad name': 1 })).toThrow();
  });

  it('rounds coordinates to 0,1 px and never writes -0', () => {
    expect(num(1.2345)).toBe('1.2');
    expect(num(-0.01)).toBe('0');
    expect(attributes({ x: 10.06, hidden: undefined, empty: '' })).toBe(' x="10.1"');
  });

  it('measures angles counter-clockwise on screen', () => {
    const [x, y] = polar(100, 100, 10, 90);
    expect(x).toBeCloseTo(100);
    expect(y).toBeCloseTo(90);
    expect(arc(0, 0, 10, 0, 90)).toBe('<path d="M10 0A10 10 0 0 0 0 -10" fill="none" stroke="#1A1A1A" stroke-width="1.5"/>');
  });

  it('draws arrows with polygon heads, without marker ids', () => {
    const markup = arrow(0, 0, 100, 0, { both: true });
    expect(markup.match(/<polygon/g)).toHaveLength(2);
    expect(markup).not.toContain('marker');
  });

  it('makes an accessible, scalable svg whose ids derive from the figure id', () => {
    const svg = canvas({ id: 'queda-tensao', title: 'Queda <1>', description: 'ΔV = 2,81 %', children: [] });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 720 440" width="100%" role="img"/);
    expect(svg).toContain('<title id="fig-queda-tensao-title">Queda &lt;1&gt;</title>');
    expect(svg).toContain('<desc id="fig-queda-tensao-desc">ΔV = 2,81 %</desc>');
    expect(svg).toContain('aria-labelledby="fig-queda-tensao-title"');
    expect(localId('a b', 'x')).toBe('fig-a-b-x');
  });

  it('draws a sampled line with the points it needs, within a tenth of a pixel', () => {
    const straight: Point[] = Array.from({ length: 81 }, (_, index) => [72 + index * 7.8, 187.2 + index * 2.13]);
    expect(simplifyPoints(straight)).toEqual([straight[0], straight[80]]);
    const parabola: Point[] = Array.from({ length: 81 }, (_, index) => [index * 7.8, 170 * 4 * (index / 80) * (1 - index / 80)]);
    const kept = simplifyPoints(parabola);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(81);
    // Every sample left out lies within the tolerance of the chord drawn in its place.
    for (let index = 1; index < kept.length; index += 1) {
      const [x1, y1] = kept[index - 1]!;
      const [x2, y2] = kept[index]!;
      for (const [x, y] of parabola.filter(([x]) => x > x1 && x < x2)) {
        expect(Math.abs((y2 - y1) * x - (x2 - x1) * y + x2 * y1 - y2 * x1) / Math.hypot(x2 - x1, y2 - y1)).toBeLessThanOrEqual(0.1);
      }
    }
    expect(polyline(straight)).toBe(
      '<polyline points="72,187.2 696,357.6" fill="none" stroke-linejoin="round" stroke="#1A1A1A" stroke-width="1.5"/>',
    );
  });

  it('draws a grid as one path and writes the look of a group of texts once', () => {
    expect(
      segments(
        [
          [72, 10, 696, 10],
          [72, 0, 72, 100],
          [0, 0, 10, 10],
        ],
        { stroke: '#E3E3E3', width: 1 },
      ),
    ).toBe('<path d="M72 10H696M72 0V100M0 0L10 10" fill="none" stroke="#E3E3E3" stroke-width="1"/>');
    expect(segments([])).toBe('');
    expect(
      textGroup({ anchor: 'middle', size: 12, color: '#595959' }, [
        { x: 1, y: 2, content: '0' },
        { x: 3, y: 2, content: '<5>', anchor: 'end' },
      ]),
    ).toBe(
      '<g font-size="12" text-anchor="middle" fill="#595959"><text x="1" y="2">0</text><text x="3" y="2" text-anchor="end">&lt;5&gt;</text></g>',
    );
    // A text in the canvas' own look (13 px, ink) says neither; the root does.
    expect(text(1, 2, 'M')).toBe('<text x="1" y="2">M</text>');
    expect(canvas({ id: 'a', title: 't', description: 'd', children: [] })).toContain('font-size="13" fill="#1A1A1A"');
  });
});
