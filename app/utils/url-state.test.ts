import { describe, expect, it } from 'vitest';
import { dialogLink, readDialog, urlWithout, withParams } from './url-state';

describe('url state', () => {
  it('sets, replaces and removes parameters, keeping the others', () => {
    expect(withParams('?category=mechanical&q=eixo', { dialog: 'rate', tool: 3 })).toBe('?category=mechanical&q=eixo&dialog=rate&tool=3');
    expect(withParams('?page=2&q=x', { page: null })).toBe('?q=x');
    expect(withParams('?page=2', { page: null })).toBe('');
    expect(withParams(new URLSearchParams('q=a'), { q: '' })).toBe('');
  });

  it('drops dialog parameters from a whole URL', () => {
    expect(urlWithout('http://localhost/dashboard?category=textile&dialog=rate&tool=4', ['dialog', 'tool'])).toBe(
      '/dashboard?category=textile',
    );
    expect(urlWithout('/auth?dialog=recover', ['dialog'])).toBe('/auth');
  });

  it('opens only dialogs the page knows', () => {
    expect(readDialog(new URLSearchParams('dialog=rate'), ['rate', 'tool'] as const)).toBe('rate');
    expect(readDialog(new URLSearchParams('dialog=admin'), ['rate', 'tool'] as const)).toBeNull();
    expect(readDialog(new URLSearchParams(''), ['rate'] as const)).toBeNull();
  });

  it('builds dialog links that keep the current filter', () => {
    expect(dialogLink('?category=chemical', 'ratings', { tool: 7 })).toBe('?category=chemical&dialog=ratings&tool=7');
  });
});
