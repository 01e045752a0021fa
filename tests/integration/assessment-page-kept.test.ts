import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { courseGrants } from '../../db/schema';
import { keptAssessmentPage } from '~/models/assessments/assessment-page-kept.server';
import { DEADLINE_GRACE_MS, startAttempt, submitAttempt } from '~/models/assessments/attempts.server';
import { createUser } from '../setup/helpers';
import { assessedCourse } from './helpers/assessed-course';
import { statementsDuring } from './helpers/sql-spy';

/**
 * Issue 33: the assessment page's data is kept per viewer, course and graded attempt between writes. A view
 * with nothing changed runs none of its statements; a write shows on the next view; and what changes by the
 * clock alone (the open attempt's time running out, the wait before a new attempt, a grant's end) changes
 * the page when it comes, with no write in between.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the assessment page kept between writes', () => {
  test('a second view of a graded attempt runs none of its statements; a new attempt shows on the next view', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const { course } = assessedCourse();
    const graded = submitAttempt(user, startAttempt(user, course.id).id, {});
    const made = await statementsDuring(() => keptAssessmentPage(user, course.id, graded.id));
    let page = keptAssessmentPage(user, course.id, graded.id);
    const again = await statementsDuring(() => (page = keptAssessmentPage(user, course.id, graded.id)));
    expect(made).toBeGreaterThan(4);
    expect(again).toBeLessThanOrEqual(2); // the database's version only
    expect(page.result).toMatchObject({ id: graded.id, total: 4 });
    expect(page.state.open).toBeNull();

    const open = startAttempt(user, course.id);
    const after = keptAssessmentPage(user, course.id, graded.id);
    expect(after.state.open).toMatchObject({ id: open.id });
    expect(after.result).toBeNull();
  });

  test('an open attempt whose time runs out shows closed, with no write in between', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const { course } = assessedCourse({ timeLimitMinutes: 10 });
    const started = new Date();
    const open = startAttempt(user, course.id, started);
    expect(keptAssessmentPage(user, course.id, null, started).state.open).toMatchObject({ id: open.id });
    expect(keptAssessmentPage(user, course.id, null, new Date(started.getTime() + 5 * MINUTE)).state.open).toMatchObject({ id: open.id });
    const late = keptAssessmentPage(user, course.id, null, new Date(started.getTime() + 10 * MINUTE + DEADLINE_GRACE_MS + 1_000));
    expect(late.state.open).toBeNull();
    expect(late.state.history).toEqual([expect.objectContaining({ id: open.id, expired: true })]);
  });

  test('the wait before a new attempt ends when it ends, with no write in between', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const { course } = assessedCourse({ maxAttempts: 1, waitHours: 24 });
    const started = new Date();
    submitAttempt(user, startAttempt(user, course.id, started).id, {}, started);
    const waiting = keptAssessmentPage(user, course.id, null, new Date(started.getTime() + HOUR));
    expect(waiting.state.verdict).toMatchObject({ ok: false });
    expect(keptAssessmentPage(user, course.id, null, new Date(started.getTime() + 25 * HOUR)).state.verdict).toEqual({ ok: true });
  });

  test("the course closes when the viewer's grant ends, with no write in between", async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const { course } = assessedCourse({}, { priceCents: 19_900 });
    const now = Date.now();
    db.insert(courseGrants)
      .values({ userId: user.id, courseId: course.id, source: 'admin', startsAt: new Date(now - HOUR), endsAt: new Date(now + HOUR) })
      .run();
    expect(keptAssessmentPage(user, course.id, null, new Date(now)).state.verdict).toEqual({ ok: true });
    expect(() => keptAssessmentPage(user, course.id, null, new Date(now + 2 * HOUR))).toThrow(/não tem acesso/);
  });
});
