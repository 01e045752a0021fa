import { asc, eq } from 'drizzle-orm';
import { type Executor } from '../../../db/client';
import { assessmentAttempts, courses } from '../../../db/schema';
import type { Answer, ShownQuestion } from './grade';

/**
 * A user's assessment attempts as the LGPD export lists them (issue 31): the course, the dates, the score
 * and, per question as it was shown, the person's own answer. The right answers and explanations are the
 * course's, not the person's, and an open attempt's must never leave the server: the export carries
 * neither. Deleting the account deletes the attempts (the table cascades from `users`).
 */
export function attemptsOf(userId: number, executor: Executor) {
  return executor
    .select({ attempt: assessmentAttempts, courseTitle: courses.title })
    .from(assessmentAttempts)
    .innerJoin(courses, eq(courses.id, assessmentAttempts.courseId))
    .where(eq(assessmentAttempts.userId, userId))
    .orderBy(asc(assessmentAttempts.startedAt), asc(assessmentAttempts.id))
    .all()
    .map(({ attempt, courseTitle }) => {
      const shown = JSON.parse(attempt.questions) as ShownQuestion[];
      const answers = attempt.answers === null ? null : (JSON.parse(attempt.answers) as Answer[]);
      return {
        course: courseTitle,
        startedAt: attempt.startedAt.toISOString(),
        deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
        submittedAt: attempt.submittedAt?.toISOString() ?? null,
        scorePercent: attempt.scorePercent,
        passed: attempt.passed,
        passPercent: attempt.passPercent,
        answers: shown.map((question, index) => ({
          question: question.prompt,
          options: question.options,
          unit: question.unit,
          answer: answers?.[index] ?? null,
        })),
      };
    });
}
