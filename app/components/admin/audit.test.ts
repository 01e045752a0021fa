import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { AUDIT_ACTION_LABELS, actionLabel } from './audit';

/** Every audit action written with a literal name somewhere in app/ (recordAudit's `action: '…'`). */
function literalActions(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return literalActions(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [...readFileSync(path, 'utf8').matchAll(/\baction: '([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]);
  });
}

describe('audit action labels', () => {
  test('every action the app records has a Portuguese label', () => {
    const actions = [...new Set(literalActions('app'))];
    expect(actions).toContain('payment.refund');
    expect(actions.filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  test('a payment refund reads as such in the log', () => {
    expect(actionLabel('payment.refund')).toBe('Reembolso de pagamento');
  });
});
