import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';
import { parseInstant } from './admin-fields';

export const MAX_HISTORY_TITLE = 120;
/** The canonical query string of a saved calculation, in characters (the table's CHECK too). */
export const MAX_HISTORY_QUERY = 4096;

/** Saved calculations per user; beyond it the user deletes old ones first. */
export const MAX_HISTORY_ITEMS = 20_000;

export const HISTORY_PAGE_SIZE = 10;

export const HISTORY_MESSAGES = {
  titleRequired: 'Informe um título para o cálculo.',
  titleTooLong: `O título deve ter no máximo ${MAX_HISTORY_TITLE} caracteres.`,
  invalidInputs: 'Os dados do cálculo são inválidos. Corrija-os e calcule novamente antes de salvar.',
  queryTooLong: 'O cálculo é grande demais para ser salvo.',
  full: `Seu histórico atingiu o limite de ${MAX_HISTORY_ITEMS.toLocaleString('pt-BR')} cálculos. Exclua alguns para salvar novos.`,
  notFound: 'Cálculo não encontrado',
  invalidId: 'Cálculo inválido',
  calculator: 'Calculadora inválida',
  date: 'Data inválida (use AAAA-MM-DD)',
} as const;

export const historyTitleField = z
  .string({ required_error: HISTORY_MESSAGES.titleRequired, invalid_type_error: HISTORY_MESSAGES.titleRequired })
  .trim()
  .min(1, HISTORY_MESSAGES.titleRequired)
  .max(MAX_HISTORY_TITLE, HISTORY_MESSAGES.titleTooLong);

/** 'Salvar no histórico' on a calculator page: the inputs travel as the page's query string. */
export const saveCalculationSchema = z.object({
  title: historyTitleField,
  query: z
    .string({ required_error: HISTORY_MESSAGES.invalidInputs, invalid_type_error: HISTORY_MESSAGES.invalidInputs })
    .max(MAX_HISTORY_QUERY, HISTORY_MESSAGES.queryTooLong),
});

/** 'Excluir' on the history page. */
export const deleteCalculationSchema = z.object({
  id: z
    .number({ required_error: HISTORY_MESSAGES.invalidId, invalid_type_error: HISTORY_MESSAGES.invalidId })
    .int(HISTORY_MESSAGES.invalidId)
    .positive(HISTORY_MESSAGES.invalidId)
    .max(Number.MAX_SAFE_INTEGER, HISTORY_MESSAGES.invalidId),
});

export type SaveCalculationInput = { slug: string; title: string; query: string };

/** A calendar day as an `<input type="date">` sends it (yyyy-MM-dd), kept as text; a São Paulo day for the model. */
const historyDay = z
  .string()
  .trim()
  .max(10, HISTORY_MESSAGES.date)
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && parseInstant(value) !== null), HISTORY_MESSAGES.date)
  .default('');

/** The filters of the history list and of its CSV export: `calculator` (a slug), `q` (in the title), `from`/`to` (days, both included). */
export const historyFilterFields = {
  calculator: z
    .string()
    .trim()
    .max(80, HISTORY_MESSAGES.calculator)
    .regex(/^[a-z0-9-]*$/, HISTORY_MESSAGES.calculator)
    .default(''),
  from: historyDay,
  to: historyDay,
};

/** /calculators/history?q=&calculator=&from=&to=&page=: newest first is the only order. */
export const historyQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: HISTORY_PAGE_SIZE, maxPerPage: 50 }).extend(
  historyFilterFields,
);

export type HistoryQuery = z.output<typeof historyQuerySchema>;
export type HistoryFilter = Pick<HistoryQuery, 'q' | 'calculator' | 'from' | 'to'>;
