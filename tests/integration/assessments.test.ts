import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { assessmentAttempts, certificates, courses, lessonProgress, users } from '../../db/schema';
import { ASSESSMENT_MESSAGES, DEADLINE_GRACE_MS, startAttempt, submitAttempt } from '~/models/assessments/attempts.server';
import { ASSESSED_CERTIFICATE_MESSAGES } from '~/models/assessments/certificate.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import type { ShownQuestion } from '~/models/assessments/grade';
import * as appLayout from '~/routes/_app+/_layout';
import * as assessmentPage from '~/routes/_app+/courses.$id_.avaliacao';
import * as coursePage from '~/routes/_app+/courses.$id';
import * as verifyPage from '~/routes/_marketing+/certificados.$codigo';
import * as pdfRoute from '~/routes/_marketing+/certificados.$codigo_.pdf';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';
import { assessedCourse as assessedCourseWithBank, RIGHT_OPTION, SECRET_EXPLANATION } from './helpers/assessed-course';

/**
 * Issue 31: a course's final assessment taken through its page (plain forms), graded on the server only;
 * the open attempt's HTML and loader data carry no right answer; time limit, attempt limit and wait refused
 * on the server; two submissions of one attempt give one grade; the certificate needs a pass and carries
 * the NR-1 content, read back from the PDF.
 */

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/courses.$id_.avaliacao', parentId: 'routes/_app+/_layout', path: 'courses/:id/avaliacao', module: assessmentPage },
]);

/** An assessed course (the shared bank of four questions) with two lessons and the certificate's NR-1 content. */
function assessedCourse(settings: Parameters<typeof assessedCourseWithBank>[0] = {}) {
  const { course } = assessedCourseWithBank(settings, {
    workloadHours: 40,
    syllabus: 'Riscos em instalações elétricas\nMedidas de controle\nPrimeiros socorros',
    instructors: JSON.stringify([
      { name: 'Eng. Joana Araújo', qualification: 'Engenheira eletricista, especialista em segurança do trabalho' },
    ]),
    technicalLead: JSON.stringify({
      name: 'Eng. Carlos Mendes',
      profession: 'Engenheiro eletricista',
      registration: 'CREA-SP 5061234567',
    }),
  });
  const lessonIds = createLessons(course.id, ['Aula 1', 'Aula 2']).map((lesson) => lesson.id);
  return { course, lessonIds };
}

async function learner(fullName: string | null = 'Maria da Silva Prado') {
  const user = await createUser({ role: 'E-MASTER', fullName });
  return { user, cookie: await sessionCookie(user) };
}

const finishLessons = (userId: number, courseId: number, lessonIds: number[]) =>
  lessonIds.forEach((lessonId, index) =>
    db
      .insert(lessonProgress)
      .values({ userId, courseId, lessonId, completedAt: new Date(Date.UTC(2026, 10, 20 + index, 15)) })
      .run(),
  );

const shownOf = (attemptId: number) =>
  JSON.parse(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attemptId)).get()!.questions) as ShownQuestion[];

/** The form fields that answer every shown question right (or, with `wrong`, the first `wrong` of them wrong). */
function answerFields(attemptId: number, wrong = 0): Record<string, string> {
  const fields: Record<string, string> = { intent: 'submit', attemptId: String(attemptId) };
  shownOf(attemptId).forEach((question, index) => {
    const spoil = index < wrong;
    if (question.kind === 'numeric') fields[`q${index}`] = spoil ? '9' : String(question.numericAnswer! + 0.05).replace('.', ',');
    else if (question.kind === 'multiple') fields[`q${index}`] = String(question.correct[0]);
    else fields[`q${index}`] = String(spoil ? (question.correct[0] + 1) % question.options.length : question.correct[0]);
  });
  return fields;
}

/** `answerFields` with the multiple-choice question's every right option (a form repeats the name). */
function answerBody(attemptId: number, wrong = 0): string {
  const params = new URLSearchParams(answerFields(attemptId, wrong));
  shownOf(attemptId).forEach((question, index) => {
    if (question.kind === 'multiple' && index >= wrong)
      for (const option of question.correct.slice(1)) params.append(`q${index}`, String(option));
    if (question.kind === 'multiple' && index < wrong)
      params.set(`q${index}`, String(question.options.findIndex((_, i) => !question.correct.includes(i))));
  });
  return params.toString();
}

const post = (courseId: number, cookie: string, bodyText: string) =>
  call(
    assessmentPage.action,
    new Request(`http://localhost:3000/courses/${courseId}/avaliacao`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: bodyText,
    }),
    { id: String(courseId) },
    { toast: { pending: null } },
  );

const start = (courseId: number, cookie: string) => post(courseId, cookie, 'intent=start');

function openAttemptId(userId: number, courseId: number): number {
  const rows = db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, userId)).all();
  return rows.filter((row) => row.courseId === courseId && row.submittedAt === null)[0].id;
}

beforeEach(() => resetAllLimits());

describe('an open attempt', () => {
  test('its HTML and its loader data never carry a right answer or an explanation', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse();
    expectRedirect(await start(course.id, cookie), `/courses/${course.id}/avaliacao#attempt-title`);
    const attemptId = openAttemptId(user.id, course.id);
    const shown = shownOf(attemptId);
    expect(shown).toHaveLength(4);

    const page = await serve(getRequest(`/courses/${course.id}/avaliacao`, { cookie }));
    expect(page.status).toBe(200);
    const html = await page.text();
    const data = await (
      await serve(getRequest(`/courses/${course.id}/avaliacao?_data=routes%2F_app%2B%2Fcourses.%24id_.avaliacao`, { cookie }))
    ).text();
    expect(html).toContain('Enviar respostas');
    expect(html).toContain(RIGHT_OPTION); // shown as an option, like the others
    for (const text of [html, data]) {
      expect(text).not.toContain(SECRET_EXPLANATION);
      expect(text).not.toContain('4.123');
      expect(text).not.toContain('4,123');
      expect(text).not.toMatch(/"correct"|numericAnswer|tolerance|"explanation"/);
    }
    const loaderData = JSON.parse(data) as { state: { open: { questions: Record<string, unknown>[] } } };
    expect(Object.keys(loaderData.state.open.questions[0]).sort()).toEqual(['kind', 'options', 'prompt', 'unit']);
  });

  test('options are shuffled per attempt, and the stored attempt keeps the right answers remapped', async () => {
    const { user } = await learner();
    const { course } = assessedCourse();
    const orders = new Set<string>();
    for (let draw = 0; draw < 6; draw += 1) {
      const random = mulberry(draw + 1);
      const view = startAttempt(user, course.id, new Date(), random);
      const single = shownOf(view.id).find((question) => question.kind === 'single')!;
      expect(single.options[single.correct[0]]).toBe(RIGHT_OPTION);
      orders.add(single.options.join('|'));
      db.delete(assessmentAttempts).where(eq(assessmentAttempts.id, view.id)).run();
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

/** A small seeded generator, so a draw is repeatable. */
function mulberry(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('grading through the page', () => {
  test('fail, the attempt limit and the wait refused on the server, then pass after the wait', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse({ maxAttempts: 1, waitHours: 24 });
    await start(course.id, cookie);
    const first = openAttemptId(user.id, course.id);
    const failed = await post(course.id, cookie, answerBody(first, 2));
    expectRedirect(failed, `/courses/${course.id}/avaliacao?tentativa=${first}#result-title`);
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, first)).get()).toMatchObject({
      correctCount: 2,
      scorePercent: 50,
      passed: false,
    });

    const refused = await start(course.id, cookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('Nova tentativa a partir de');

    // The wait passes (the attempt is moved back 25 hours).
    const past = new Date(Date.now() - 25 * 3_600_000);
    db.update(assessmentAttempts).set({ startedAt: past, submittedAt: past }).where(eq(assessmentAttempts.id, first)).run();
    expectRedirect(await start(course.id, cookie), /avaliacao/);
    const second = openAttemptId(user.id, course.id);
    expectRedirect(await post(course.id, cookie, answerBody(second)), new RegExp(`tentativa=${second}`));
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, second)).get()).toMatchObject({
      correctCount: 4,
      scorePercent: 100,
      passed: true,
    });

    const again = await start(course.id, cookie);
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(ASSESSMENT_MESSAGES.alreadyPassed);
  });

  test('without a wait, the limit is final', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse({ maxAttempts: 1 });
    await start(course.id, cookie);
    await post(course.id, cookie, answerBody(openAttemptId(user.id, course.id), 4));
    const refused = await start(course.id, cookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(ASSESSMENT_MESSAGES.noAttemptsLeft);
  });

  test('after the time limit the answers are refused and the attempt counts as not passed', async () => {
    const { user } = await learner();
    const { course } = assessedCourse({ timeLimitMinutes: 10 });
    const startedAt = new Date('2026-11-28T10:00:00Z');
    const view = startAttempt(user, course.id, startedAt);
    expect(view.deadlineAt).toBe('2026-11-28T10:10:00.000Z');
    const right = Object.fromEntries(Object.entries(answerFields(view.id)).map(([key, value]) => [key, [value]]));
    const late = submitAttempt(user, view.id, right, new Date(startedAt.getTime() + 10 * 60_000 + DEADLINE_GRACE_MS + 1));
    expect(late).toMatchObject({ expired: true, passed: false, correctCount: 0, scorePercent: 0 });
    // A resubmission in time cannot reopen it.
    expect(submitAttempt(user, view.id, right, startedAt)).toMatchObject({ expired: true, passed: false });
  });

  test('two tabs submitting one attempt give one grade', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse();
    await start(course.id, cookie);
    const attemptId = openAttemptId(user.id, course.id);
    const [a, b] = await Promise.all([post(course.id, cookie, answerBody(attemptId)), post(course.id, cookie, answerBody(attemptId, 4))]);
    expect(a.headers.get('Location')).toBe(b.headers.get('Location'));
    const row = db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attemptId)).get()!;
    expect(row.scorePercent).toBe(100);
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id)).all()).toHaveLength(1);
  });

  test('40 submissions of one attempt at once give one grade; floods are refused before parsing and grade nothing', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse();
    await start(course.id, cookie);
    const attemptId = openAttemptId(user.id, course.id);
    const stored = () => db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attemptId)).get()!;

    // A 64 KB body of one repeated field, 3,000 multipart parts, 20 MB: refused, the attempt still open.
    const repeated = `intent=submit&attemptId=${attemptId}&${'q0=0&'.repeat(13_000)}`;
    const boundary = 'xYz';
    const parts = Array.from({ length: 3_000 }, () => `--${boundary}\r\nContent-Disposition: form-data; name="q0"\r\n\r\n0\r\n`).join('');
    const multipart = `${parts}--${boundary}--\r\n`;
    const huge = `intent=submit&attemptId=${attemptId}&q0=${'0'.repeat(20 * 1024 * 1024)}`;
    const flood = (body: string, type: string) =>
      call(
        assessmentPage.action,
        new Request(`http://localhost:3000/courses/${course.id}/avaliacao`, {
          method: 'POST',
          headers: { 'Content-Type': type, Cookie: cookie },
          body,
        }),
        { id: String(course.id) },
        { toast: { pending: null } },
      );
    for (const response of [
      await flood(repeated, 'application/x-www-form-urlencoded'),
      await flood(multipart, `multipart/form-data; boundary=${boundary}`),
      await flood(huge, 'application/x-www-form-urlencoded'),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(stored().submittedAt).toBeNull();

    const answers = await Promise.all(Array.from({ length: 40 }, () => post(course.id, cookie, answerBody(attemptId))));
    for (const response of answers) expect(response.status).toBeLessThan(500);
    expect(stored().scorePercent).toBe(100);
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id)).all()).toHaveLength(1);
  });

  test('bad answers get a message, never a 500; another user cannot submit or read the attempt', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse();
    await start(course.id, cookie);
    const attemptId = openAttemptId(user.id, course.id);
    const numericIndex = shownOf(attemptId).findIndex((question) => question.kind === 'numeric');
    const bad = await post(
      course.id,
      cookie,
      new URLSearchParams({ intent: 'submit', attemptId: String(attemptId), [`q${numericIndex}`]: 'doze' }).toString(),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(ASSESSMENT_MESSAGES.badNumber);
    const outOfRange = await post(course.id, cookie, `intent=submit&attemptId=${attemptId}&q${numericIndex === 0 ? 1 : 0}=9`);
    expect(outOfRange.status).toBe(400);
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attemptId)).get()!.submittedAt).toBeNull();

    const other = await learner('Outra Pessoa');
    const foreign = await post(course.id, other.cookie, answerBody(attemptId));
    expect(foreign.status).toBe(404);
    const peek = await call(
      assessmentPage.loader,
      getRequest(`/courses/${course.id}/avaliacao?tentativa=${attemptId}`, { cookie: other.cookie }),
      {
        id: String(course.id),
      },
    );
    expect(peek.status).toBe(404);
  });

  test('a course without a final assessment answers 404; a user below E-MASTER is sent away', async () => {
    const { cookie } = await learner();
    // A path id that is no id: the same 404, never a 500 (the fuzz found it).
    for (const bad of ['..%2Fetc', '\u202e', '0']) {
      expect((await call(assessmentPage.loader, getRequest('/courses/x/avaliacao', { cookie }), { id: bad })).status).toBe(404);
      const posted = await call(assessmentPage.action, formRequest('/courses/x/avaliacao', { intent: 'start' }, { cookie }), { id: bad });
      expect(posted.status).toBe(404);
    }
    const plain = db
      .insert(courses)
      .values({
        title: 'Sem prova',
        titleKey: 'sem prova',
        description: 'x',
        category: 'other',
        instructor: 'x',
        duration: '1 h',
        level: 'beginner',
      })
      .returning()
      .get();
    const none = await call(assessmentPage.loader, getRequest(`/courses/${plain.id}/avaliacao`, { cookie }), { id: String(plain.id) });
    expect(none.status).toBe(404);
    const basic = await createUser({ role: 'E-BASIC' });
    const { course } = assessedCourse();
    const away = await call(assessmentPage.loader, getRequest(`/courses/${course.id}/avaliacao`, { cookie: await sessionCookie(basic) }), {
      id: String(course.id),
    });
    expectRedirect(away, '/dashboard');
  });
});

describe('the certificate of an assessed course', () => {
  const issue = (cookie: string, courseId: number) =>
    call(
      coursePage.action,
      formRequest(`/courses/${courseId}`, { intent: 'certificate' }, { cookie }),
      { id: String(courseId) },
      { toast: { pending: null } },
    );

  test('refused until passed; then it carries the NR-1 content, on the public page and read back from the PDF', async () => {
    const { user, cookie } = await learner();
    const { course, lessonIds } = assessedCourse();
    finishLessons(user.id, course.id, lessonIds);
    const early = await issue(cookie, course.id);
    expect(early.status).toBe(409);
    expect(JSON.stringify(await early.json())).toContain(ASSESSED_CERTIFICATE_MESSAGES.notPassed);

    await start(course.id, cookie);
    const attemptId = openAttemptId(user.id, course.id);
    await post(course.id, cookie, answerBody(attemptId, 1));
    const issued = await issue(cookie, course.id);
    expectRedirect(issued, /^\/certificados\/[0-9A-Z]{26}$/);
    const code = issued.headers.get('Location')!.split('/').pop()!;
    const row = db.select().from(certificates).where(eq(certificates.code, code)).get()!;
    expect(JSON.parse(row.record!)).toMatchObject({ workloadHours: 40, gradePercent: 75, modality: 'Ensino a distância' });

    const verified = (await (
      await call(verifyPage.loader, getRequest(`/certificados/${code}`), { codigo: code }, { clientAddress: '198.51.100.9' })
    ).json()) as {
      certificate: { record: unknown };
    };
    expect(verified.certificate.record).toMatchObject({ gradePercent: 75, technicalLead: { registration: 'CREA-SP 5061234567' } });

    const pdf = await call(pdfRoute.loader, getRequest(`/certificados/${code}/pdf`), { codigo: code }, { clientAddress: '198.51.100.10' });
    const document = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
    const { text } = await extractText(document, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Maria da Silva Prado',
      'Carga horária: 40 horas',
      'Riscos em instalações elétricas',
      'Primeiros socorros',
      'Ensino a distância',
      'Eng. Joana Araújo (Engenheira eletricista, especialista em segurança do trabalho)',
      'Eng. Carlos Mendes, Engenheiro eletricista, CREA-SP 5061234567',
      'Nota na avaliação final: 75 %',
      '20/11/2026',
      code,
    ])
      expect(flat).toContain(expected);
  });

  test("the LGPD export lists the attempts with the person's answers, never the right ones", async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse();
    await start(course.id, cookie);
    const submitted = openAttemptId(user.id, course.id);
    await post(course.id, cookie, answerBody(submitted, 2));
    await start(course.id, cookie);
    const exported = exportPersonalData(user.id);
    expect(exported.assessmentAttempts).toHaveLength(2);
    const [graded, open] = exported.assessmentAttempts;
    expect(graded).toMatchObject({ course: course.title, scorePercent: 50, passed: false, passPercent: 70 });
    expect(graded.submittedAt).not.toBeNull();
    expect(graded.answers).toHaveLength(4);
    expect(graded.answers.every((entry) => entry.answer !== null)).toBe(true);
    expect(open).toMatchObject({ submittedAt: null, scorePercent: null, passed: null });
    expect(open.answers.every((entry) => entry.answer === null)).toBe(true);
    const text = JSON.stringify(exported.assessmentAttempts);
    expect(text).not.toContain(SECRET_EXPLANATION);
    expect(text).not.toContain('"correct"');
    expect(text).not.toContain('numericAnswer');
  });

  test('deleting the account removes its attempts', async () => {
    const { user, cookie } = await learner();
    const { course } = assessedCourse();
    await start(course.id, cookie);
    db.delete(users).where(eq(users.id, user.id)).run();
    expect(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id)).all()).toEqual([]);
  });
});
