import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { assessmentAttempts, courses } from '../../db/schema';
import { ASSESSMENT_MESSAGES } from '~/models/assessments/attempts.server';
import * as listRoute from '~/routes/api+/courses.$id.attempts';
import * as attemptRoute from '~/routes/api+/courses.$id.attempts.$attemptId';
import * as submitRoute from '~/routes/api+/courses.$id.attempts.$attemptId.submit';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';
import { assessedCourse, NUMERIC_ANSWER, SECRET_EXPLANATION, shownOf } from './helpers/assessed-course';

/**
 * Issue 31, item 6: the attempts' JSON API. Start or get the open attempt (questions without answers),
 * read it, submit it once (two parallel submissions: one grade), list the graded attempts with their
 * answers and explanations; another learner's attempt is a 404, visitors 401, below E-MASTER 403.
 */

beforeEach(() => resetAllLimits());

async function learner(role: 'E-MASTER' | 'E-BASIC' | 'admin' = 'E-MASTER') {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
}

const start = (courseId: number, cookie?: string) =>
  call(listRoute.action, jsonRequest(`/api/courses/${courseId}/attempts`, '', { method: 'POST', cookie }), { id: String(courseId) });
const read = (courseId: number, attemptId: number | string, cookie?: string) =>
  call(attemptRoute.loader, getRequest(`/api/courses/${courseId}/attempts/${attemptId}`, { cookie }), {
    id: String(courseId),
    attemptId: String(attemptId),
  });
const submit = (courseId: number, attemptId: number, body: unknown, cookie?: string) =>
  call(submitRoute.action, jsonRequest(`/api/courses/${courseId}/attempts/${attemptId}/submit`, body, { cookie }), {
    id: String(courseId),
    attemptId: String(attemptId),
  });
const list = (courseId: number, cookie?: string, search = '') =>
  call(listRoute.loader, getRequest(`/api/courses/${courseId}/attempts${search}`, { cookie }), { id: String(courseId) });

/** The JSON answers of a stored attempt: all right, or the first `wrong` of them wrong; a number as a JSON number or as text ('4,123'). */
function answersFor(attemptId: number, wrong = 0, asText = false): unknown[] {
  return shownOf(attemptId).map((question, index) => {
    const spoil = index < wrong;
    if (question.kind === 'numeric') return spoil ? 9 : asText ? String(NUMERIC_ANSWER).replace('.', ',') : NUMERIC_ANSWER;
    if (!spoil) return question.correct;
    return [question.options.findIndex((_, option) => !question.correct.includes(option))];
  });
}

describe('the attempts JSON API', () => {
  test('an open attempt leaves without right answers; the graded one with them; list and one grade for parallel submissions', async () => {
    const { course } = assessedCourse();
    const { cookie } = await learner();

    const started = await start(course.id, cookie);
    expect(started.status).toBe(201);
    const openText = await started.text();
    const open = JSON.parse(openText) as { id: number; status: string; questions: Record<string, unknown>[] };
    expect(open.status).toBe('open');
    expect(open.questions).toHaveLength(4);
    expect(Object.keys(open.questions[0]).sort()).toEqual(['kind', 'options', 'prompt', 'unit']);

    const again = await start(course.id, cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(open.id);

    const readOpen = await read(course.id, open.id, cookie);
    expect(readOpen.status).toBe(200);
    for (const text of [openText, await readOpen.text()]) {
      expect(text).not.toContain(SECRET_EXPLANATION);
      expect(text).not.toContain('4.123');
      expect(text).not.toMatch(/"correct"|numericAnswer|tolerance|"explanation"|"right"/);
    }
    // Not graded yet: the list has nothing.
    expect(await (await list(course.id, cookie)).json()).toEqual([]);

    const body = { answers: answersFor(open.id, 2, true) };
    const [first, second] = await Promise.all([submit(course.id, open.id, body, cookie), submit(course.id, open.id, body, cookie)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [await first.json(), await second.json()];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 'submitted', id: open.id, correctCount: 2, total: 4, scorePercent: 50, passed: false });
    expect(JSON.stringify(a)).toContain(SECRET_EXPLANATION);

    // A later submission with every answer right changes nothing.
    const late = await submit(course.id, open.id, { answers: answersFor(open.id) }, cookie);
    expect(await late.json()).toMatchObject({ correctCount: 2, passed: false });

    const graded = await read(course.id, open.id, cookie);
    expect(await graded.json()).toMatchObject({ status: 'submitted', scorePercent: 50 });

    const second2 = (await (await start(course.id, cookie)).json()) as { id: number };
    // The number as a JSON number (4.123, which as text would read as a thousands separator).
    const passed = await submit(course.id, second2.id, { answers: answersFor(second2.id) }, cookie);
    expect(await passed.json()).toMatchObject({ correctCount: 4, passed: true });
    const listed = await list(course.id, cookie, '?perPage=1');
    expect(listed.headers.get('X-Total-Count')).toBe('2');
    const items = (await listed.json()) as Array<{
      id: number;
      passed: boolean;
      questions: Array<{ explanation: string; answer: unknown }>;
    }>;
    expect(items.map((item) => [item.id, item.passed])).toEqual([[second2.id, true]]);
    expect(items[0].questions[0].explanation).toBe(SECRET_EXPLANATION);

    const passedAgain = await start(course.id, cookie);
    expect(passedAgain.status).toBe(409);
    expect(await passedAgain.json()).toEqual({ message: ASSESSMENT_MESSAGES.alreadyPassed, until: null });
  });

  test("who may call: visitors 401, below E-MASTER 403, another learner's attempt 404, a hidden course 404", async () => {
    const { course } = assessedCourse();
    const owner = await learner();
    const other = await learner();
    const basic = await learner('E-BASIC');
    const { id } = (await (await start(course.id, owner.cookie)).json()) as { id: number };

    expect((await start(course.id)).status).toBe(401);
    expect((await read(course.id, id)).status).toBe(401);
    expect((await list(course.id)).status).toBe(401);
    expect((await submit(course.id, id, { answers: [] })).status).toBe(401);
    expect((await start(course.id, basic.cookie)).status).toBe(403);
    expect((await list(course.id, basic.cookie)).status).toBe(403);

    for (const response of [
      await read(course.id, id, other.cookie),
      await submit(course.id, id, { answers: answersFor(id) }, other.cookie),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: ASSESSMENT_MESSAGES.notFound });
    }
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, id)).get()!.submittedAt).toBeNull();
    // The attempt under another course's address is not found either.
    const { course: elsewhere } = assessedCourse();
    expect((await read(elsewhere.id, id, owner.cookie)).status).toBe(404);
    expect((await read(course.id, 'abc', owner.cookie)).status).toBe(404);

    db.update(courses).set({ isHidden: true }).where(eq(courses.id, course.id)).run();
    expect((await read(course.id, id, owner.cookie)).status).toBe(404);
    expect((await start(course.id, owner.cookie)).status).toBe(404);
  });

  test('bad answers get a 400 in Portuguese and leave the attempt open; past the time limit the answers are refused', async () => {
    const { course } = assessedCourse({ timeLimitMinutes: 5 });
    const { cookie } = await learner();
    const { id } = (await (await start(course.id, cookie)).json()) as { id: number };
    const kinds = shownOf(id).map((question) => question.kind);
    const numericAt = kinds.indexOf('numeric');
    const choiceAt = kinds.indexOf('single');
    const swapped = answersFor(id);
    swapped[numericAt] = [0];
    const numberForChoice = answersFor(id);
    numberForChoice[choiceAt] = 1;
    const outOfRange = answersFor(id);
    outOfRange[choiceAt] = [7];
    const cases: Array<[unknown, string]> = [
      [{}, 'Envie as respostas.'],
      [{ answers: 'x' }, 'As respostas devem ser uma lista.'],
      [{ answers: [...answersFor(id), null] }, ASSESSMENT_MESSAGES.badChoice],
      [{ answers: Array.from({ length: 21 }, () => null) }, 'No máximo 20 respostas.'],
      [{ answers: [{ a: 1 }] }, 'Resposta inválida.'],
      [{ answers: swapped }, ASSESSMENT_MESSAGES.badNumber],
      [{ answers: numberForChoice }, ASSESSMENT_MESSAGES.badChoice],
      [{ answers: outOfRange }, ASSESSMENT_MESSAGES.badChoice],
      ['{"answers": [', 'JSON inválido no corpo da requisição.'],
    ];
    for (const [body, message] of cases) {
      const response = await submit(course.id, id, body, cookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, id)).get()!.submittedAt).toBeNull();

    // The time runs out (the attempt is moved back past the limit and the grace).
    const past = new Date(Date.now() - 6 * 60_000);
    db.update(assessmentAttempts)
      .set({ startedAt: past, deadlineAt: new Date(past.getTime() + 5 * 60_000 - 31_000) })
      .where(eq(assessmentAttempts.id, id))
      .run();
    const late = await submit(course.id, id, { answers: answersFor(id) }, cookie);
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ status: 'submitted', expired: true, passed: false, correctCount: 0 });
  });
});
