import { describe, expect, it } from 'vitest';
import { addDays, effectiveRole, nextGrantStart, type GrantPeriod } from './role-arithmetic';

const d = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('role arithmetic', () => {
  it('a basic user with no grants is E-BASIC with no expiry', () => {
    expect(effectiveRole([], d('2026-02-01'))).toEqual({ role: 'E-BASIC', expiresAt: null });
  });

  it('E-MASTER granted over E-TOOL runs out first, then E-TOOL resumes, then E-BASIC', () => {
    const grants: GrantPeriod[] = [{ role: 'E-TOOL', startsAt: d('2026-01-10'), endsAt: d('2026-03-10') }];
    const start = nextGrantStart(grants, 'E-MASTER', d('2026-02-01'));
    grants.push({ role: 'E-MASTER', startsAt: start, endsAt: addDays(start, 30) });

    expect(effectiveRole(grants, d('2026-02-01'))).toEqual({ role: 'E-MASTER', expiresAt: d('2026-03-03') });
    expect(effectiveRole(grants, d('2026-03-02'))).toEqual({ role: 'E-MASTER', expiresAt: d('2026-03-03') });
    expect(effectiveRole(grants, d('2026-03-03'))).toEqual({ role: 'E-TOOL', expiresAt: d('2026-03-10') });
    expect(effectiveRole(grants, d('2026-03-10'))).toEqual({ role: 'E-BASIC', expiresAt: null });
  });

  it('a second grant of the same role extends it', () => {
    const grants: GrantPeriod[] = [{ role: 'E-TOOL', startsAt: d('2026-01-01'), endsAt: d('2026-01-31') }];
    const start = nextGrantStart(grants, 'E-TOOL', d('2026-01-15'));
    expect(start).toEqual(d('2026-01-31'));
    grants.push({ role: 'E-TOOL', startsAt: start, endsAt: addDays(start, 30) });
    expect(effectiveRole(grants, d('2026-01-15'))).toEqual({ role: 'E-TOOL', expiresAt: d('2026-03-02') });
  });

  it('a lapsed grant does not push a new one into the future', () => {
    const grants: GrantPeriod[] = [{ role: 'E-TOOL', startsAt: d('2025-01-01'), endsAt: d('2025-01-31') }];
    expect(nextGrantStart(grants, 'E-TOOL', d('2026-01-15'))).toEqual(d('2026-01-15'));
  });

  it('a revoked grant stops counting when revoked', () => {
    const grants: GrantPeriod[] = [
      { role: 'E-MASTER', startsAt: d('2026-01-01'), endsAt: d('2026-06-01'), revokedAt: d('2026-02-01') },
    ];
    expect(effectiveRole(grants, d('2026-01-20')).role).toBe('E-MASTER');
    expect(effectiveRole(grants, d('2026-02-02')).role).toBe('E-BASIC');
  });

  it('a permanent admin grant outranks everything and never expires', () => {
    const grants: GrantPeriod[] = [
      { role: 'E-MASTER', startsAt: d('2026-01-01'), endsAt: d('2026-02-01') },
      { role: 'admin', startsAt: d('2025-01-01'), endsAt: null },
    ];
    expect(effectiveRole(grants, d('2026-01-10'))).toEqual({ role: 'admin', expiresAt: null });
  });
});
