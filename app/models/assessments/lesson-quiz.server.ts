import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { assessmentQuestions, lessons, type UserRow } from '../../../db/schema';
import { MAX_QUESTIONS_PER_ATTEMPT } from '../../schemas/assessment';
import { AppError } from '../../utils/errors';
import { loadOpenCourseFor } from '../courses/access.server';
import { readAnswers, type OpenQuestion } from './attempts.server';
import { parseBankRow } from './bank-row';
import { gradeAttempt } from './grade';
import { reviewQuestionOf, type ReviewQuestion } from './graded-review';

/**
 * A lesson's exercise (issue 31): practice at the end of a lesson, not graded for the certificate. The
 * questions are the bank's with that lesson, shown in the bank's order without their answers; a
 * submission is graded here and answered with the right answers and explanations, and nothing is
 * stored (a practice result would add a table and an erasure rule for no use yet).
 */

export const LESSON_QUIZ_MESSAGES = {
  lessonNotFound: 'Aula não encontrada',
  none: 'Esta aula não tem exercício.',
  changed: 'O exercício desta aula mudou enquanto você respondia. Responda de novo.',
} as const;

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** The exercise as the learner sees it before answering; `version` names the questions shown, in order. */
export type LessonQuizView = { lesson: { id: number; title: string }; version: string; questions: OpenQuestion[] };

/** The graded exercise: each question with the answer given, the right one and the explanation. */
export type LessonQuizResult = { correctCount: number; total: number; questions: ReviewQuestion[] };

const shown = parseBankRow;

function loadQuiz(viewer: Viewer, courseId: number, lessonId: number, tx: Executor) {
  loadOpenCourseFor(viewer, courseId, tx);
  const lesson = tx
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .get();
  if (!lesson) throw new AppError(404, LESSON_QUIZ_MESSAGES.lessonNotFound);
  const questions = tx
    .select()
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.courseId, courseId), eq(assessmentQuestions.lessonId, lessonId)))
    .orderBy(asc(assessmentQuestions.id))
    .limit(MAX_QUESTIONS_PER_ATTEMPT)
    .all()
    .map(shown);
  if (questions.length === 0) throw new AppError(404, LESSON_QUIZ_MESSAGES.none);
  return { lesson, questions, version: questions.map((question) => question.id).join('.') };
}

export function lessonQuizFor(viewer: Viewer, courseId: number, lessonId: number): LessonQuizView {
  return db.transaction((tx) => {
    const { lesson, questions, version } = loadQuiz(viewer, courseId, lessonId, tx);
    return { lesson, version, questions: questions.map(({ kind, prompt, options, unit }) => ({ kind, prompt, options, unit })) };
  });
}

/** 'Corrigir': grades the answers against the questions that were shown (`version`); stores nothing. */
export function gradeLessonQuiz(
  viewer: Viewer,
  courseId: number,
  lessonId: number,
  version: string,
  raw: Record<string, string[] | undefined>,
): LessonQuizResult {
  return db.transaction((tx) => {
    const quiz = loadQuiz(viewer, courseId, lessonId, tx);
    if (quiz.version !== version) throw new AppError(409, LESSON_QUIZ_MESSAGES.changed);
    const answers = readAnswers(quiz.questions, raw);
    const grade = gradeAttempt(quiz.questions, answers, 100);
    return {
      correctCount: grade.correctCount,
      total: grade.total,
      questions: quiz.questions.map((question, index) =>
        reviewQuestionOf({ ...question, answer: answers[index], right: grade.right[index] }),
      ),
    };
  });
}

/** How many exercise questions each lesson of a course has (the lessons without any are left out). */
export function lessonQuizCounts(courseId: number): Record<number, number> {
  const rows = db
    .select({ lessonId: assessmentQuestions.lessonId, n: count() })
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.courseId, courseId), isNotNull(assessmentQuestions.lessonId)))
    .groupBy(assessmentQuestions.lessonId)
    .all();
  return Object.fromEntries(rows.map((row) => [row.lessonId!, Math.min(row.n, MAX_QUESTIONS_PER_ATTEMPT)]));
}
