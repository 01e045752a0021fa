import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { assessmentAttempts, assessmentQuestions, auditLog, courseAssessments, courses } from '../../db/schema';
import { createLessons } from '../setup/factories';
import { questionBankPage } from '~/models/assessments/question-bank.server';
import * as appLayout from '~/routes/_app+/_layout';
import * as assessmentPage from '~/routes/_app+/courses.$id_.avaliacao';
import * as coursePage from '~/routes/_app+/courses.$id';
import { QUESTION_BANK_MESSAGES, questionInputSchema } from '~/schemas/question-bank';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';
import { queryPlans } from './helpers/query-plans';

/**
 * Issue 31, item 1: the admin's question bank on the course page, through plain form posts (no
 * JavaScript): each kind of question, the Portuguese refusals, the final assessment's settings, the
 * audit rows, 403 for anyone else, and a past attempt that an edited bank leaves as it was graded.
 */

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/courses.$id', parentId: 'routes/_app+/_layout', path: 'courses/:id', module: coursePage },
  { id: 'routes/_app+/courses.$id_.avaliacao', parentId: 'routes/_app+/_layout', path: 'courses/:id/avaliacao', module: assessmentPage },
]);

let sequence = 0;
function makeCourse() {
  const title = `Curso com banco ${++sequence}`;
  const course = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso de teste do banco de questões.',
      category: 'electrical',
      instructor: 'Eng. Ana Prado',
      duration: '8 horas',
      level: 'beginner',
    })
    .returning()
    .get();
  const lesson = createLessons(course.id, ['Aula de queda de tensão'])[0]!;
  return { course, lesson };
}

async function signed(role: 'admin' | 'E-MASTER') {
  const user = await createUser({ role, fullName: 'Pessoa de Teste' });
  return { user, cookie: await sessionCookie(user) };
}

function postTo(path: string, action: typeof coursePage.action, courseId: number, cookie: string, fields: [string, string][]) {
  return call(
    action,
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    }),
    { id: String(courseId) },
    { toast: { pending: null } },
  );
}

const postBank = (courseId: number, cookie: string, fields: [string, string][]) =>
  postTo(`/courses/${courseId}?tab=admin&dialog=question`, coursePage.action, courseId, cookie, fields);

const SINGLE: [string, string][] = [
  ['intent', 'create-question'],
  ['kind', 'single'],
  ['lessonId', ''],
  ['prompt', 'Qual medida de proteção coletiva vem primeiro na NR-10?'],
  ['option1', 'Luvas isolantes'],
  ['option2', 'Desenergização'],
  ['option3', ''],
  ['option4', 'Placa de advertência'],
  ['option5', ''],
  ['correct', '2'],
  ['explanation', 'A desenergização é a medida prioritária.'],
];

const bankOf = (courseId: number) =>
  db.select().from(assessmentQuestions).where(eq(assessmentQuestions.courseId, courseId)).orderBy(assessmentQuestions.id).all();

const auditsOf = (actorId: number) => db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).all();

/** A page's HTML without the comments React puts between adjacent texts. */
const pageText = async (path: string, cookie: string) =>
  (await (await serve(getRequest(path, { cookie }))).text()).replace(/<!-- -->/g, '');

const replyOf = async (response: Response) => (await response.json()) as { intent: string; result: { error?: Record<string, string[]> } };

beforeEach(() => resetAllLimits());

describe('authoring through the page without JavaScript', () => {
  test('each kind is stored as authored, blank options dropped and right answers remapped, each audited', async () => {
    const { course, lesson } = makeCourse();
    const admin = await signed('admin');
    const back = `/courses/${course.id}?tab=admin#question-bank-title`;
    expectRedirect(await postBank(course.id, admin.cookie, SINGLE), back);
    expectRedirect(
      await postBank(course.id, admin.cookie, [
        ['intent', 'create-question'],
        ['kind', 'multiple'],
        ['lessonId', String(lesson.id)],
        ['prompt', 'Quais são EPIs?'],
        ['option1', 'Luva isolante'],
        ['option2', 'Barreira física'],
        ['option3', 'Capacete classe B'],
        ['correct', '1'],
        ['correct', '3'],
      ]),
      back,
    );
    expectRedirect(
      await postBank(course.id, admin.cookie, [
        ['intent', 'create-question'],
        ['kind', 'true_false'],
        ['prompt', 'Adornos pessoais são permitidos em trabalhos com eletricidade.'],
        ['trueFalse', 'false'],
        // Fields of other kinds, sent by the no-JavaScript form, are ignored.
        ['option1', 'ignorada'],
        ['correct', '1'],
      ]),
      back,
    );
    expectRedirect(
      await postBank(course.id, admin.cookie, [
        ['intent', 'create-question'],
        ['kind', 'numeric'],
        ['prompt', 'Qual é a queda de tensão do circuito?'],
        ['numericAnswer', '3,42'],
        ['tolerance', '0,05'],
        ['unit', '%'],
      ]),
      back,
    );
    const rows = bankOf(course.id);
    expect(rows.map((row) => [row.kind, row.lessonId, JSON.parse(row.options), JSON.parse(row.correct)])).toEqual([
      ['single', null, ['Luvas isolantes', 'Desenergização', 'Placa de advertência'], [1]],
      ['multiple', lesson.id, ['Luva isolante', 'Barreira física', 'Capacete classe B'], [0, 2]],
      ['true_false', null, ['Verdadeiro', 'Falso'], [1]],
      ['numeric', null, [], []],
    ]);
    expect(rows[0].explanation).toBe('A desenergização é a medida prioritária.');
    expect(rows[3]).toMatchObject({ numericAnswer: 3.42, tolerance: 0.05, unit: '%', explanation: null });
    expect(auditsOf(admin.user.id).map((row) => row.action)).toEqual(Array(4).fill('question.create'));

    // The admin tab lists them, the final assessment's first, with the right answers (admins only).
    const html = await pageText(`/courses/${course.id}?tab=admin`, admin.cookie);
    expect(html).toContain('4 questões');
    expect(html).toContain('Exercício da aula: Aula de queda de tensão');
    expect(html).toContain('Correta: 3,42 % (± 0,05)');
  });

  test('editing and deleting are audited; a question of another course is not found', async () => {
    const { course } = makeCourse();
    const other = makeCourse();
    const admin = await signed('admin');
    await postBank(course.id, admin.cookie, SINGLE);
    const [row] = bankOf(course.id);
    const edited = SINGLE.map(([name, value]): [string, string] =>
      name === 'intent' ? [name, 'update-question'] : name === 'correct' ? [name, '1'] : [name, value],
    );
    expectRedirect(await postBank(course.id, admin.cookie, [...edited, ['questionId', String(row.id)]]), /tab=admin/);
    expect(JSON.parse(bankOf(course.id)[0].correct)).toEqual([0]);

    const elsewhere = await postBank(other.course.id, admin.cookie, [...edited, ['questionId', String(row.id)]]);
    expect(elsewhere.status).toBe(404);
    const missing = await postBank(other.course.id, admin.cookie, [
      ['intent', 'delete-question'],
      ['questionId', String(row.id)],
    ]);
    expect(missing.status).toBe(404);

    expectRedirect(
      await postBank(course.id, admin.cookie, [
        ['intent', 'delete-question'],
        ['questionId', String(row.id)],
      ]),
      /tab=admin/,
    );
    expect(bankOf(course.id)).toHaveLength(0);
    expect(auditsOf(admin.user.id).map((audit) => audit.action)).toEqual(['question.create', 'question.update', 'question.delete']);
  });

  test.each([
    ['a multiple choice with no right option', [['correct', '']], 'correct', QUESTION_BANK_MESSAGES.noCorrect],
    [
      'one right option marked twice',
      [
        ['correct', '1'],
        ['correct', '2'],
      ],
      'correct',
      QUESTION_BANK_MESSAGES.oneCorrect,
    ],
    ['a right mark on a blank option', [['correct', '3']], 'correct', QUESTION_BANK_MESSAGES.correctBlank],
    [
      'a single option',
      [
        ['option2', ''],
        ['option4', ''],
        ['correct', '1'],
      ],
      'option1',
      QUESTION_BANK_MESSAGES.optionCount,
    ],
    ['no prompt', [['prompt', '  ']], 'prompt', QUESTION_BANK_MESSAGES.prompt],
    ['an unknown kind', [['kind', 'essay']], 'kind', QUESTION_BANK_MESSAGES.kind],
  ] as [string, [string, string][], string, string][])(
    'refuses %s with its message beside the field',
    async (_, changes, field, message) => {
      const { course } = makeCourse();
      const admin = await signed('admin');
      const names = new Set(changes.map(([name]) => name));
      const response = await postBank(course.id, admin.cookie, [...SINGLE.filter(([name]) => !names.has(name)), ...changes]);
      expect(response.status).toBe(400);
      expect((await replyOf(response)).result.error?.[field]).toEqual([message]);
      expect(bankOf(course.id)).toHaveLength(0);
    },
  );

  test.each([
    ['a negative tolerance', { numericAnswer: '2,5', tolerance: '-0,1' }, 'tolerance', QUESTION_BANK_MESSAGES.toleranceNegative],
    ['no tolerance', { numericAnswer: '2,5', tolerance: '' }, 'tolerance', QUESTION_BANK_MESSAGES.tolerance],
    ['an answer that is not a number', { numericAnswer: '2,5 V', tolerance: '0' }, 'numericAnswer', QUESTION_BANK_MESSAGES.numericAnswer],
    ['a thousands separator', { numericAnswer: '1.500,5', tolerance: '0' }, 'numericAnswer', QUESTION_BANK_MESSAGES.numericAnswer],
  ])('a numeric question with %s is refused', (_, values, field, message) => {
    const result = questionInputSchema.safeParse({ kind: 'numeric', prompt: 'Corrente?', ...values });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({ [field]: [message] });
  });

  test('a true/false question needs its answer; a lesson of another course is refused', async () => {
    expect(questionInputSchema.safeParse({ kind: 'true_false', prompt: 'Afirmação.' }).error?.flatten().fieldErrors).toEqual({
      trueFalse: [QUESTION_BANK_MESSAGES.trueFalse],
    });
    const { course } = makeCourse();
    const other = makeCourse();
    const admin = await signed('admin');
    const response = await postBank(course.id, admin.cookie, [
      ...SINGLE.filter(([name]) => name !== 'lessonId'),
      ['lessonId', String(other.lesson.id)],
    ]);
    expect(response.status).toBe(400);
    expect((await replyOf(response)).result.error?.lessonId).toEqual(['Aula não encontrada neste curso']);
  });

  test('the final assessment: created with a 70 % default, changed, refused when waiting without a limit, removed; each audited', async () => {
    const { course } = makeCourse();
    const admin = await signed('admin');
    const settings = () => db.select().from(courseAssessments).where(eq(courseAssessments.courseId, course.id)).get();
    expectRedirect(
      await postBank(course.id, admin.cookie, [
        ['intent', 'assessment-settings'],
        ['questionsPerAttempt', '5'],
      ]),
      /tab=admin/,
    );
    expect(settings()).toMatchObject({
      passPercent: 70,
      questionsPerAttempt: 5,
      timeLimitMinutes: null,
      maxAttempts: null,
      waitHours: null,
    });

    const refused = await postBank(course.id, admin.cookie, [
      ['intent', 'assessment-settings'],
      ['waitHours', '24'],
    ]);
    expect(refused.status).toBe(400);
    expect((await replyOf(refused)).result.error?.waitHours).toEqual([QUESTION_BANK_MESSAGES.waitNeedsLimit]);
    const badPass = await postBank(course.id, admin.cookie, [
      ['intent', 'assessment-settings'],
      ['passPercent', '101'],
    ]);
    expect((await replyOf(badPass)).result.error?.passPercent).toEqual([QUESTION_BANK_MESSAGES.passPercent]);

    const full: [string, string][] = [
      ['intent', 'assessment-settings'],
      ['passPercent', '80'],
      ['questionsPerAttempt', '10'],
      ['timeLimitMinutes', '30'],
      ['maxAttempts', '3'],
      ['waitHours', '24'],
    ];
    expectRedirect(await postBank(course.id, admin.cookie, full), /tab=admin/);
    expect(settings()).toMatchObject({ passPercent: 80, questionsPerAttempt: 10, timeLimitMinutes: 30, maxAttempts: 3, waitHours: 24 });

    expectRedirect(await postBank(course.id, admin.cookie, [['intent', 'remove-assessment']]), /tab=admin/);
    expect(settings()).toBeUndefined();
    expect((await postBank(course.id, admin.cookie, [['intent', 'remove-assessment']])).status).toBe(404);
    expect(auditsOf(admin.user.id).map((row) => [row.action, row.summary])).toEqual([
      ['assessment.create', expect.stringContaining('nota mínima 70 %')],
      ['assessment.update', expect.stringContaining('3 tentativas, espera de 24 h')],
      ['assessment.remove', expect.any(String)],
    ]);
  });

  test('anyone but an admin gets 403 for every authoring intent, and nothing is written', async () => {
    const { course } = makeCourse();
    const learner = await signed('E-MASTER');
    for (const fields of [
      SINGLE,
      [...SINGLE.slice(1), ['intent', 'update-question'], ['questionId', '1']],
      [
        ['intent', 'delete-question'],
        ['questionId', '1'],
      ],
      [
        ['intent', 'assessment-settings'],
        ['passPercent', '70'],
      ],
      [['intent', 'remove-assessment']],
    ] as [string, string][][]) {
      const response = await postBank(course.id, learner.cookie, fields);
      expect(response.status, fields[0][1]).toBe(403);
    }
    expect(bankOf(course.id)).toHaveLength(0);
    expect(db.select().from(courseAssessments).where(eq(courseAssessments.courseId, course.id)).get()).toBeUndefined();
    // And the learner's page has no bank.
    const html = await (await serve(getRequest(`/courses/${course.id}?tab=admin&dialog=question`, { cookie: learner.cookie }))).text();
    expect(html).not.toContain('Adicionar questão');
    expect(html).not.toContain('Nova questão');
  });
});

describe('the bank list', () => {
  test('is paginated on the server, 10 a page, final questions first, read through the course index without a sort', async () => {
    const { course, lesson } = makeCourse();
    const admin = await signed('admin');
    for (let index = 0; index < 12; index++) {
      db.insert(assessmentQuestions)
        .values({
          courseId: course.id,
          lessonId: index % 3 === 0 ? lesson.id : null,
          kind: 'true_false',
          prompt: `Afirmação número ${index}`,
          options: '["Verdadeiro","Falso"]',
          correct: '[0]',
        })
        .run();
    }
    const first = questionBankPage(course.id, { page: 1 });
    expect(first).toMatchObject({ total: 12, pageCount: 2 });
    expect(first.items.map((item) => item.lessonId)).toEqual([...Array(8).fill(null), lesson.id, lesson.id]);
    expect(questionBankPage(course.id, { page: 2 }).items).toHaveLength(2);
    const plans = queryPlans(sqliteConnection(), () => questionBankPage(course.id, { page: 2 }));
    const rows = plans.find((plan) => /limit/i.test(plan.sql))!.plan.join(' | ');
    expect(rows).toMatch(/assessment_questions_course_idx/);
    expect(rows).not.toMatch(/TEMP B-TREE/);

    const page2 = await pageText(`/courses/${course.id}?tab=admin&page=2`, admin.cookie);
    expect(page2).toContain('Página 2 de 2');
    expect(page2).toContain('Afirmação número 9');
  });
});

describe('a past attempt', () => {
  test('keeps its questions, answers and grade after the bank is edited and emptied through the page', async () => {
    const { course } = makeCourse();
    const admin = await signed('admin');
    const learner = await signed('E-MASTER');
    await postBank(course.id, admin.cookie, [
      ['intent', 'assessment-settings'],
      ['questionsPerAttempt', '1'],
    ]);
    await postBank(course.id, admin.cookie, SINGLE);
    const [question] = bankOf(course.id);
    const assessment = (fields: [string, string][]) =>
      postTo(`/courses/${course.id}/avaliacao`, assessmentPage.action as typeof coursePage.action, course.id, learner.cookie, fields);
    await assessment([['intent', 'start']]);
    const attempt = db
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.userId, learner.user.id), eq(assessmentAttempts.courseId, course.id)))
      .get()!;
    const shown = JSON.parse(attempt.questions) as { options: string[]; correct: number[] }[];
    await assessment([
      ['intent', 'submit'],
      ['attemptId', String(attempt.id)],
      ['q0', String(shown[0].correct[0])],
    ]);
    const resultPath = `/courses/${course.id}/avaliacao?tentativa=${attempt.id}`;
    const before = await (await serve(getRequest(resultPath, { cookie: learner.cookie }))).text();
    expect(before).toContain('Aprovado');

    const rewritten = SINGLE.map(([name, value]): [string, string] =>
      name === 'intent'
        ? [name, 'update-question']
        : name === 'prompt'
          ? [name, 'Enunciado reescrito depois']
          : name === 'correct'
            ? [name, '1']
            : [name, value],
    );
    expectRedirect(await postBank(course.id, admin.cookie, [...rewritten, ['questionId', String(question.id)]]), /tab=admin/);
    const afterEdit = await (await serve(getRequest(resultPath, { cookie: learner.cookie }))).text();
    expect(afterEdit).toContain('Qual medida de proteção coletiva vem primeiro na NR-10?');
    expect(afterEdit).not.toContain('Enunciado reescrito depois');
    expect(afterEdit).toContain('Aprovado');

    await postBank(course.id, admin.cookie, [
      ['intent', 'delete-question'],
      ['questionId', String(question.id)],
    ]);
    const afterDelete = db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attempt.id)).get()!;
    expect(afterDelete).toEqual(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attempt.id)).get());
    expect(afterDelete).toMatchObject({ passed: true, correctCount: 1, questions: attempt.questions });
    expect(await (await serve(getRequest(resultPath, { cookie: learner.cookie }))).text()).toContain('Aprovado');
  });
});
