import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import {
  certificates,
  courseAssessments,
  courses,
  lessonProgress,
  mailOptOuts,
  passkeys,
  recoveryCodes,
  signIns,
  twoFactor,
  users,
} from '../../db/schema';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { grantRole } from '~/models/accounts/role-grant.server';
import { loader as accountLoader } from '~/routes/_app+/account';
import { loader as adminUsersLoader } from '~/routes/_app+/admin.users';
import { loader as trainingRecordLoader } from '~/routes/_app+/account_.formacao';
import { assessmentStateFor, startAttempt } from '~/models/assessments/attempts.server';
import { assessedCourse } from './helpers/assessed-course';
import { preparedDuring, transactionsDuring } from './helpers/sql-spy';
import { sortKey } from '~/utils/fold';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';

/**
 * Issue 33: 'Minha Conta' and the admin's user search build no SQL per view. Every read they make
 * is a statement prepared once per connection, so a second view prepares nothing, whatever the
 * account holds (two-step sign-in, recovery codes, a passkey, sign-ins, mail choices, completed
 * courses with and without a final assessment).
 */

let sequence = 0;
/** A course of two lessons the user has both done; with `assessed`, a final assessment too. */
function completedCourse(userId: number, assessed: boolean) {
  const title = `Curso preparado ${++sequence}`;
  const course = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso.',
      category: 'electrical',
      instructor: 'Eng. Joana',
      duration: '2 horas',
      level: 'intermediate',
    })
    .returning()
    .get();
  for (const lesson of createLessons(course.id, ['Aula 1', 'Aula 2'])) {
    db.insert(lessonProgress).values({ userId, courseId: course.id, lessonId: lesson.id, completedAt: new Date() }).run();
  }
  if (assessed) db.insert(courseAssessments).values({ courseId: course.id }).run();
  return course;
}

async function fullAccount() {
  const user = await createUser({ role: 'E-MASTER', fullName: 'Ana Prado' });
  db.insert(twoFactor).values({ userId: user.id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date(), lastUsedStep: 0 }).run();
  db.insert(recoveryCodes)
    .values([
      { userId: user.id, codeHash: 'a' },
      { userId: user.id, codeHash: 'b', usedAt: new Date() },
    ])
    .run();
  db.insert(passkeys)
    .values({ userId: user.id, credentialId: `cred-${user.id}`, publicKey: 'key', name: 'Notebook' })
    .run();
  for (let index = 0; index < 12; index++) {
    db.insert(signIns)
      .values({
        userId: user.id,
        at: new Date(Date.now() - index * 60_000),
        browser: 'Chrome 131 no Linux',
        deviceHash: 'x',
        newDevice: false,
      })
      .run();
  }
  db.insert(mailOptOuts).values({ userId: user.id, kind: 'support-reply' }).run();
  const plain = completedCourse(user.id, false);
  completedCourse(user.id, true);
  db.insert(certificates)
    .values({
      code: `PREP-${user.id}`,
      userId: user.id,
      courseId: plain.id,
      holderName: 'Ana Prado',
      courseTitle: plain.title,
      hours: '2',
      instructor: 'Eng. Joana',
      completedAt: new Date(),
    })
    .run();
  return { user, cookie: await sessionCookie(user) };
}

type AccountData = {
  twoFactor: { state: string; recoveryCodesLeft?: number };
  passkeys: { name: string }[];
  signIns: { total: number; items: unknown[] };
  mailChoices: { kind: string; enabled: boolean }[];
  certificates: { code: string | null; assessment: { passed: boolean } | null }[];
};

describe('signed-in pages prepare their SQL once per connection', () => {
  test("'Minha Conta' prepares nothing on a second view, and still shows every part of the account", async () => {
    const { cookie } = await fullAccount();
    const view = () => call(accountLoader, getRequest('/account?acessos=2', { cookie }));
    expect((await view()).status).toBe(200);
    let second: Response | undefined;
    const prepared = await preparedDuring(async () => {
      second = await view();
    });
    expect(prepared).toEqual([]);
    const data = await body<AccountData>(second!);
    expect(data.twoFactor).toMatchObject({ state: 'on', recoveryCodesLeft: 1 });
    expect(data.passkeys.map((passkey) => passkey.name)).toEqual(['Notebook']);
    expect(data.signIns.total).toBe(12);
    expect(data.mailChoices.find((choice) => choice.kind === 'support-reply')?.enabled).toBe(false);
    expect(data.certificates.map((item) => [item.code !== null, item.assessment])).toEqual(
      expect.arrayContaining([
        [true, null],
        [false, { passed: false }],
      ]),
    );
  });

  test("the admin's user search prepares nothing on a second view", async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const view = () => call(adminUsersLoader, getRequest('/admin/users?q=ana', { cookie }));
    expect((await view()).status).toBe(200);
    expect(await preparedDuring(view)).toEqual([]);
  });

  test("'Formação' prepares nothing on a second view, whoever looks (every course, the started ones, or those and the open ones)", async () => {
    for (const role of ['admin', 'E-TOOL', 'E-MASTER'] as const) {
      const cookie = await sessionCookie(await createUser({ role }));
      const view = () => call(trainingRecordLoader, getRequest('/account/formacao', { cookie }));
      expect((await view()).status).toBe(200);
      expect(await preparedDuring(view), role).toEqual([]);
    }
  });

  test("a final assessment's page reads without the write lock or new SQL, and still closes an attempt whose time ran out", async () => {
    const learner = await createUser({ role: 'E-MASTER' });
    const { course } = assessedCourse({ timeLimitMinutes: 10 });
    const startedAt = new Date(Date.now() - 60 * 60_000);
    startAttempt(learner, course.id, new Date(Date.now() - 60_000));
    assessmentStateFor(learner, course.id);
    let state: ReturnType<typeof assessmentStateFor> | undefined;
    let prepared: string[] = [];
    expect(
      await transactionsDuring(async () => (prepared = await preparedDuring(() => (state = assessmentStateFor(learner, course.id))))),
    ).toBe(0);
    expect(prepared).toEqual([]);
    expect(state!.open).not.toBeNull();
    // Viewed an hour after it started, the 10-minute attempt is closed as not passed, in a transaction.
    let closed: ReturnType<typeof assessmentStateFor> | undefined;
    expect(
      await transactionsDuring(() => (closed = assessmentStateFor(learner, course.id, new Date(startedAt.getTime() + 2 * 60 * 60_000)))),
    ).toBe(1);
    expect(closed).toMatchObject({ open: null, history: [{ passed: false }] });
  });

  test("the admin's user list takes the write lock only to sync a lapsed role", async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const view = () => call(adminUsersLoader, getRequest('/admin/users?q=ana', { cookie }));
    await view(); // syncs whatever lapsed before
    expect(await transactionsDuring(async () => expect((await view()).status).toBe(200))).toBe(0);
    const lapsed = await createUser({ username: 'ana_lapsed' });
    grantRole(db, { userId: lapsed.id, role: 'E-TOOL', days: 1, source: 'admin' }, new Date(Date.now() - 3 * DAY_MS));
    db.update(users)
      .set({ role: 'E-TOOL', roleExpiryDate: new Date(Date.now() - DAY_MS) })
      .where(eq(users.id, lapsed.id))
      .run();
    let listed: { users: { id: number; role: string }[] } | undefined;
    expect(await transactionsDuring(async () => (listed = await body<{ users: { id: number; role: string }[] }>(await view())))).toBe(1);
    expect(listed!.users.find((user) => user.id === lapsed.id)?.role).toBe('E-BASIC');
  });
});
