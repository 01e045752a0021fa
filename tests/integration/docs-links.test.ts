import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The guide names files so a reader can open them. A move that leaves a page pointing at a file
 * that is gone fails here: every relative link, and every `app/…`, `db/…` or `tests/…` path in
 * backticks, of docs/*.md and README.md must exist. A path with a placeholder (`<area>`, `{id}`)
 * or a wildcard (`admin*.tsx`) names no single file and is not checked.
 */

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

const withoutFencedCode = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');

/** Relative link targets (no scheme, no bare anchor), resolved against the page's folder, without their anchor. */
function relativeLinks(page: string, text: string): string[] {
  const targets = [...withoutFencedCode(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => normalize(join(dirname(page), decodeURI(target.replace(/[#?].*$/, '')))));
}

/** `app/…`, `db/…` and `tests/…` paths written in inline code, from the repository's root. */
function backtickPaths(text: string): string[] {
  const spans = [...withoutFencedCode(text).matchAll(/`([^`\n]+)`/g)].map((match) => match[1].trim());
  return spans.filter((span) => /^(app|db|tests)\//.test(span) && !/[\s<>{}*…$]/.test(span));
}

describe('the guide names only files that exist', () => {
  test('it reads the index, the topic pages and the README', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', join('docs', 'README.md'), join('docs', 'recipe-new-screen.md')]));
  });

  test('the extractors find what a page writes, and leave placeholders and external links alone', () => {
    const sample = [
      'See [forms](forms.md#lists), [the index](README.md), [Stripe](https://stripe.com) and [top](#top).',
      'Paths: `app/utils/form.server.ts`, `tests/e2e/fixtures.ts`, `app/schemas/<area>.ts`, `app/routes/_app+/admin*.tsx`, `npm test`.',
      '```ts',
      "import { x } from '[not a link](nowhere.md)';",
      '`app/inside/a/fence.ts`',
      '```',
    ].join('\n');
    expect(relativeLinks('docs/page.md', sample)).toEqual([join('docs', 'forms.md'), join('docs', 'README.md')]);
    expect(backtickPaths(sample)).toEqual(['app/utils/form.server.ts', 'tests/e2e/fixtures.ts']);
  });

  test.each(PAGES)('%s', (page) => {
    const text = readFileSync(page, 'utf8');
    const missing = [
      ...relativeLinks(page, text).map((target) => ({ kind: 'link', target })),
      ...backtickPaths(text).map((target) => ({ kind: 'path', target })),
    ].filter(({ target }) => !existsSync(target));
    expect(missing).toEqual([]);
  });
});
