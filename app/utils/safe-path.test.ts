import { describe, expect, it } from 'vitest';
import { safePath } from './safe-path';

describe('safePath', () => {
  it('keeps paths of this site as given, with query and hash', () => {
    expect(safePath('/account')).toBe('/account');
    expect(safePath('/calculators/torque?p=2&q=a%2Fb#r')).toBe('/calculators/torque?p=2&q=a%2Fb#r');
    expect(safePath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safePath('/ação')).toBe('/ação');
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
