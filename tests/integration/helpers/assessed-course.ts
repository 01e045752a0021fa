import { createCourse } from '../../setup/factories';
import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { assessmentAttempts, assessmentQuestions, courseAssessments } from '../../../db/schema';
import type { ShownQuestion } from '~/models/assessments/grade';

/** Texts no open attempt may show: the explanation and the numeric answer. */
export const SECRET_EXPLANATION = 'EXPLICACAO-SECRETA-API';
export const NUMERIC_ANSWER = 4.123;
/** The single-choice question's right option: shown like the others, never marked. */
export const RIGHT_OPTION = 'Seccionamento automático';

let sequence = 0;

/** A visible free course with a final assessment of four questions (one of each kind), all drawn per attempt. */
export function assessedCourse(
  settings: Partial<typeof courseAssessments.$inferInsert> = {},
  courseFields: Partial<Parameters<typeof createCourse>[0]> = {},
) {
  const title = `NR-10 Análise ${++sequence}`;
  const course = createCourse({ title, description: 'Curso de teste.', duration: '40 horas', ...courseFields });
  db.insert(courseAssessments)
    .values({ courseId: course.id, passPercent: 70, questionsPerAttempt: 4, ...settings })
    .run();
  const question = (values: Omit<typeof assessmentQuestions.$inferInsert, 'courseId'>) =>
    db
      .insert(assessmentQuestions)
      .values({ courseId: course.id, explanation: SECRET_EXPLANATION, ...values })
      .returning()
      .get();
  const questions = [
    question({
      kind: 'single',
      prompt: 'Qual é a medida de proteção coletiva prioritária na NR-10?',
      options: JSON.stringify(['Uso de luvas isolantes', RIGHT_OPTION, 'Placa de advertência']),
      correct: JSON.stringify([1]),
    }),
    question({
      kind: 'multiple',
      prompt: 'Quais são EPIs?',
      options: JSON.stringify(['Luva isolante', 'Capacete classe B', 'Barreira física']),
      correct: JSON.stringify([0, 1]),
    }),
    question({
      kind: 'true_false',
      prompt: 'Trabalho energizado exige autorização.',
      options: JSON.stringify(['Verdadeiro', 'Falso']),
      correct: JSON.stringify([0]),
    }),
    question({ kind: 'numeric', prompt: 'Queda de tensão admitida (%)', numericAnswer: NUMERIC_ANSWER, tolerance: 0.05, unit: '%' }),
  ];
  return { course, questions };
}

/** The questions of a stored attempt as shown (with their right answers): what a test answers from. */
export const shownOf = (attemptId: number) =>
  JSON.parse(db.select().from(assessmentAttempts).where(eq(assessmentAttempts.id, attemptId)).get()!.questions) as ShownQuestion[];
