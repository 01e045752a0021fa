import { describe, expect, it } from 'vitest';
import { arc, arrow, attributes, canvas, element, escapeXml, localId, num, polar, text } from './svg';

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
});
