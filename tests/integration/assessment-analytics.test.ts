import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { db, sqliteConnection } from '../../db/client';
import { assessmentAttempts } from '../../db/schema';
import { startAttempt, submitAttempt } from '~/models/assessments/attempts.server';
import { courseAnalytics } from '~/models/assessments/analytics.server';
import type { ShownQuestion } from '~/models/assessments/grade';
import * as appLayout from '~/routes/_app+/_layout';
import * as adminLayout from '~/routes/_app+/admin';
import * as analyticsPage from '~/routes/_app+/admin.courses_.$id.avaliacao';
import * as exportRoute from '~/routes/_app+/admin.courses_.$id.avaliacao_.export';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';
import { assessedCourse, shownOf } from './helpers/assessed-course';
import { documentHandler } from './helpers/document-handler';
import { queryPlans } from './helpers/query-plans';

/**
 * Issue 31, item 5: how a course teaches, for admins. Totals, the item analysis by question across
 * shuffled snapshots, the empty state, the Brazilian CSV behind the fresh check, and reads through
 * the (course_id, submitted_at) index.
 */

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/admin', parentId: 'routes/_app+/_layout', path: 'admin', module: adminLayout },
  {
    id: 'routes/_app+/admin.courses_.$id.avaliacao',
    parentId: 'routes/_app+/admin',
    path: 'courses/:id/avaliacao',
    module: analyticsPage,
  },
]);

const MINUTE = 60_000;
beforeEach(() => {
  resetAllLimits();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:05Z'));
});
afterEach(() => vi.useRealTimers());

/** A learner's attempt answered by `pick` (question as shown → the form's values). */
async function attempt(courseId: number, pick: (question: ShownQuestion) => string[]) {
  const user = await createUser({ role: 'E-MASTER' });
  const view = startAttempt(user, courseId, new Date());
  const shown = shownOf(view.id);
  return submitAttempt(user, view.id, Object.fromEntries(shown.map((question, index) => [`q${index}`, pick(question)])));
}

const right = (question: ShownQuestion) =>
  question.kind === 'numeric' ? [String(question.numericAnswer).replace('.', ',')] : question.correct.map(String);
/** Right except the single-choice question, answered 'Placa de advertência', and the number, answered 9. */
const slip = (question: ShownQuestion) => {
  if (question.kind === 'single') return [String(question.options.indexOf('Placa de advertência'))];
  if (question.kind === 'numeric') return ['9'];
  return right(question);
};

describe('the admin page of a course assessment', () => {
  test('totals, item analysis hardest first, and the page HTML', async () => {
    const { course } = assessedCourse();
    await attempt(course.id, right);
    await attempt(course.id, slip);
    await attempt(course.id, slip);
    const admin = await createUser({ role: 'admin' });
    const data = courseAnalytics(admin, course.id, { page: 1, perPage: 20 });
    expect(data.totals).toEqual({ attempts: 3, learners: 3, passed: 1, passRate: 100 / 3, averageScore: 200 / 3, expired: 0 });
    expect(data.analysed).toBe(3);
    expect(data.questions.items.map((row) => [row.kind, row.right, row.rightShare, row.topWrong])).toEqual([
      ['single', 1, 1 / 3, { label: 'Placa de advertência', count: 2 }],
      ['numeric', 1, 1 / 3, { label: '9 %', count: 2 }],
      ['multiple', 3, 1, null],
      ['true_false', 3, 1, null],
    ]);

    const html = await (await serve(getRequest(`/admin/courses/${course.id}/avaliacao`, { cookie: await sessionCookie(admin) }))).text();
    expect(html).toContain('Análise por questão');
    expect(html).toContain('33,3 %'); // pass rate
    expect(html).toContain('66,7 %'); // average grade
    expect(html).toContain('Placa de advertência (2×)');
    expect(html).toContain(`/admin/courses/${course.id}/avaliacao/export`);
  });

  test('empty state, missing course, and non-admins sent away', async () => {
    const { course } = assessedCourse();
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const page = await serve(getRequest(`/admin/courses/${course.id}/avaliacao`, { cookie }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Nenhuma tentativa respondida encontrada');
    expect(html).not.toContain('Exportar CSV');
    expect((await serve(getRequest('/admin/courses/900000001/avaliacao', { cookie }))).status).toBe(404);
    const master = await createUser({ role: 'E-MASTER' });
    expectRedirect(
      await call(analyticsPage.loader, getRequest(`/admin/courses/${course.id}/avaliacao`, { cookie: await sessionCookie(master) }), {
        id: String(course.id),
      }),
      '/dashboard',
    );
    expectRedirect(
      await call(exportRoute.loader, getRequest(`/admin/courses/${course.id}/avaliacao/export`, { cookie: await sessionCookie(master) }), {
        id: String(course.id),
      }),
      '/dashboard',
    );
  });

  test('the CSV in the Brazilian format, after the fresh check', async () => {
    const { course } = assessedCourse();
    await attempt(course.id, right);
    await attempt(course.id, slip);
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const download = () =>
      call(exportRoute.loader, getRequest(`/admin/courses/${course.id}/avaliacao/export`, { cookie }), { id: String(course.id) });
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="avaliacao-curso-${course.id}-2026-11-28.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFFQuestão;Tipo;Enunciado;Apresentada;Acertos;Em branco;Acerto (%);Erro mais escolhido;Vezes\r\n')).toBe(
      true,
    );
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^\d+;Múltipla escolha \(uma correta\);Qual é a medida .*;2;1;0;50;Placa de advertência;1$/);
    expect(lines[2]).toMatch(/^\d+;Resposta numérica.*;Queda de tensão admitida \(%\);2;1;0;50;9 %;1$/);

    vi.setSystemTime(new Date(Date.now() + 11 * MINUTE));
    expectRedirect(
      await download(),
      `/account/fresh-check?redirectTo=${encodeURIComponent(`/admin/courses/${course.id}/avaliacao/export`)}`,
    );
  });

  test('the kept analysis is computed again after a new submission and after an erased attempt', async () => {
    const { course } = assessedCourse();
    const admin = await createUser({ role: 'admin' });
    const shownTimes = () => courseAnalytics(admin, course.id, { page: 1, perPage: 20 }).questions.items.map((row) => row.shown);
    await attempt(course.id, right);
    expect(shownTimes()).toEqual([1, 1, 1, 1]);
    expect(shownTimes()).toEqual([1, 1, 1, 1]);
    await attempt(course.id, slip);
    expect(shownTimes()).toEqual([2, 2, 2, 2]);
    const [newest] = db
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.courseId, course.id))
      .orderBy(desc(assessmentAttempts.id))
      .limit(1)
      .all();
    db.delete(assessmentAttempts).where(eq(assessmentAttempts.id, newest.id)).run();
    expect(shownTimes()).toEqual([1, 1, 1, 1]);
  });

  test('the totals and the item analysis read through the course index', async () => {
    const { course } = assessedCourse();
    await attempt(course.id, right);
    const admin = await createUser({ role: 'admin' });
    const plans = queryPlans(sqliteConnection(), () => courseAnalytics(admin, course.id, { page: 1, perPage: 20 }));
    const attempts = plans.filter((plan) => /from "assessment_attempts"/.test(plan.sql));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    for (const plan of attempts)
      expect(plan.plan.join(' | ')).toMatch(
        /USING (COVERING )?INDEX assessment_attempts_(course_submitted_idx|course_totals_idx|open_unique|user_course_idx)/,
      );
    // The totals and the analysis's fingerprint read the covering index alone (the row's columns sit after its JSON).
    const aggregates = attempts.filter((plan) => /count\(\*\)/.test(plan.sql));
    expect(aggregates).toHaveLength(2);
    for (const plan of aggregates) expect(plan.plan.join(' | ')).toContain('USING COVERING INDEX assessment_attempts_course_totals_idx');
    const analysis = attempts.filter((plan) => /"questions"/.test(plan.sql));
    expect(analysis.map((plan) => plan.plan.join(' | '))).toEqual([expect.stringContaining('assessment_attempts_course_submitted_idx')]);
  });
});
