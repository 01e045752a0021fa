import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '../../db/client';
import { promoCodes, roleGrants, users } from '../../db/schema';
import { grantRole, syncAllUserRoles } from '~/models/accounts/role-grant.server';
import { getUserById, toPublicUser } from '~/models/accounts/user.server';
import { action as forceExpirationCheck } from '~/routes/api+/admin.force-expiration-check';
import { action as redeemPromo } from '~/routes/api+/promocodes.use';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { createUser, sessionCookie } from '../setup/helpers';
import { apiCall, expectAdminOnly, safeJson, signedTiers } from './helpers/admin-api';

const at = (day: string) => new Date(`${day}T12:00:00Z`);
const storedRow = (id: number) =>
  db.select({ role: users.role, roleExpiryDate: users.roleExpiryDate }).from(users).where(eq(users.id, id)).get();

beforeEach(() => {
  resetAllLimits();
  db.delete(users).run();
});

describe('the grant-stacking example: E-TOOL until 10 March, then 30 days of E-MASTER on 1 February', () => {
  // The 37 E-TOOL days left on 1 February wait while E-MASTER runs (decision 047).
  test('E-MASTER until 3 March, then E-TOOL with its 37 waiting days until 9 April, then E-BASIC, on every read', async () => {
    const user = await createUser();
    // 60 days from 9 January end on 10 March.
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 60, source: 'payment' }, at('2026-01-09'));
    expect(getUserById(user.id, db, at('2026-01-20'))).toMatchObject({ role: 'E-TOOL', roleExpiryDate: at('2026-03-10') });

    const granted = grantRole(db, { userId: user.id, role: 'E-MASTER', days: 30, source: 'promo' }, at('2026-02-01'));
    expect(granted).toEqual({ role: 'E-MASTER', roleExpiryDate: at('2026-03-03') });
    expect(storedRow(user.id)).toEqual({ role: 'E-MASTER', roleExpiryDate: at('2026-03-03') });

    expect(getUserById(user.id, db, at('2026-03-02'))).toMatchObject({ role: 'E-MASTER', roleExpiryDate: at('2026-03-03') });

    // Reading the user after 3 March applies the end of E-MASTER, with nothing else run; the read writes nothing (decision 056).
    const march3 = getUserById(user.id, db, at('2026-03-03'))!;
    expect(march3).toMatchObject({ role: 'E-TOOL', roleExpiryDate: at('2026-04-09') });
    expect(storedRow(user.id)).toEqual({ role: 'E-MASTER', roleExpiryDate: at('2026-03-03') });
    expect(toPublicUser(march3)).toMatchObject({
      role: 'E-TOOL',
      roleExpiryDate: '2026-04-09T12:00:00.000Z',
      isTool: true,
      isMaster: false,
    });

    expect(getUserById(user.id, db, at('2026-04-08'))).toMatchObject({ role: 'E-TOOL' });
    expect(getUserById(user.id, db, at('2026-04-09'))).toMatchObject({ role: 'E-BASIC', roleExpiryDate: null });
    expect(storedRow(user.id)).toEqual({ role: 'E-MASTER', roleExpiryDate: at('2026-03-03') });
    // The expiry check (or the daily job, or the next grant) stores what the reads computed.
    syncAllUserRoles(at('2026-04-09'));
    expect(storedRow(user.id)).toEqual({ role: 'E-BASIC', roleExpiryDate: null });
  });

  test('a second grant of the same role extends the current one', async () => {
    const user = await createUser();
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 30, source: 'payment' }, at('2026-01-01'));
    const extended = grantRole(db, { userId: user.id, role: 'E-TOOL', days: 30, source: 'promo' }, at('2026-01-15'));
    expect(extended).toEqual({ role: 'E-TOOL', roleExpiryDate: at('2026-03-02') });
  });

  test('syncAllUserRoles applies ended periods to stored rows that were never read', async () => {
    const user = await createUser();
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 60, source: 'payment' }, at('2026-01-09'));
    grantRole(db, { userId: user.id, role: 'E-MASTER', days: 30, source: 'promo' }, at('2026-02-01'));

    expect(syncAllUserRoles(at('2026-03-02'))).toBe(0);
    expect(syncAllUserRoles(at('2026-03-04'))).toBe(1);
    expect(storedRow(user.id)).toEqual({ role: 'E-TOOL', roleExpiryDate: at('2026-04-09') });
    expect(syncAllUserRoles(at('2026-03-11'))).toBe(0);
    expect(syncAllUserRoles(at('2026-04-10'))).toBe(1);
    expect(storedRow(user.id)).toEqual({ role: 'E-BASIC', roleExpiryDate: null });
  });
});

describe('POST /api/admin/force-expiration-check', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const runCheck = (cookie?: string) => apiCall(forceExpirationCheck, 'POST', '/api/admin/force-expiration-check', { cookie });

  test('is for admins only: anonymous 401, every other tier 403', async () => {
    const tiers = await signedTiers();
    await expectAdminOnly(tiers, runCheck);
  });

  test('walks the example through a promo redemption and the forced check', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('2026-01-09'));
    const admin = await createUser({ role: 'admin' });
    const user = await createUser();
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 60, source: 'payment' });
    db.insert(promoCodes).values({ code: 'MASTER30', codeKey: 'master30', days: 30, maxUses: 5, targetRole: 'E-MASTER' }).run();

    vi.setSystemTime(at('2026-02-01'));
    const redeemed = await apiCall(redeemPromo, 'POST', '/api/promocodes/use', {
      cookie: await sessionCookie(user),
      body: { code: 'master30' },
    });
    expect(redeemed.status).toBe(200);
    const redemption = await safeJson<{ message: string; user: { role: string; roleExpiryDate: string } }>(redeemed);
    expect(redemption.user).toMatchObject({ role: 'E-MASTER', roleExpiryDate: at('2026-03-03').toISOString() });

    vi.setSystemTime(at('2026-03-03'));
    const first = await runCheck(await sessionCookie(admin));
    expect(first.status).toBe(200);
    expect(await safeJson(first)).toEqual({ message: 'Verificação concluída', updated: 1 });
    expect(storedRow(user.id)).toEqual({ role: 'E-TOOL', roleExpiryDate: at('2026-04-09') });

    const again = await runCheck(await sessionCookie(admin));
    expect(await again.json()).toEqual({ message: 'Verificação concluída', updated: 0 });

    vi.setSystemTime(at('2026-04-09'));
    const last = await runCheck(await sessionCookie(admin));
    expect(await last.json()).toEqual({ message: 'Verificação concluída', updated: 1 });
    expect(storedRow(user.id)).toEqual({ role: 'E-BASIC', roleExpiryDate: null });
    // The admin's permanent grant is untouched by the check.
    expect(storedRow(admin.id)).toEqual({ role: 'admin', roleExpiryDate: null });
    expect(db.select().from(roleGrants).where(eq(roleGrants.userId, user.id)).all()).toHaveLength(2);
  });
});
