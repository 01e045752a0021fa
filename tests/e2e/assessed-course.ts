import type { Page } from '@playwright/test';
import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../../db/client';
import { assessmentAttempts, assessmentQuestions, courseAssessments } from '../../db/schema';
import type { ShownQuestion } from '../../app/models/assessments/grade';
import { createCourse, createLessons } from '../setup/factories';

type CourseFields = Parameters<typeof createCourse>[0];
type Settings = Partial<typeof courseAssessments.$inferInsert>;

/**
 * A NR-10 course with two lessons and a final assessment of three questions (single choice, true or false,
 * numeric: 3 % with 5 % tolerance), all drawn per attempt. The first question's explanation is shown after grading.
 */
export function nr10AssessedCourse(fields: CourseFields, settings: Settings = {}, explanation?: string) {
  const course = createCourse(fields);
  const lessonIds = createLessons(course.id, ['Riscos elétricos', 'Medidas de controle']).map((lesson) => lesson.id);
  db.insert(courseAssessments)
    .values({ courseId: course.id, passPercent: 70, questionsPerAttempt: 3, ...settings })
    .run();
  db.insert(assessmentQuestions)
    .values([
      {
        courseId: course.id,
        kind: 'single',
        prompt: 'Primeiro passo da desenergização?',
        options: JSON.stringify(['Seccionamento', 'Aterramento temporário', 'Sinalização']),
        correct: JSON.stringify([0]),
        explanation,
      },
      {
        courseId: course.id,
        kind: 'true_false',
        prompt: 'Adornos pessoais são permitidos.',
        options: JSON.stringify(['Verdadeiro', 'Falso']),
        correct: JSON.stringify([1]),
      },
      { courseId: course.id, kind: 'numeric', prompt: 'Queda de 6,6 V em 220 V, em %?', numericAnswer: 3, tolerance: 0.05, unit: '%' },
    ])
    .run();
  return { course, lessonIds };
}

export const openAttempt = (userId: number, courseId: number) =>
  db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId), isNull(assessmentAttempts.submittedAt)))
    .get()!;

/** Answers the open attempt on the page: every question right, or every one wrong. */
export async function answerAttempt(page: Page, questions: ShownQuestion[], right: boolean) {
  for (const [index, question] of questions.entries()) {
    if (question.kind === 'numeric') {
      await page.locator(`input[name="q${index}"]`).fill(right ? '3,04' : '30');
      continue;
    }
    const choice = right ? question.correct[0] : (question.correct[0] + 1) % question.options.length;
    await page.locator(`input[name="q${index}"][value="${choice}"]`).check();
  }
}
