import { z } from 'zod';
import { QUESTION_KINDS, type QuestionKind } from '../utils/value-sets';
import { choice, optionalId } from './admin-fields';
import { MAX_OPTIONS, MAX_QUESTIONS_PER_ATTEMPT } from './assessment';

/**
 * Issue 31: the admin's question bank on the course page ('Questões'): one form for every kind of
 * question (the fields that do not apply to the chosen kind are ignored, so it works without
 * JavaScript), and the final assessment's settings.
 */

export const QUESTION_BANK_MESSAGES = {
  kind: 'Escolha o tipo da questão.',
  prompt: 'Informe o enunciado (até 1.000 caracteres).',
  lesson: 'Aula inválida',
  question: 'Questão inválida',
  optionLong: 'Alternativa longa demais (até 300 caracteres).',
  optionCount: 'Informe de 2 a 5 alternativas.',
  noCorrect: 'Marque ao menos uma alternativa correta.',
  oneCorrect: 'Esta questão tem exatamente uma alternativa correta: marque só uma.',
  correctBlank: 'Só uma alternativa preenchida pode ser marcada como correta.',
  trueFalse: 'Escolha se a afirmação é verdadeira ou falsa.',
  numericAnswer: 'Informe a resposta numérica (ex.: 2,5).',
  tolerance: 'Informe a tolerância: um número maior ou igual a zero (ex.: 0,1).',
  toleranceNegative: 'A tolerância não pode ser negativa.',
  unit: 'Unidade longa demais (até 20 caracteres).',
  explanation: 'Explicação longa demais (até 2.000 caracteres).',
  passPercent: 'A nota mínima é um número inteiro de 1 a 100.',
  perAttempt: `Questões por tentativa: um número inteiro de 1 a ${MAX_QUESTIONS_PER_ATTEMPT}.`,
  timeLimit: 'Tempo limite: minutos, de 1 a 600, ou em branco para sem limite.',
  maxAttempts: 'Tentativas: de 1 a 100, ou em branco para sem limite.',
  waitHours: 'Espera: horas, de 1 a 8.760, ou em branco.',
  waitNeedsLimit: 'Defina o limite de tentativas para usar a espera entre elas.',
} as const;

/** The option fields of the form, `option1` … `option5`; `correct` holds the numbers (1–5) of the right ones. */
export const OPTION_FIELDS = ['option1', 'option2', 'option3', 'option4', 'option5'] as const satisfies readonly string[] & {
  length: typeof MAX_OPTIONS;
};
export const TRUE_FALSE_OPTIONS = ['Verdadeiro', 'Falso'] as const;

const optionField = z.string().trim().max(300, QUESTION_BANK_MESSAGES.optionLong).optional();

const decimalText = z.string().trim().max(32).optional();

/** A number typed with a comma or a point ('2,5', '-0.1'); no thousands separator. */
const DECIMAL = /^[+-]?\d{1,15}(?:[.,]\d{1,12})?$/;
const readDecimal = (text: string | undefined): number | null => (text && DECIMAL.test(text) ? Number(text.replace(',', '.')) : null);

/** A question as the bank stores it: options compacted (blank ones dropped), right answers as indices into them. */
export type QuestionInput = {
  kind: QuestionKind;
  lessonId: number | null;
  prompt: string;
  options: string[];
  correct: number[];
  numericAnswer: number | null;
  tolerance: number | null;
  unit: string | null;
  explanation: string | null;
};

const questionFields = z.object({
  kind: choice(QUESTION_KINDS, QUESTION_BANK_MESSAGES.kind),
  lessonId: optionalId(QUESTION_BANK_MESSAGES.lesson),
  prompt: z
    .string({ required_error: QUESTION_BANK_MESSAGES.prompt })
    .trim()
    .min(1, QUESTION_BANK_MESSAGES.prompt)
    .max(1000, QUESTION_BANK_MESSAGES.prompt),
  option1: optionField,
  option2: optionField,
  option3: optionField,
  option4: optionField,
  option5: optionField,
  correct: z
    .array(z.enum(['1', '2', '3', '4', '5'], { errorMap: () => ({ message: QUESTION_BANK_MESSAGES.noCorrect }) }))
    .max(MAX_OPTIONS)
    .optional(),
  trueFalse: z.enum(['true', 'false'], { errorMap: () => ({ message: QUESTION_BANK_MESSAGES.trueFalse }) }).optional(),
  numericAnswer: decimalText,
  tolerance: decimalText,
  unit: z.string().trim().max(20, QUESTION_BANK_MESSAGES.unit).optional(),
  explanation: z.string().trim().max(2000, QUESTION_BANK_MESSAGES.explanation).optional(),
});

type QuestionFields = z.output<typeof questionFields>;

function toQuestionInput(value: QuestionFields, ctx: z.RefinementCtx): QuestionInput {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  const base = {
    kind: value.kind,
    lessonId: value.lessonId,
    prompt: value.prompt,
    explanation: value.explanation || null,
    options: [] as string[],
    correct: [] as number[],
    numericAnswer: null as number | null,
    tolerance: null as number | null,
    unit: null as string | null,
  };
  if (value.kind === 'numeric') {
    const answer = readDecimal(value.numericAnswer);
    if (answer === null) issue('numericAnswer', QUESTION_BANK_MESSAGES.numericAnswer);
    const tolerance = readDecimal(value.tolerance);
    if (tolerance === null) issue('tolerance', QUESTION_BANK_MESSAGES.tolerance);
    else if (tolerance < 0) issue('tolerance', QUESTION_BANK_MESSAGES.toleranceNegative);
    return { ...base, numericAnswer: answer, tolerance, unit: value.unit || null };
  }
  if (value.kind === 'true_false') {
    if (!value.trueFalse) issue('trueFalse', QUESTION_BANK_MESSAGES.trueFalse);
    return { ...base, options: [...TRUE_FALSE_OPTIONS], correct: [value.trueFalse === 'false' ? 1 : 0] };
  }
  const typed = OPTION_FIELDS.map((field, index) => ({ number: index + 1, text: value[field] ?? '' }));
  const filled = typed.filter((option) => option.text !== '');
  const marked = new Set((value.correct ?? []).map(Number));
  if (filled.length < 2) issue('option1', QUESTION_BANK_MESSAGES.optionCount);
  if ([...marked].some((number) => !filled.some((option) => option.number === number)))
    issue('correct', QUESTION_BANK_MESSAGES.correctBlank);
  else if (marked.size === 0) issue('correct', QUESTION_BANK_MESSAGES.noCorrect);
  else if (value.kind === 'single' && marked.size > 1) issue('correct', QUESTION_BANK_MESSAGES.oneCorrect);
  return {
    ...base,
    options: filled.map((option) => option.text),
    correct: filled.flatMap((option, index) => (marked.has(option.number) ? [index] : [])),
  };
}

/** 'Adicionar questão'. */
export const questionInputSchema = questionFields.transform(toQuestionInput);

/** 'Editar questão': the same fields plus the question's id. */
export const questionUpdateSchema = questionFields
  .extend({ questionId: optionalId(QUESTION_BANK_MESSAGES.question) })
  .transform((value, ctx) => {
    if (value.questionId === null)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['questionId'], message: QUESTION_BANK_MESSAGES.question });
    return { questionId: value.questionId ?? 0, ...toQuestionInput(value, ctx) };
  });

/** The dialog in the browser: one form for both (no id: a new question). */
export const questionFormSchema = questionFields
  .extend({ questionId: optionalId(QUESTION_BANK_MESSAGES.question) })
  .transform((value, ctx) => ({ questionId: value.questionId, ...toQuestionInput(value, ctx) }));

export const questionDeleteSchema = z.object({ questionId: optionalId(QUESTION_BANK_MESSAGES.question) }).transform((value, ctx) => {
  if (value.questionId === null)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['questionId'], message: QUESTION_BANK_MESSAGES.question });
  return { questionId: value.questionId ?? 0 };
});

/** A whole number in [min, max] typed in a field; blank gives `blank` (a default, or null for 'no limit'). */
const boundedInteger = <B extends number | null>(min: number, max: number, message: string, blank: B) =>
  z
    .string({ invalid_type_error: message })
    .trim()
    .max(12, message)
    .optional()
    .transform((text, ctx): number | B => {
      if (!text) return blank;
      const number = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!(number >= min && number <= max)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return number;
    });

/** 'Salvar avaliação final': the pass mark (default 70 %), questions drawn per attempt, and the optional limits. */
export const assessmentSettingsSchema = z
  .object({
    passPercent: boundedInteger(1, 100, QUESTION_BANK_MESSAGES.passPercent, 70),
    questionsPerAttempt: boundedInteger(1, MAX_QUESTIONS_PER_ATTEMPT, QUESTION_BANK_MESSAGES.perAttempt, 10),
    timeLimitMinutes: boundedInteger(1, 600, QUESTION_BANK_MESSAGES.timeLimit, null),
    maxAttempts: boundedInteger(1, 100, QUESTION_BANK_MESSAGES.maxAttempts, null),
    waitHours: boundedInteger(1, 8760, QUESTION_BANK_MESSAGES.waitHours, null),
  })
  .superRefine((value, ctx) => {
    if (value.waitHours !== null && value.maxAttempts === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['waitHours'], message: QUESTION_BANK_MESSAGES.waitNeedsLimit });
    }
  });

export type AssessmentSettingsInput = z.output<typeof assessmentSettingsSchema>;

/** 'Remover avaliação final': no fields besides the intent. */
export const assessmentRemoveSchema = z.object({});
