import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Fields come from one kit (`app/components/ui/field.tsx`: Field, SelectField, TextareaField) and
 * lists from `app/components/ui/list-table.tsx`: a label, a textarea and its error written by hand
 * again (as the rating dialogs once did) drifts from the kit's wiring, so it fails here.
 */

const files = readdirSync('app', { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.tsx') && !path.startsWith(join('components', 'ui')))
  .map((path) => join('app', path));

/** The chat composer's textarea carries its own keyboard and attachment behaviour around it. */
const OWN_TEXTAREA = new Set([join('app', 'components', 'chat', 'message-composer.tsx')]);

describe('the UI kit is used everywhere', () => {
  test('no textarea is written outside the kit', () => {
    const handWritten = files.filter((path) => !OWN_TEXTAREA.has(path) && /<textarea\b/.test(readFileSync(path, 'utf8')));
    expect(files.length).toBeGreaterThan(100);
    expect(handWritten).toEqual([]);
  });
});
