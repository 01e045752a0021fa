import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Every decision record opens the same way, as `docs/decisions/_template.md` does: `# NNN: title`,
 * then `Date: YYYY-MM-DD · Status: …`, so a reader sees at once whether it still holds; and the
 * index in docs/README.md lists each record.
 */

const folder = join('docs', 'decisions');
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(join('docs', 'README.md'), 'utf8');
const head = (name: string) => readFileSync(join(folder, name), 'utf8').split('\n').slice(0, 3);

describe('decision records', () => {
  test('the folder holds the records and the template', () => {
    expect(records.length).toBeGreaterThan(40);
    expect(readdirSync(folder)).toContain('_template.md');
    const [title, blank, status] = head('_template.md');
    expect([title, blank]).toEqual(['# NNN: The decision, said as what we do', '']);
    expect(status).toMatch(/^Date: YYYY-MM-DD · Status: /);
  });

  test.each(records)('%s has its number in the title, a Date and a Status, and a line in the index', (name) => {
    const [title, blank, status] = head(name);
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(blank).toBe('');
    expect(status).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: \S/);
    expect(index).toContain(`(decisions/${name})`);
  });
});
