import { count } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { assessmentAttempts, assessmentQuestions, courses } from '../../db/schema';
import { LESSON_QUIZ_MESSAGES } from '~/models/assessments/lesson-quiz.server';
import * as appLayout from '~/routes/_app+/_layout';
import * as coursePage from '~/routes/_app+/courses.$id';
import * as quizPage from '~/routes/_app+/courses.$id_.aulas.$lessonId.exercicio';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { createUser, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * Issue 31, item 2: a lesson's exercise, practice graded on the server. Its page and data carry no right
 * answer before 'Corrigir'; a plain form post answers right and wrong with the explanations; nothing is
 * stored; the course page links it only from a lesson that has questions.
 */

const QUIZ_ROUTE = 'routes/_app+/courses.$id_.aulas.$lessonId.exercicio';
const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/courses.$id', parentId: 'routes/_app+/_layout', path: 'courses/:id', module: coursePage },
  { id: QUIZ_ROUTE, parentId: 'routes/_app+/_layout', path: 'courses/:id/aulas/:lessonId/exercicio', module: quizPage },
]);

const SECRET = 'EXPLICACAO-DA-AULA';

let sequence = 0;
function courseWithQuiz(price: number | null = null) {
  const title = `Curso com exercício ${++sequence}`;
  const course = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso com exercícios nas aulas.',
      category: 'electrical',
      instructor: 'Eng. Ana Prado',
      duration: '8 horas',
      level: 'beginner',
      priceCents: price,
    })
    .returning()
    .get();
  const [withQuiz, without] = createLessons(course.id, ['Queda de tensão', 'Aterramento']);
  db.insert(assessmentQuestions)
    .values([
      {
        courseId: course.id,
        lessonId: withQuiz.id,
        kind: 'single',
        prompt: 'Qual condutor leva a menor queda?',
        options: JSON.stringify(['2,5 mm²', '10 mm²', '1,5 mm²']),
        correct: JSON.stringify([1]),
        explanation: SECRET,
      },
      {
        courseId: course.id,
        lessonId: withQuiz.id,
        kind: 'numeric',
        prompt: 'Queda de 6,6 V em 220 V, em %?',
        numericAnswer: 3.017,
        tolerance: 0.05,
        unit: '%',
      },
      // A final-assessment question of the same course: never in a lesson's exercise.
      { courseId: course.id, kind: 'true_false', prompt: 'Questão da prova final.', options: '["Verdadeiro","Falso"]', correct: '[0]' },
    ])
    .run();
  return { course, withQuiz, without };
}

async function learner(role: 'E-MASTER' | 'E-BASIC' = 'E-MASTER') {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
}

const quizPath = (courseId: number, lessonId: number) => `/courses/${courseId}/aulas/${lessonId}/exercicio`;
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, '');

function postQuiz(courseId: number, lessonId: number, cookie: string, fields: [string, string][]) {
  return serve(
    new Request(`http://localhost:3000${quizPath(courseId, lessonId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

const attemptsStored = () => db.select({ n: count() }).from(assessmentAttempts).get()!.n;

beforeEach(() => resetAllLimits());

describe("a lesson's exercise", () => {
  test('its page and its data carry the questions without a right answer or an explanation', async () => {
    const { course, withQuiz } = courseWithQuiz();
    const { cookie } = await learner();
    const page = await serve(getRequest(quizPath(course.id, withQuiz.id), { cookie }));
    expect(page.status).toBe(200);
    const text = await html(page);
    const data = await (
      await serve(getRequest(`${quizPath(course.id, withQuiz.id)}?_data=${encodeURIComponent(QUIZ_ROUTE)}`, { cookie }))
    ).text();
    expect(text).toContain('Qual condutor leva a menor queda?');
    expect(text).toContain('Corrigir');
    expect(text).not.toContain('Questão da prova final.');
    for (const body of [text, data]) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toMatch(/3[.,]017|"correct"|numericAnswer|tolerance|"explanation"/);
    }
  });

  test("'Corrigir' (a plain form post) shows right and wrong with the explanations, and stores nothing", async () => {
    const { course, withQuiz } = courseWithQuiz();
    const { cookie } = await learner();
    const before = attemptsStored();
    const version = (
      JSON.parse(
        await (await serve(getRequest(`${quizPath(course.id, withQuiz.id)}?_data=${encodeURIComponent(QUIZ_ROUTE)}`, { cookie }))).text(),
      ) as { quiz: { version: string } }
    ).quiz.version;
    const response = await postQuiz(course.id, withQuiz.id, cookie, [
      ['intent', 'quiz'],
      ['version', version],
      ['q0', '1'],
      ['q1', '3,5'],
    ]);
    expect(response.status).toBe(200);
    const text = await html(response);
    expect(text).toContain('Você acertou 1 de 2');
    expect(text).toContain('Certa: 10 mm²');
    expect(text).toContain('Errada: 3,5 %');
    expect(text).toContain('Resposta correta: 3,017 % (tolerância ± 0,05)');
    expect(text).toContain(SECRET);
    expect(attemptsStored()).toBe(before);

    const boundary = await postQuiz(course.id, withQuiz.id, cookie, [
      ['intent', 'quiz'],
      ['version', version],
      ['q1', '3,067'],
    ]);
    const boundaryText = await html(boundary);
    expect(boundaryText.match(/Você acertou \d+ de \d+|Use apenas[^<]*/)?.[0]).toBe('Você acertou 1 de 2');
  });

  test('a bad number is refused beside its question; a changed exercise asks to answer again', async () => {
    const { course, withQuiz } = courseWithQuiz();
    const { cookie } = await learner();
    const version = `${db
      .select()
      .from(assessmentQuestions)
      .all()
      .filter((row) => row.lessonId === withQuiz.id)
      .map((row) => row.id)
      .join('.')}`;
    const bad = await postQuiz(course.id, withQuiz.id, cookie, [
      ['intent', 'quiz'],
      ['version', version],
      ['q1', 'três'],
    ]);
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain('Use apenas números (ex.: 2,5).');
    const changed = await postQuiz(course.id, withQuiz.id, cookie, [
      ['intent', 'quiz'],
      ['version', '1.2.3'],
      ['q0', '0'],
    ]);
    expect(changed.status).toBe(409);
    expect(await html(changed)).toContain(LESSON_QUIZ_MESSAGES.changed);
  });

  test('a lesson without questions has no exercise; a course the reader may not open is refused', async () => {
    const { course, withQuiz, without } = courseWithQuiz();
    const { cookie } = await learner();
    expect((await serve(getRequest(quizPath(course.id, without.id), { cookie }))).status).toBe(404);
    const other = courseWithQuiz();
    expect((await serve(getRequest(quizPath(other.course.id, withQuiz.id), { cookie }))).status).toBe(404);
    const premium = courseWithQuiz(9990);
    const refused = await serve(getRequest(quizPath(premium.course.id, premium.withQuiz.id), { cookie }));
    expect(refused.status).toBe(403);
    const basic = await learner('E-BASIC');
    expect((await serve(getRequest(quizPath(course.id, withQuiz.id), { cookie: basic.cookie }))).status).toBe(302);
  });

  test("the course page links 'Fazer o exercício' only from a lesson with questions", async () => {
    const { course, withQuiz } = courseWithQuiz();
    const { cookie } = await learner();
    const text = await html(await serve(getRequest(`/courses/${course.id}?tab=content`, { cookie })));
    expect(text.match(/Fazer o exercício/g)).toHaveLength(1);
    expect(text).toContain(`href="${quizPath(course.id, withQuiz.id)}"`);
    expect(text).toContain('2 questões de prática');
  });
});
