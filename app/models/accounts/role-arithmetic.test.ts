import { describe, expect, it } from 'vitest';
import {
  addDays,
  effectiveRole,
  grantEnds,
  grantOutlook,
  nextGrantStart,
  roleAfter,
  roleTimeline,
  type GrantPeriod,
} from './role-arithmetic';

const d = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('role arithmetic', () => {
  it('a basic user with no grants is E-BASIC with no expiry', () => {
    expect(effectiveRole([], d('2026-02-01'))).toEqual({ role: 'E-BASIC', expiresAt: null });
  });

  it('E-MASTER granted over E-TOOL runs first while the E-TOOL days wait, then E-TOOL resumes with them, then E-BASIC', () => {
    const grants: GrantPeriod[] = [{ role: 'E-TOOL', startsAt: d('2026-01-10'), endsAt: d('2026-03-10') }];
    const start = nextGrantStart(grants, 'E-MASTER', d('2026-02-01'));
    grants.push({ role: 'E-MASTER', startsAt: start, endsAt: addDays(start, 30) });

    // 22 of the 59 E-TOOL days were used before the upgrade: 37 wait for E-MASTER to end.
    expect(effectiveRole(grants, d('2026-02-01'))).toEqual({ role: 'E-MASTER', expiresAt: d('2026-03-03') });
    expect(roleAfter(grants, d('2026-02-01'))).toEqual({ role: 'E-TOOL', until: d('2026-04-09') });
    expect(effectiveRole(grants, d('2026-03-02'))).toEqual({ role: 'E-MASTER', expiresAt: d('2026-03-03') });
    expect(effectiveRole(grants, d('2026-03-03'))).toEqual({ role: 'E-TOOL', expiresAt: d('2026-04-09') });
    expect(roleAfter(grants, d('2026-03-03'))).toBeNull();
    expect(effectiveRole(grants, d('2026-04-09'))).toEqual({ role: 'E-BASIC', expiresAt: null });
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
    const grants: GrantPeriod[] = [{ role: 'E-MASTER', startsAt: d('2026-01-01'), endsAt: d('2026-06-01'), revokedAt: d('2026-02-01') }];
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

/** Issue 27.10: an upgrade must not swallow the days already paid for (decision 047). */
describe('the days of a lower plan wait under a higher one', () => {
  const at = (iso: string) => new Date(iso);
  const eTool = { role: 'E-TOOL' as const, startsAt: at('2026-11-26T12:00:00Z'), endsAt: at('2026-12-26T12:00:00Z') };
  const upgrade = { role: 'E-MASTER' as const, startsAt: at('2026-11-28T12:00:00Z'), endsAt: at('2026-12-28T12:00:00Z') };

  it("the issue's buyer: E-TOOL bought two days ago until 26/12, E-MASTER for a month today: E-MASTER until 28/12, then the 28 E-TOOL days", () => {
    const grants: GrantPeriod[] = [eTool, upgrade];
    expect(effectiveRole(grants, at('2026-11-28T12:00:00Z'))).toEqual({ role: 'E-MASTER', expiresAt: at('2026-12-28T12:00:00Z') });
    expect(roleAfter(grants, at('2026-11-28T12:00:00Z'))).toEqual({ role: 'E-TOOL', until: at('2027-01-25T12:00:00Z') });
    expect(roleTimeline(grants)).toEqual([
      { role: 'E-TOOL', from: at('2026-11-26T12:00:00Z'), to: at('2026-11-28T12:00:00Z') },
      { role: 'E-MASTER', from: at('2026-11-28T12:00:00Z'), to: at('2026-12-28T12:00:00Z') },
      { role: 'E-TOOL', from: at('2026-12-28T12:00:00Z'), to: at('2027-01-25T12:00:00Z') },
    ]);
    // One millisecond either side of the hand-over.
    expect(effectiveRole(grants, at('2026-12-28T11:59:59.999Z')).role).toBe('E-MASTER');
    expect(effectiveRole(grants, at('2026-12-28T12:00:00Z'))).toEqual({ role: 'E-TOOL', expiresAt: at('2027-01-25T12:00:00Z') });
    expect(effectiveRole(grants, at('2027-01-25T11:59:59.999Z')).role).toBe('E-TOOL');
    expect(effectiveRole(grants, at('2027-01-25T12:00:00Z')).role).toBe('E-BASIC');
  });

  it('an upgrade at the instant the lower plan ends leaves nothing waiting; one a millisecond before leaves that millisecond', () => {
    const atEnd = { ...upgrade, startsAt: eTool.endsAt, endsAt: addDays(eTool.endsAt, 30) };
    expect(roleAfter([eTool, atEnd], eTool.endsAt)).toBeNull();
    const before = new Date(eTool.endsAt.getTime() - 1);
    const justBefore = { ...upgrade, startsAt: before, endsAt: addDays(before, 30) };
    expect(roleAfter([eTool, justBefore], before)).toEqual({ role: 'E-TOOL', until: new Date(addDays(before, 30).getTime() + 1) });
  });

  it('a refund of the higher plan (its grant revoked) lets the lower plan resume at once with the days it had left', () => {
    const refunded = { ...upgrade, revokedAt: at('2026-11-30T12:00:00Z') };
    const grants: GrantPeriod[] = [eTool, refunded];
    expect(effectiveRole(grants, at('2026-11-29T12:00:00Z')).role).toBe('E-MASTER');
    // Paused on 28/11 with 28 days left: from the refund on 30/11 to 28/12.
    expect(effectiveRole(grants, at('2026-11-30T12:00:00Z'))).toEqual({ role: 'E-TOOL', expiresAt: at('2026-12-28T12:00:00Z') });
  });

  it('two chained months of the lower plan both wait, in order; a lower plan bought under the higher one waits too', () => {
    const second = { role: 'E-TOOL' as const, startsAt: eTool.endsAt, endsAt: addDays(eTool.endsAt, 30) };
    const boughtUnder = { role: 'E-TOOL' as const, startsAt: at('2026-12-01T12:00:00Z'), endsAt: at('2026-12-11T12:00:00Z') };
    const grants: GrantPeriod[] = [eTool, second, upgrade, boughtUnder];
    // 28 + 30 + 10 days of E-TOOL after 28/12.
    expect(roleAfter(grants, at('2026-12-01T12:00:00Z'))).toEqual({ role: 'E-TOOL', until: addDays(at('2026-12-28T12:00:00Z'), 68) });
  });

  it("a permanent admin grant holds the plan's days; revoked, they resume", () => {
    const admin = { role: 'admin' as const, startsAt: at('2026-11-28T12:00:00Z'), endsAt: null, revokedAt: at('2027-03-01T12:00:00Z') };
    const grants: GrantPeriod[] = [eTool, admin];
    expect(effectiveRole(grants, at('2027-02-01T12:00:00Z'))).toEqual({ role: 'admin', expiresAt: at('2027-03-01T12:00:00Z') });
    expect(effectiveRole(grants, at('2027-03-01T12:00:00Z'))).toEqual({ role: 'E-TOOL', expiresAt: at('2027-03-29T12:00:00Z') });
    expect(effectiveRole([eTool, { ...admin, revokedAt: null }], at('2030-01-01T00:00:00Z'))).toEqual({ role: 'admin', expiresAt: null });
  });

  it('a lower plan never holds a higher one back, and a revoked lower plan gives up its waiting days', () => {
    const grants: GrantPeriod[] = [{ ...eTool, revokedAt: at('2026-12-01T12:00:00Z') }, upgrade];
    expect(effectiveRole(grants, at('2026-11-28T12:00:00Z'))).toEqual({ role: 'E-MASTER', expiresAt: at('2026-12-28T12:00:00Z') });
    expect(roleAfter(grants, at('2026-11-28T12:00:00Z'))).toBeNull();
    expect(effectiveRole(grants, at('2026-12-28T12:00:00Z')).role).toBe('E-BASIC');
  });
});

describe("what one grant buys in the timeline (a receipt's 'Válido até' and 'Depois')", () => {
  it("the upgrade ends when its own days do, and the waiting plan follows; the waiting plan's end moves by the upgrade", () => {
    const eTool = { role: 'E-TOOL' as const, startsAt: new Date('2026-11-26T12:00:00Z'), endsAt: new Date('2026-12-26T12:00:00Z') };
    const upgrade = { role: 'E-MASTER' as const, startsAt: new Date('2026-11-28T12:00:00Z'), endsAt: new Date('2026-12-28T12:00:00Z') };
    expect(grantOutlook([eTool, upgrade], 1)).toEqual({
      until: new Date('2026-12-28T12:00:00Z'),
      after: { role: 'E-TOOL', until: new Date('2027-01-25T12:00:00Z') },
    });
    expect(grantOutlook([eTool, upgrade], 0)).toEqual({ until: new Date('2027-01-25T12:00:00Z'), after: null });
    expect(grantEnds([eTool, { ...upgrade, revokedAt: new Date('2026-11-30T12:00:00Z') }])).toEqual([
      new Date('2026-12-28T12:00:00Z'),
      new Date('2026-11-30T12:00:00Z'),
    ]);
  });
});
