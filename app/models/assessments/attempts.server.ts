import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import {
  assessmentAttempts,
  assessmentQuestions,
  courseAssessments,
  type AssessmentAttemptRow,
  type AssessmentQuestionRow,
  type CourseAssessmentRow,
  type UserRow,
} from '../../../db/schema';
import { parseDecimal } from '../../calculators/parse';
import { AppError } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { loadOpenCourseFor } from '../courses/access.server';
import { gradeAttempt, type Answer, type ShownQuestion } from './grade';

/**
 * Taking a course's final assessment (issue 31): start an attempt (questions drawn from the bank, options
 * shuffled, snapshotted with their right answers on the server), answer, submit. Grading happens here
 * only; an open attempt leaves the server without its right answers (`OpenAttemptView`). The time limit,
 * the attempt limit and the wait are enforced here, and a submitted attempt is never changed: a second
 * submission of the same attempt (another tab) gets the first one's grade.
 */

export const ASSESSMENT_MESSAGES = {
  none: 'Este curso não tem avaliação final',
  emptyBank: 'A avaliação ainda não tem questões. Tente mais tarde.',
  notFound: 'Tentativa não encontrada',
  alreadyPassed: 'Você já foi aprovado nesta avaliação.',
  noAttemptsLeft: 'Você usou todas as tentativas desta avaliação. Fale com o suporte.',
  waitUntil: (limit: number, until: Date) =>
    `Você usou ${limit === 1 ? 'a tentativa' : `as ${limit} tentativas`}. Nova tentativa a partir de ${formatDateTime(until)}.`,
  timeUp: 'O tempo da avaliação terminou: as respostas não foram aceitas e a tentativa conta como não aprovada.',
  badNumber: 'Use apenas números (ex.: 2,5).',
  badChoice: 'Resposta inválida.',
} as const;

/** The page lists the newest attempts only. */
export const HISTORY_SIZE = 20;

/** Seconds accepted past the deadline: the time a submission takes to arrive. */
export const DEADLINE_GRACE_MS = 30_000;

type Viewer = Pick<UserRow, 'id' | 'role'>;
export type AssessmentSettings = Pick<
  CourseAssessmentRow,
  'passPercent' | 'questionsPerAttempt' | 'timeLimitMinutes' | 'maxAttempts' | 'waitHours'
>;

const SETTINGS = {
  passPercent: courseAssessments.passPercent,
  questionsPerAttempt: courseAssessments.questionsPerAttempt,
  timeLimitMinutes: courseAssessments.timeLimitMinutes,
  maxAttempts: courseAssessments.maxAttempts,
  waitHours: courseAssessments.waitHours,
};

// Read on every view of a course page and of 'Minha Conta' (per completed course): prepared once per
// connection; a transaction's read builds its own.
const preparedSettings = preparedQuery(() =>
  db
    .select(SETTINGS)
    .from(courseAssessments)
    .where(eq(courseAssessments.courseId, sql.placeholder('courseId')))
    .prepare(),
);

export const settingsOf = (courseId: number, executor: Executor = db): AssessmentSettings | null =>
  (executor === db
    ? preparedSettings().get({ courseId })
    : executor.select(SETTINGS).from(courseAssessments).where(eq(courseAssessments.courseId, courseId)).get()) ?? null;

const preparedBankSize = preparedQuery(() =>
  db
    .select({ n: count() })
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.courseId, sql.placeholder('courseId')), isNull(assessmentQuestions.lessonId)))
    .prepare(),
);

export const finalBankSize = (courseId: number, executor: Executor = db) =>
  (executor === db
    ? preparedBankSize().get({ courseId })
    : executor
        .select({ n: count() })
        .from(assessmentQuestions)
        .where(and(eq(assessmentQuestions.courseId, courseId), isNull(assessmentQuestions.lessonId)))
        .get()
  )?.n ?? 0;

/** A question of an open attempt as the learner sees it: no right answer, no explanation. */
export type OpenQuestion = Pick<ShownQuestion, 'kind' | 'prompt' | 'options' | 'unit'>;
export type OpenAttemptView = { id: number; startedAt: string; deadlineAt: string | null; questions: OpenQuestion[] };

/** A graded question: what was shown, the answer given, the right one and the explanation. */
export type GradedQuestion = ShownQuestion & { answer: Answer; right: boolean };
export type AttemptResult = {
  id: number;
  startedAt: string;
  submittedAt: string;
  correctCount: number;
  total: number;
  scorePercent: number;
  passPercent: number;
  passed: boolean;
  /** Submitted after the time limit: the answers were refused. */
  expired: boolean;
  questions: GradedQuestion[];
};
export type AttemptSummary = Omit<AttemptResult, 'questions'>;

const shownOf = (row: AssessmentAttemptRow) => JSON.parse(row.questions) as ShownQuestion[];
const answersOf = (row: AssessmentAttemptRow) => (row.answers === null ? null : (JSON.parse(row.answers) as Answer[]));

export function toOpenAttempt(row: AssessmentAttemptRow): OpenAttemptView {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    questions: shownOf(row).map(({ kind, prompt, options, unit }) => ({ kind, prompt, options, unit })),
  };
}

export function toAttemptSummary(row: AssessmentAttemptRow): AttemptSummary {
  const total = shownOf(row).length;
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    submittedAt: (row.submittedAt ?? row.startedAt).toISOString(),
    correctCount: row.correctCount ?? 0,
    total,
    scorePercent: row.scorePercent ?? 0,
    passPercent: row.passPercent,
    passed: row.passed === true,
    expired: row.answers === null,
  };
}

export function toAttemptResult(row: AssessmentAttemptRow): AttemptResult {
  if (row.submittedAt === null) throw new AppError(409, ASSESSMENT_MESSAGES.notFound);
  const answers = answersOf(row);
  const shown = shownOf(row);
  const { right } = gradeAttempt(shown, answers ?? [], row.passPercent);
  return {
    ...toAttemptSummary(row),
    questions: shown.map((question, index) => ({ ...question, answer: answers?.[index] ?? null, right: right[index] })),
  };
}

const ATTEMPT_ORDER = [asc(assessmentAttempts.startedAt), asc(assessmentAttempts.id)];
const preparedAttempts = preparedQuery(() =>
  db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, sql.placeholder('userId')), eq(assessmentAttempts.courseId, sql.placeholder('courseId'))))
    .orderBy(...ATTEMPT_ORDER)
    .prepare(),
);

const attemptsOf = (executor: Executor, userId: number, courseId: number): AssessmentAttemptRow[] =>
  executor === db
    ? preparedAttempts().all({ userId, courseId })
    : executor
        .select()
        .from(assessmentAttempts)
        .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId)))
        .orderBy(...ATTEMPT_ORDER)
        .all();

/** Closes an open attempt whose time ran out, as not passed with no answers; returns it closed. */
const ranOut = (row: AssessmentAttemptRow, now: Date) =>
  row.submittedAt === null && row.deadlineAt !== null && now.getTime() > row.deadlineAt.getTime() + DEADLINE_GRACE_MS;

function closeIfExpired(executor: Executor, row: AssessmentAttemptRow, now: Date): AssessmentAttemptRow {
  if (!ranOut(row, now)) return row;
  return (
    executor
      .update(assessmentAttempts)
      .set({ submittedAt: row.deadlineAt, answers: null, correctCount: 0, scorePercent: 0, passed: false })
      .where(and(eq(assessmentAttempts.id, row.id), isNull(assessmentAttempts.submittedAt)))
      .returning()
      .get() ?? executor.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, row.id)).get()!
  );
}

export type StartVerdict = { ok: true } | { ok: false; message: string; until: string | null };

/**
 * Whether another attempt may start now: not after a pass; with a limit, `maxAttempts` attempts in a row,
 * then `waitHours` after the last of them (the count starts again), or never again without a wait.
 */
export function startVerdict(settings: AssessmentSettings, submitted: AssessmentAttemptRow[], now: Date): StartVerdict {
  if (submitted.some((row) => row.passed)) return { ok: false, message: ASSESSMENT_MESSAGES.alreadyPassed, until: null };
  const limit = settings.maxAttempts;
  if (limit === null) return { ok: true };
  const waitMs = (settings.waitHours ?? 0) * 3_600_000;
  let inCycle = 0;
  let lastEnd = 0;
  for (const row of submitted) {
    if (inCycle >= limit && settings.waitHours !== null && row.startedAt.getTime() >= lastEnd + waitMs) inCycle = 0;
    inCycle += 1;
    lastEnd = (row.submittedAt ?? row.startedAt).getTime();
  }
  if (inCycle < limit) return { ok: true };
  if (settings.waitHours === null) return { ok: false, message: ASSESSMENT_MESSAGES.noAttemptsLeft, until: null };
  const until = new Date(lastEnd + waitMs);
  if (now.getTime() >= until.getTime()) return { ok: true };
  return { ok: false, message: ASSESSMENT_MESSAGES.waitUntil(limit, until), until: until.toISOString() };
}

/** Fisher–Yates with an injectable source, so tests can fix the draw. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A bank question as shown in one attempt: choice options shuffled (true/false kept in order), right indices remapped. */
export function showQuestion(row: AssessmentQuestionRow, random: () => number): ShownQuestion {
  const options = JSON.parse(row.options) as string[];
  const correct = JSON.parse(row.correct) as number[];
  const order =
    row.kind === 'true_false' || row.kind === 'numeric'
      ? options.map((_, index) => index)
      : shuffled(
          options.map((_, index) => index),
          random,
        );
  return {
    id: row.id,
    kind: row.kind,
    prompt: row.prompt,
    options: order.map((index) => options[index]),
    correct: correct.map((index) => order.indexOf(index)).sort((a, b) => a - b),
    numericAnswer: row.numericAnswer,
    tolerance: row.tolerance,
    unit: row.unit,
    explanation: row.explanation,
  };
}

/** The assessment page's state for a learner who may open the course. */
export type AssessmentState = {
  settings: AssessmentSettings;
  bankSize: number;
  open: OpenAttemptView | null;
  history: AttemptSummary[];
  verdict: StartVerdict;
};

export function assessmentStateFor(viewer: Viewer, courseId: number, now = new Date()): AssessmentState {
  return viewOf(viewer, courseId, now).state;
}

type AssessmentView = { course: ReturnType<typeof loadOpenCourseFor>['course']; state: AssessmentState; rows: AssessmentAttemptRow[] };

function viewOf(viewer: Viewer, courseId: number, now: Date): AssessmentView {
  // A view only reads (prepared statements, no write lock) unless an open attempt ran out of time:
  // closing it is a write, done in a transaction with the reads it depends on.
  const rows = attemptsOf(db, viewer.id, courseId);
  if (!rows.some((row) => ranOut(row, now))) return assessmentStateIn(db, viewer, courseId, now, rows);
  return db.transaction((tx) => assessmentStateIn(tx, viewer, courseId, now));
}

function assessmentStateIn(executor: Executor, viewer: Viewer, courseId: number, now: Date, read?: AssessmentAttemptRow[]): AssessmentView {
  const { course } = loadOpenCourseFor(viewer, courseId, executor, now);
  const settings = settingsOf(courseId, executor);
  if (!settings) throw new AppError(404, ASSESSMENT_MESSAGES.none);
  const rows = (read ?? attemptsOf(executor, viewer.id, courseId)).map((row) => closeIfExpired(executor, row, now));
  const open = rows.find((row) => row.submittedAt === null);
  const submitted = rows.filter((row) => row.submittedAt !== null);
  const state = {
    settings,
    bankSize: finalBankSize(courseId, executor),
    open: open ? toOpenAttempt(open) : null,
    history: submitted.slice(-HISTORY_SIZE).map(toAttemptSummary).reverse(),
    verdict: open ? { ok: true as const } : startVerdict(settings, submitted, now),
  };
  return { course, state, rows };
}

/**
 * The assessment page in one pass: the course the viewer may open, the state, and with `attemptId`
 * (and no open attempt) that graded attempt, taken from the attempts already read when it is one
 * of this course's.
 */
export function assessmentPageFor(viewer: Viewer, courseId: number, attemptId: number | null, now = new Date()) {
  const { course, state, rows } = viewOf(viewer, courseId, now);
  if (attemptId === null || state.open) return { course, state, result: null };
  const row = rows.find((candidate) => candidate.id === attemptId);
  return { course, state, result: row ? resultOf(row) : attemptResultFor(viewer, attemptId) };
}

/** 'Iniciar avaliação': the open attempt if there is one, else a new one when the limits allow. */
export function startAttempt(viewer: Viewer, courseId: number, now = new Date(), random: () => number = Math.random): OpenAttemptView {
  return db.transaction((tx) => {
    loadOpenCourseFor(viewer, courseId, tx, now);
    const settings = settingsOf(courseId, tx);
    if (!settings) throw new AppError(404, ASSESSMENT_MESSAGES.none);
    const rows = attemptsOf(tx, viewer.id, courseId).map((row) => closeIfExpired(tx, row, now));
    const open = rows.find((row) => row.submittedAt === null);
    if (open) return toOpenAttempt(open);
    const verdict = startVerdict(
      settings,
      rows.filter((row) => row.submittedAt !== null),
      now,
    );
    if (!verdict.ok) throw new AppError(409, verdict.message);
    const bank = tx
      .select()
      .from(assessmentQuestions)
      .where(and(eq(assessmentQuestions.courseId, courseId), isNull(assessmentQuestions.lessonId)))
      .all();
    if (bank.length === 0) throw new AppError(409, ASSESSMENT_MESSAGES.emptyBank);
    const drawn = shuffled(bank, random)
      .slice(0, settings.questionsPerAttempt)
      .map((row) => showQuestion(row, random));
    const row = tx
      .insert(assessmentAttempts)
      .values({
        userId: viewer.id,
        courseId,
        questions: JSON.stringify(drawn),
        passPercent: settings.passPercent,
        startedAt: now,
        deadlineAt: settings.timeLimitMinutes === null ? null : new Date(now.getTime() + settings.timeLimitMinutes * 60_000),
      })
      .returning()
      .get();
    return toOpenAttempt(row);
  });
}

/** The form's raw answers (`q0` … as lists of strings) checked against the questions shown. */
export function readAnswers(questions: ShownQuestion[], raw: Record<string, string[] | undefined>): Answer[] {
  return questions.map((question, index) => {
    const values = (raw[`q${index}`] ?? []).map((value) => value.trim()).filter(Boolean);
    if (values.length === 0) return null;
    if (question.kind === 'numeric') {
      if (values.length !== 1) throw new AppError(400, ASSESSMENT_MESSAGES.badNumber, `q${index}`);
      const parsed = parseDecimal(values[0]);
      if (!parsed.ok) throw new AppError(400, ASSESSMENT_MESSAGES.badNumber, `q${index}`);
      return parsed.value;
    }
    const chosen = values.map((value) => (/^\d{1,2}$/.test(value) ? Number(value) : -1));
    if (chosen.some((choice) => choice < 0 || choice >= question.options.length)) {
      throw new AppError(400, ASSESSMENT_MESSAGES.badChoice, `q${index}`);
    }
    if (question.kind !== 'multiple' && chosen.length > 1) throw new AppError(400, ASSESSMENT_MESSAGES.badChoice, `q${index}`);
    return [...new Set(chosen)].sort((a, b) => a - b);
  });
}

/**
 * 'Enviar respostas': grades the attempt once. A submission after the time limit (past a short grace)
 * closes it as not passed without its answers. The update is conditional on the attempt being open, so
 * of two tabs submitting together one grades it and the other reads that grade.
 */
export function submitAttempt(
  viewer: Viewer,
  attemptId: number,
  raw: Record<string, string[] | undefined>,
  now = new Date(),
): AttemptResult {
  return db.transaction((tx) => {
    const row = tx
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.id, attemptId), eq(assessmentAttempts.userId, viewer.id)))
      .get();
    if (!row) throw new AppError(404, ASSESSMENT_MESSAGES.notFound);
    if (row.submittedAt !== null) return toAttemptResult(row);
    loadOpenCourseFor(viewer, row.courseId, tx, now);
    const closed = closeIfExpired(tx, row, now);
    if (closed.submittedAt !== null) return toAttemptResult(closed);
    const shown = shownOf(row);
    const answers = readAnswers(shown, raw);
    const grade = gradeAttempt(shown, answers, row.passPercent);
    const graded = tx
      .update(assessmentAttempts)
      .set({
        submittedAt: now,
        answers: JSON.stringify(answers),
        correctCount: grade.correctCount,
        scorePercent: grade.scorePercent,
        passed: grade.passed,
      })
      .where(and(eq(assessmentAttempts.id, row.id), isNull(assessmentAttempts.submittedAt)))
      .returning()
      .get();
    return toAttemptResult(graded ?? tx.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, row.id)).get()!);
  });
}

const preparedOwnAttempt = preparedQuery(() =>
  db
    .select()
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.id, sql.placeholder('attemptId')), eq(assessmentAttempts.userId, sql.placeholder('userId'))))
    .prepare(),
);

/** A submitted attempt of the viewer, with right answers and explanations. */
export function attemptResultFor(viewer: Pick<UserRow, 'id'>, attemptId: number): AttemptResult {
  const row = preparedOwnAttempt().get({ attemptId, userId: viewer.id });
  if (!row) throw new AppError(404, ASSESSMENT_MESSAGES.notFound);
  return resultOf(row);
}

function resultOf(row: AssessmentAttemptRow): AttemptResult {
  if (row.submittedAt === null) throw new AppError(404, ASSESSMENT_MESSAGES.notFound);
  return toAttemptResult(row);
}

/** The first passed attempt of a user in a course (the grade the certificate carries), or null. */
export function passedAttemptOf(executor: Executor, userId: number, courseId: number): AssessmentAttemptRow | null {
  return attemptsOf(executor, userId, courseId).find((row) => row.passed === true) ?? null;
}
