import { describe, expect, it } from 'vitest';
import { dialogLink, dialogLinks, paramLinks, readDialog, urlWithout, withParams } from './url-state';

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

  it('builds the dialog links of a list as dialogLink does, link by link', () => {
    const searches = [
      '',
      '?',
      '?category=chemical',
      '?q=a%20b+c&page=2',
      '?dialog=rate&tool=3&category=textile',
      '?category=textile&tool=9&q=%C3%A9&dialog=tool',
      '?tool=1&tool=2&dialog=x&dialog=y&q=%26%3D',
      '?q=caf%C3%A9+%2B+%E2%98%85&x=&y=1*2~3',
    ];
    for (const search of searches) {
      const confirmLinks = paramLinks(search, 'confirm', 'tool');
      for (const id of [7, 'x/y']) expect(confirmLinks('delete-tool', id)).toBe(withParams(search, { confirm: 'delete-tool', tool: id }));
      const links = dialogLinks(search, 'tool');
      for (const kind of ['rate', 'ratings', 'tool', 'a b&c']) {
        for (const id of [7, 1234, 'x/y']) expect(links(kind, id), `${search} ${kind} ${id}`).toBe(dialogLink(search, kind, { tool: id }));
      }
    }
    expect(dialogLinks(new URLSearchParams('category=mechanical'), 'question')('question', 5)).toBe(
      dialogLink('?category=mechanical', 'question', { question: 5 }),
    );
  });
});
