import { describe, expect, it } from 'vitest';
import { safePath } from './safe-path';

describe('safePath', () => {
  it('keeps paths of this site as given, with query and hash', () => {
    expect(safePath('/account')).toBe('/account');
    expect(safePath('/calculators/torque?p=2&q=a%2Fb#r')).toBe('/calculators/torque?p=2&q=a%2Fb#r');
    expect(safePath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safePath('/%C3%A7')).toBe('/%C3%A7');
  });

  it('percent-encodes non-ASCII characters as UTF-8, so the result always fits a Location header', () => {
    // What a browser requests for '/ação': the same path, in the only form a header can carry.
    expect(safePath('/ação')).toBe('/a%C3%A7%C3%A3o');
    expect(safePath('/\u3002evil')).toBe('/%E3%80%82evil');
    expect(safePath('/\uff0fevil.example')).toBe('/%EF%BC%8Fevil.example');
    expect(safePath('/busca?q=concreto%20armado&t=ção#seção')).toBe('/busca?q=concreto%20armado&t=%C3%A7%C3%A3o#se%C3%A7%C3%A3o');
    expect(safePath('/a\u{1F600}b')).toBe('/a%F0%9F%98%80b');
    for (const to of ['/ação', '/\u3002evil', '/\u0100', '/a\u{1F600}b']) {
      const path = safePath(to);
      expect(() => new Headers({ Location: path }), to).not.toThrow();
      expect(path).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });

  it('sends what no URL can carry, or what grows too long encoded, to the fallback', () => {
    expect(safePath('/\ud800x')).toBe('/dashboard');
    expect(safePath('/x\udfff')).toBe('/dashboard');
    expect(safePath(`/${'\u3002'.repeat(300)}`)).toBe('/dashboard');
    expect(safePath(`/${'\u3002'.repeat(200)}`)).toBe(`/${'%E3%80%82'.repeat(200)}`);
  });

  it('sends everything that could leave the site to the fallback', () => {
    const unsafe = [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/\u007f',
      '/\u0085x',
      '/ /evil.example',
      '/\u00a0/evil.example',
      '/\u2028x',
      '/\u200b/evil.example',
      '/\u202eevil',
      '/a\\b',
      ' /account',
      'https://evil.example/',
      'http:/evil.example',
      'javascript:alert(1)',
      'account',
      '',
      `/${'a'.repeat(2001)}`,
    ];
    for (const to of unsafe) expect(safePath(to), JSON.stringify(to)).toBe('/dashboard');
  });

  it('uses the fallback given, also for values that are not text', () => {
    expect(safePath(null, '/auth')).toBe('/auth');
    expect(safePath(undefined)).toBe('/dashboard');
    expect(safePath(42, null)).toBeNull();
    expect(safePath('//x', '')).toBe('');
  });
});
