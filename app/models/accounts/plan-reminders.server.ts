import { and, eq, gt, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { db } from '../../../db/client';
import { roleGrants, users } from '../../../db/schema';
import { planEndedEmail } from '../../emails/plan-ended';
import { planEndingEmail } from '../../emails/plan-ending';
import { renderEmail } from '../../emails/render';
import { formatDateTime } from '../../utils/format';
import { siteUrl } from '../../utils/security.server';
import { DAY_MS, effectiveRole, grantEnds, type GrantPeriod } from './role-arithmetic';
import { hasAtLeast } from './roles';
import { readAddressees } from '../mail/addressee.server';
import { enqueueMail } from '../mail/outbox.server';
import { unsubscribeHeaders, unsubscribeUrl, wantsMail } from '../mail/preferences.server';

/**
 * The plan reminders ('plan-reminder', docs/mail.md): 'Seu plano termina em 3 dias' for a plan
 * whose end falls within the next 3 days, and 'Seu plano terminou' for one that ended in the last
 * 7 days. A plan ends when the account's role drops at the end of one of its grants; a grant
 * followed by another of the same role (an extension, a renewal) ends nothing. Each mail's dedupe
 * key (`plan-ending:{grantId}:3d`, `plan-ended:{grantId}`) is what makes a second run, a run in
 * every process of the cluster or a run after a restart send nothing again.
 */

export const REMINDER_LEAD_MS = 3 * DAY_MS;
/** How far back an ended plan is still told about (a server down for days, or a first run). */
export const ENDED_LOOK_BACK_MS = 7 * DAY_MS;
/**
 * A grant's days may wait under a higher plan (decision 047), so it ends after its stored end:
 * grants stored as ending up to this long before the window are looked at for a later real end.
 */
const WAITED_LOOK_BACK_MS = 2 * 366 * DAY_MS;

export type ReminderRun = { ending: number; ended: number };

const UPGRADE_PATH = '/upgrade';

/** The role in force just before `at` and at `at`: a plan ends at `at` when the first is the grant's role and the second is lower. */
function endsAt(grants: GrantPeriod[], role: string, at: Date) {
  const before = effectiveRole(grants, new Date(at.getTime() - 1)).role;
  const after = effectiveRole(grants, at).role;
  return before === role && after !== role ? after : null;
}

export function sendPlanReminders(now = new Date()): ReminderRun {
  const from = new Date(now.getTime() - ENDED_LOOK_BACK_MS);
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  // A grant ends at or after its stored end (its days may have waited): the stored end bounds the search.
  const candidates = db
    .select({ id: roleGrants.id, userId: roleGrants.userId, role: roleGrants.role })
    .from(roleGrants)
    .where(
      and(
        isNotNull(roleGrants.endsAt),
        gt(roleGrants.endsAt, new Date(from.getTime() - WAITED_LOOK_BACK_MS)),
        lte(roleGrants.endsAt, until),
        isNull(roleGrants.revokedAt),
        ne(roleGrants.role, 'admin'),
      ),
    )
    .all();
  const run: ReminderRun = { ending: 0, ended: 0 };
  if (candidates.length === 0) return run;
  const userIds = [...new Set(candidates.map((grant) => grant.userId))];
  const people = new Map(readAddressees(db, inArray(users.id, userIds)).map((user) => [user.id, user]));

  for (const candidate of candidates) {
    const user = people.get(candidate.userId);
    if (!user) continue;
    db.transaction((tx) => {
      const grants = tx
        .select({
          id: roleGrants.id,
          role: roleGrants.role,
          startsAt: roleGrants.startsAt,
          endsAt: roleGrants.endsAt,
          revokedAt: roleGrants.revokedAt,
        })
        .from(roleGrants)
        .where(eq(roleGrants.userId, user.id))
        .all();
      // When its days really run out in the role timeline.
      const end = grantEnds(grants)[grants.findIndex((grant) => grant.id === candidate.id)];
      if (!end || end.getTime() <= from.getTime() || end.getTime() > until.getTime()) return;
      if (!wantsMail(user.id, 'plan-reminder', tx)) return;
      const fallsBackTo = endsAt(grants, candidate.role, end);
      if (!fallsBackTo) return;
      const common = {
        name: user.name,
        plan: candidate.role,
        upgradeUrl: siteUrl(UPGRADE_PATH, 'absolute'),
        unsubscribeUrl: unsubscribeUrl(user.id, 'plan-reminder'),
      };
      const headers = unsubscribeHeaders(user.id, 'plan-reminder');
      if (end.getTime() > now.getTime()) {
        const daysLeft = Math.min(3, Math.max(1, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)));
        const mail = renderEmail(planEndingEmail({ ...common, daysLeft, endsAt: formatDateTime(end), fallsBackTo }));
        if (
          enqueueMail(tx, {
            userId: user.id,
            to: user.email,
            kind: 'plan-reminder',
            headers,
            dedupeKey: `plan-ending:${candidate.id}:3d`,
            ...mail,
          }) !== null
        )
          run.ending += 1;
        return;
      }
      // Ended, unless the plan is back already (bought again after it ended).
      const current = effectiveRole(grants, now).role;
      if (hasAtLeast(current, candidate.role)) return;
      const mail = renderEmail(planEndedEmail({ ...common, endedAt: formatDateTime(end), nowOn: current }));
      if (
        enqueueMail(tx, {
          userId: user.id,
          to: user.email,
          kind: 'plan-reminder',
          headers,
          dedupeKey: `plan-ended:${candidate.id}`,
          ...mail,
        }) !== null
      )
        run.ended += 1;
    });
  }
  return run;
}
