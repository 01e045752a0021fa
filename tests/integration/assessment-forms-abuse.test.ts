import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { assessmentAttempts, assessmentQuestions, auditLog } from '../../db/schema';
import { startAttempt } from '~/models/assessments/attempts.server';
import { action as coursePage } from '~/routes/_app+/courses.$id';
import { action as certificatePage } from '~/routes/_app+/courses.$id_.certificado';
import { action as exercisePage } from '~/routes/_app+/courses.$id_.aulas.$lessonId.exercicio';
import { action as accountPage } from '~/routes/_app+/account';
import { action as submitApi } from '~/routes/api+/courses.$id.attempts.$attemptId.submit';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, createUser, sessionCookie, type RouteFunction } from '../setup/helpers';
import { assessedCourse } from './helpers/assessed-course';

/**
 * The outside probe's abuse on the forms and the endpoint issue 30 and 31 added this session: the
 * question bank and the assessment's rules (course page), 'Dados do certificado', a lesson's exercise,
 * 'Remover' a passkey, and the attempts API's submission. A 64 KB body of one repeated field, 3,000
 * multipart parts and a 20 MB body are each a 4xx that writes nothing; the same request 40 times at
 * once gives one result where one is meant (one grade) and no 5xx anywhere.
 */

const ADDRESS = { clientAddress: '203.0.113.91', toast: { pending: null } };
const BOUNDARY = 'sondaExterna';

function floods(intent: string, field: string) {
  const parts = Array.from({ length: 3_000 }, () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nx\r\n`).join(
    '',
  );
  return [
    {
      name: '64 KB of one repeated field',
      type: 'application/x-www-form-urlencoded',
      body: `intent=${intent}&${`${field}=x&`.repeat(65_536 / (field.length + 3))}`,
    },
    {
      name: '3,000 multipart parts',
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n${parts}--${BOUNDARY}--\r\n`,
    },
    { name: '20 MB', type: 'application/x-www-form-urlencoded', body: `intent=${intent}&${field}=${'x'.repeat(20 * 1024 * 1024)}` },
  ];
}

const post = (action: RouteFunction, path: string, params: Record<string, string>, cookie: string, type: string, body: string) =>
  call(
    action,
    new Request(`${BASE_URL}${path}`, { method: 'POST', headers: { 'Content-Type': type, Cookie: cookie, Origin: BASE_URL }, body }),
    params,
    ADDRESS,
  );

async function expectRefused(
  action: RouteFunction,
  path: string,
  params: Record<string, string>,
  cookie: string,
  intent: string,
  field: string,
) {
  for (const flood of floods(intent, field)) {
    const response = await post(action, path, params, cookie, flood.type, flood.body);
    expect(response.status, `${path} (${intent}), ${flood.name}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `${path} (${intent}), ${flood.name}`).toBeLessThan(500);
  }
}

const total = (table: typeof assessmentQuestions | typeof assessmentAttempts | typeof auditLog) =>
  db.select({ n: count() }).from(table).get()!.n;

let adminCookie: string;
let learner: Awaited<ReturnType<typeof createUser>>;
let learnerCookie: string;

beforeAll(async () => {
  adminCookie = await sessionCookie(await createUser({ role: 'admin', fullName: 'Admin de Teste' }));
  learner = await createUser({ role: 'E-MASTER', fullName: 'Pessoa de Teste' });
  learnerCookie = await sessionCookie(learner);
});

beforeEach(() => resetAllLimits());

function courseWithExercise() {
  const { course, questions } = assessedCourse();
  const lesson = createLessons(course.id, ['Aula 1'])[0]!;
  db.update(assessmentQuestions).set({ lessonId: lesson.id }).where(eq(assessmentQuestions.id, questions[2]!.id)).run();
  return { course, lesson, questions };
}

describe('the assessment and account forms against the outside probe', () => {
  test('a repeated field, 3,000 parts and 20 MB are a 4xx on each form, and nothing is written', async () => {
    const { course, lesson } = courseWithExercise();
    const id = String(course.id);
    const before = { questions: total(assessmentQuestions), attempts: total(assessmentAttempts), audit: total(auditLog) };

    await expectRefused(coursePage, `/courses/${id}?tab=admin`, { id }, adminCookie, 'create-question', 'prompt');
    await expectRefused(coursePage, `/courses/${id}?tab=admin`, { id }, adminCookie, 'update-question', 'options');
    await expectRefused(coursePage, `/courses/${id}?tab=admin`, { id }, adminCookie, 'assessment-settings', 'passPercent');
    await expectRefused(certificatePage, `/courses/${id}/certificado`, { id }, adminCookie, 'certificate-fields', 'syllabus');
    const exercise = { id, lessonId: String(lesson.id) };
    await expectRefused(exercisePage, `/courses/${id}/aulas/${lesson.id}/exercicio`, exercise, learnerCookie, 'quiz', 'q0');
    await expectRefused(accountPage, '/account', {}, learnerCookie, 'passkey-remove', 'passkeyId');

    expect({ questions: total(assessmentQuestions), attempts: total(assessmentAttempts), audit: total(auditLog) }).toEqual(before);
  });

  test("the attempts API's submission refuses 64 KB of one repeated key and 20 MB with a 4xx, the attempt still open", async () => {
    const { course } = assessedCourse();
    const attempt = startAttempt(learner, course.id);
    const params = { id: String(course.id), attemptId: String(attempt.id) };
    const path = `/api/courses/${course.id}/attempts/${attempt.id}/submit`;
    for (const body of [`{${'"answers":[],'.repeat(5_000)}"answers":[]}`, JSON.stringify({ answers: ['x'.repeat(20 * 1024 * 1024)] })]) {
      const response = await post(submitApi, path, params, learnerCookie, 'application/json', body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attempt.id)).get()!.submittedAt).toBeNull();
  });

  test('the same request 40 times at once: one grade for the attempt, 40 corrections of the exercise and nothing stored, one state of the certificate data', async () => {
    const { course, lesson, questions } = courseWithExercise();
    const id = String(course.id);

    const attempt = startAttempt(learner, course.id);
    const path = `/api/courses/${id}/attempts/${attempt.id}/submit`;
    const shown = JSON.parse(
      db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attempt.id)).get()!.questions,
    ) as unknown[];
    const answers = JSON.stringify({ answers: shown.map(() => null) });
    const submitted = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(submitApi, path, { id, attemptId: String(attempt.id) }, learnerCookie, 'application/json', answers),
      ),
    );
    expect(submitted.map((response) => response.status).filter((status) => status !== 200)).toEqual([]);
    const grades = new Set(await Promise.all(submitted.map(async (response) => JSON.stringify((await response.json()).score))));
    expect(grades.size).toBe(1);
    expect(db.select({ n: count() }).from(assessmentAttempts).where(eq(assessmentAttempts.courseId, course.id)).get()!.n).toBe(1);

    const attemptsBefore = total(assessmentAttempts);
    const quizzes = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(
          exercisePage,
          `/courses/${id}/aulas/${lesson.id}/exercicio`,
          { id, lessonId: String(lesson.id) },
          learnerCookie,
          'application/x-www-form-urlencoded',
          `intent=quiz&version=${questions[2]!.id}&q0=0`,
        ),
      ),
    );
    expect(quizzes.map((response) => response.status).filter((status) => status !== 200)).toEqual([]);
    expect(total(assessmentAttempts)).toBe(attemptsBefore);

    const form = new URLSearchParams({ intent: 'certificate-fields', workloadHours: '40', syllabus: 'Riscos elétricos' }).toString();
    const saves = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(certificatePage, `/courses/${id}/certificado`, { id }, adminCookie, 'application/x-www-form-urlencoded', form),
      ),
    );
    expect(saves.map((response) => response.status).filter((status) => status !== 302)).toEqual([]);
  });
});
