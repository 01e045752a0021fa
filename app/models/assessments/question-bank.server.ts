import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { assessmentQuestions, courseAssessments, courses, lessons, type AssessmentQuestionRow } from '../../../db/schema';
import type { AssessmentSettingsInput, QuestionInput } from '../../schemas/question-bank';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { settingsOf, type AssessmentSettings } from './attempts.server';
import { parseBankRow } from './bank-row';

/**
 * The admin's question bank of a course (issue 31): questions of the final assessment (no lesson) and of
 * each lesson's practice quiz, and the final assessment's settings. Every change is audited. A past
 * attempt keeps the questions as it showed them (decision 062), so editing or deleting here never
 * changes a grade already given.
 */

export const QUESTION_BANK_PER_PAGE = 10;

export const QUESTION_BANK_ERRORS = {
  courseNotFound: 'Curso não encontrado',
  questionNotFound: 'Questão não encontrada',
  lessonNotFound: 'Aula não encontrada neste curso',
} as const;

/** A bank question as the admin sees and edits it (right answers included: admins only). */
export type BankQuestionView = QuestionInput & { id: number; lessonTitle: string | null };

const toBankQuestion = (row: AssessmentQuestionRow, lessonTitle: string | null): BankQuestionView => ({
  ...parseBankRow(row),
  lessonId: row.lessonId,
  lessonTitle,
});

function assertCourse(tx: Executor, courseId: number) {
  const row = tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).get();
  if (!row) throw new AppError(404, QUESTION_BANK_ERRORS.courseNotFound);
}

function assertLesson(tx: Executor, courseId: number, lessonId: number | null) {
  if (lessonId === null) return;
  const row = tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .get();
  if (!row) throw new AppError(400, QUESTION_BANK_ERRORS.lessonNotFound, 'lessonId');
}

function findQuestion(tx: Executor, courseId: number, questionId: number): AssessmentQuestionRow {
  const row = tx
    .select()
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.id, questionId), eq(assessmentQuestions.courseId, courseId)))
    .get();
  if (!row) throw new AppError(404, QUESTION_BANK_ERRORS.questionNotFound);
  return row;
}

const columnsOf = (input: QuestionInput) => ({
  lessonId: input.lessonId,
  kind: input.kind,
  prompt: input.prompt,
  options: JSON.stringify(input.options),
  correct: JSON.stringify(input.correct),
  numericAnswer: input.numericAnswer,
  tolerance: input.tolerance,
  unit: input.unit,
  explanation: input.explanation,
});

const where = (input: Pick<QuestionInput, 'lessonId'>) => (input.lessonId === null ? 'avaliação final' : `aula #${input.lessonId}`);
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * A page of the bank, the final assessment's questions first (SQLite sorts nulls first), then each lesson's,
 * in the order of the index `assessment_questions_course_idx` (course, lesson, id): no sort step. `lessonTitle` names the lesson of a quiz question.
 */
export function questionBankPage(courseId: number, query: { page: number }): Page<BankQuestionView> {
  const scope = eq(assessmentQuestions.courseId, courseId);
  return paginate(
    { page: query.page, perPage: QUESTION_BANK_PER_PAGE },
    {
      count: () => db.select({ n: count() }).from(assessmentQuestions).where(scope).get()?.n ?? 0,
      rows: (limit, offset) =>
        db
          .select({ question: assessmentQuestions, lessonTitle: lessons.title })
          .from(assessmentQuestions)
          .leftJoin(lessons, eq(lessons.id, assessmentQuestions.lessonId))
          .where(scope)
          .orderBy(asc(assessmentQuestions.lessonId), asc(assessmentQuestions.id))
          .limit(limit)
          .offset(offset)
          .all()
          .map((row) => toBankQuestion(row.question, row.lessonTitle)),
    },
  );
}

/** One question for the edit dialog; null when it is not (or no longer) in this course. */
export function bankQuestion(courseId: number, questionId: number): BankQuestionView | null {
  const row = db
    .select({ question: assessmentQuestions, lessonTitle: lessons.title })
    .from(assessmentQuestions)
    .leftJoin(lessons, eq(lessons.id, assessmentQuestions.lessonId))
    .where(and(eq(assessmentQuestions.id, questionId), eq(assessmentQuestions.courseId, courseId)))
    .get();
  return row ? toBankQuestion(row.question, row.lessonTitle) : null;
}

export function createQuestion(actor: AuditActor, courseId: number, input: QuestionInput): BankQuestionView {
  return db.transaction((tx) => {
    assertCourse(tx, courseId);
    assertLesson(tx, courseId, input.lessonId);
    const row = tx
      .insert(assessmentQuestions)
      .values({ courseId, ...columnsOf(input) })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: 'question.create',
      entityType: 'assessment_question',
      entityId: row.id,
      summary: `curso #${courseId}, ${where(input)}: ${short(input.prompt)}`,
    });
    return toBankQuestion(row, null);
  });
}

export function updateQuestion(actor: AuditActor, courseId: number, questionId: number, input: QuestionInput): BankQuestionView {
  return db.transaction((tx) => {
    assertCourse(tx, courseId);
    findQuestion(tx, courseId, questionId);
    assertLesson(tx, courseId, input.lessonId);
    const row = tx.update(assessmentQuestions).set(columnsOf(input)).where(eq(assessmentQuestions.id, questionId)).returning().get();
    recordAudit(tx, actor, {
      action: 'question.update',
      entityType: 'assessment_question',
      entityId: row.id,
      summary: `curso #${courseId}, ${where(input)}: ${short(input.prompt)}`,
    });
    return toBankQuestion(row, null);
  });
}

export function deleteQuestion(actor: AuditActor, courseId: number, questionId: number): void {
  db.transaction((tx) => {
    assertCourse(tx, courseId);
    const row = findQuestion(tx, courseId, questionId);
    tx.delete(assessmentQuestions).where(eq(assessmentQuestions.id, questionId)).run();
    recordAudit(tx, actor, {
      action: 'question.delete',
      entityType: 'assessment_question',
      entityId: questionId,
      summary: `curso #${courseId}, ${where(row)}: ${short(row.prompt)}`,
    });
  });
}

/** The admin panel's view of the final assessment: its settings (null: none) and how many questions its bank holds. */
export type FinalAssessmentAdminView = { settings: AssessmentSettings | null; finalBankSize: number };

export function finalAssessmentAdminView(courseId: number): FinalAssessmentAdminView {
  const finalBankSize =
    db
      .select({ n: count() })
      .from(assessmentQuestions)
      .where(and(eq(assessmentQuestions.courseId, courseId), isNull(assessmentQuestions.lessonId)))
      .get()?.n ?? 0;
  return { settings: settingsOf(courseId), finalBankSize };
}

const settingsSummary = (input: AssessmentSettingsInput) =>
  [
    `nota mínima ${input.passPercent} %`,
    `${input.questionsPerAttempt} questões por tentativa`,
    input.timeLimitMinutes === null ? 'sem tempo limite' : `${input.timeLimitMinutes} min`,
    input.maxAttempts === null ? 'tentativas sem limite' : `${input.maxAttempts} tentativas`,
    input.waitHours === null ? 'sem espera' : `espera de ${input.waitHours} h`,
  ].join(', ');

/** 'Salvar avaliação final': creates the course's final assessment or changes its settings (attempts already started keep theirs). */
export function saveAssessmentSettings(actor: AuditActor, courseId: number, input: AssessmentSettingsInput, now = new Date()): void {
  db.transaction((tx) => {
    assertCourse(tx, courseId);
    const existed = settingsOf(courseId, tx) !== null;
    tx.insert(courseAssessments)
      .values({ courseId, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: courseAssessments.courseId, set: { ...input, updatedAt: now } })
      .run();
    recordAudit(tx, actor, {
      action: existed ? 'assessment.update' : 'assessment.create',
      entityType: 'course',
      entityId: courseId,
      summary: `avaliação final do curso #${courseId}: ${settingsSummary(input)}`,
    });
  });
}

/**
 * 'Remover avaliação final': the course no longer has one (its certificate then needs only the lessons).
 * The bank and the past attempts stay; saving the settings again brings the assessment back.
 */
export function removeAssessment(actor: AuditActor, courseId: number): void {
  db.transaction((tx) => {
    assertCourse(tx, courseId);
    const removed = tx.delete(courseAssessments).where(eq(courseAssessments.courseId, courseId)).returning().get();
    if (!removed) throw new AppError(404, 'Este curso não tem avaliação final');
    recordAudit(tx, actor, {
      action: 'assessment.remove',
      entityType: 'course',
      entityId: courseId,
      summary: `avaliação final do curso #${courseId} removida (questões e tentativas mantidas)`,
    });
  });
}
