import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './document-body.server';

describe('utf8Bytes', () => {
  it('encodes as Buffer.from does, whatever the characters', () => {
    for (const html of [
      '',
      '<p>plain ASCII</p>',
      '<p>Latin-1: ação, ½, ·</p>',
      '<p>two-byte: δ = 9,97 mm; σ ≈ 120 MPa — L⁴</p>',
      '<p>astral: 𝛿 🙂, a lone surrogate \ud800 and \udc00</p>',
      'δ'.repeat(349_525),
    ]) {
      expect(Buffer.from(utf8Bytes(html)).equals(Buffer.from(html, 'utf8'))).toBe(true);
    }
  });

  it('gives each document bytes of its own, not a view of the buffer it was encoded in', () => {
    const first = utf8Bytes('<p>primeira página: δ</p>');
    const copy = Buffer.from(first);
    utf8Bytes('<p>segunda página, mais longa: σ σ σ σ</p>');
    expect(Buffer.from(first).equals(copy)).toBe(true);
  });

  it('encodes a page too large for its buffer by Buffer.from', () => {
    const large = `<p>${'ç'.repeat(400_000)}</p>`;
    expect(Buffer.from(utf8Bytes(large)).equals(Buffer.from(large, 'utf8'))).toBe(true);
  });
});
