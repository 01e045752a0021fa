import { describe, expect, test } from 'vitest';
import { startAttempt, submitAttempt } from '~/models/assessments/attempts.server';
import { loader } from '~/routes/_app+/courses.$id_.avaliacao';
import { call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { assessedCourse, SECRET_EXPLANATION } from './helpers/assessed-course';
import { preparedDuring } from './helpers/sql-spy';

/**
 * Issue 33: the assessment page with a graded attempt (`?tentativa=ID`) builds no SQL per view: the
 * course, the attempts and the graded attempt are prepared statements, so a second view prepares
 * nothing. The attempt shown is the viewer's own, whichever of their courses it belongs to, and
 * an open one is never shown graded.
 */

async function gradedAttempt() {
  const user = await createUser({ role: 'E-MASTER' });
  const { course } = assessedCourse();
  const open = startAttempt(user, course.id);
  const graded = submitAttempt(user, open.id, {});
  return { user, course, graded, cookie: await sessionCookie(user) };
}

const view = (courseId: number, attemptId: number, cookie: string) =>
  call(loader, getRequest(`/courses/${courseId}/avaliacao?tentativa=${attemptId}`, { cookie }), { id: String(courseId) });

describe('the assessment page with a graded attempt', () => {
  test('prepares nothing on a second view, and shows the attempt with its explanations', async () => {
    const { course, graded, cookie } = await gradedAttempt();
    const first = await view(course.id, graded.id, cookie);
    expect(first.status).toBe(200);
    const data = await first.json();
    expect(data.result).toMatchObject({ id: graded.id, total: 4, correctCount: 0, passed: false });
    expect(JSON.stringify(data.result)).toContain(SECRET_EXPLANATION);
    expect(data.state.history).toHaveLength(1);
    expect(await preparedDuring(() => view(course.id, graded.id, cookie))).toEqual([]);
  });

  test("shows the viewer's graded attempt of another course, never another user's nor an open one", async () => {
    const { user, course, graded, cookie } = await gradedAttempt();
    const { course: other } = assessedCourse();
    const elsewhere = await view(other.id, graded.id, cookie);
    expect(elsewhere.status).toBe(200);
    expect((await elsewhere.json()).result).toMatchObject({ id: graded.id });
    expect(await preparedDuring(() => view(other.id, graded.id, cookie))).toEqual([]);

    const stranger = await createUser({ role: 'E-MASTER' });
    expect((await view(course.id, graded.id, await sessionCookie(stranger))).status).toBe(404);

    const openElsewhere = startAttempt(user, other.id);
    expect((await view(course.id, openElsewhere.id, cookie)).status).toBe(404);
  });
});
