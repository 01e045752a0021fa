import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { createLessons } from '../setup/factories';
import { assessmentAttempts, courseAssessments, courses, lessonProgress } from '../../db/schema';
import * as account from '~/routes/_app+/account';
import * as appLayout from '~/routes/_app+/_layout';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { createUser, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * Issue 31: 'Minha Conta' → 'Certificados' offered 'Emitir certificado' for a completed course whose final
 * assessment was not passed yet (the action then answered 409). It now says what is missing, with a link
 * to the assessment, and offers the certificate once an attempt passed.
 */

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/account', parentId: 'routes/_app+/_layout', path: 'account', module: account },
]);

function completedAssessedCourse(userId: number) {
  const title = `Curso avaliado ${Math.random().toString(36).slice(2, 8)}`;
  const course = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso com avaliação final.',
      category: 'electrical',
      instructor: 'Eng. Ana Prado',
      duration: '8 horas',
      level: 'beginner',
    })
    .returning()
    .get();
  const lesson = createLessons(course.id, ['Aula única'])[0]!;
  db.insert(lessonProgress).values({ userId, courseId: course.id, lessonId: lesson.id, completedAt: new Date() }).run();
  db.insert(courseAssessments).values({ courseId: course.id, questionsPerAttempt: 1 }).run();
  return course;
}

/** The 'Certificados' section of the account page, without React's text separators. */
async function certificatesSection(cookie: string) {
  const html = (await (await serve(getRequest('/account', { cookie }))).text()).replace(/<!-- -->/g, '');
  const start = html.indexOf('id="certificados"');
  return html.slice(start, html.indexOf('</section>', start));
}

beforeEach(() => resetAllLimits());

describe("'Minha Conta' → 'Certificados' for a course with a final assessment", () => {
  test("says 'Faça a avaliação final' with its link until an attempt passes, then offers 'Emitir certificado'", async () => {
    const user = await createUser({ role: 'E-MASTER', fullName: 'Lia Moraes' });
    const cookie = await sessionCookie(user);
    const course = completedAssessedCourse(user.id);

    const before = await certificatesSection(cookie);
    expect(before).toContain(course.title);
    expect(before).toContain(`href="/courses/${course.id}/avaliacao"`);
    expect(before).toContain('Faça a avaliação final');
    expect(before).not.toContain('Emitir certificado');

    const now = new Date();
    db.insert(assessmentAttempts)
      .values({ userId: user.id, courseId: course.id, questions: '[]', passPercent: 70, startedAt: now, submittedAt: now, passed: false })
      .run();
    expect(await certificatesSection(cookie)).toContain('Faça a avaliação final');

    db.insert(assessmentAttempts)
      .values({
        userId: user.id,
        courseId: course.id,
        questions: '[]',
        passPercent: 70,
        startedAt: now,
        submittedAt: now,
        passed: true,
        scorePercent: 100,
      })
      .run();
    const after = await certificatesSection(cookie);
    expect(after).toContain('Emitir certificado');
    expect(after).not.toContain('Faça a avaliação final');
  });
});
