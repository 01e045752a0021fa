import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';
import { PROJECT_STATUSES } from '../utils/value-sets';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from './person-name';
import { memorialProfileSchema } from './memorial-profile';
import { historyTitleField, MAX_HISTORY_QUERY } from './calculation-history';

/** 'Projetos' (issue 32): the forms of the projects pages and their limits. */

/** Active projects (em elaboração or emitido) an E-TOOL may hold; E-MASTER and admins have no limit. */
export const MAX_ACTIVE_PROJECTS_E_TOOL = 10;
export const MAX_PROJECT_CALCULATIONS = 200;
export const PROJECTS_PAGE_SIZE = 10;
export const MAX_PROJECT_DESCRIPTION = 2000;

export const PROJECT_MESSAGES = {
  nameRequired: 'Informe o nome do projeto.',
  nameTooLong: 'Use no máximo 120 caracteres.',
  descriptionTooLong: `Use no máximo ${MAX_PROJECT_DESCRIPTION.toLocaleString('pt-BR')} caracteres.`,
  status: 'Situação inválida.',
  notFound: 'Projeto não encontrado',
  calculationNotFound: 'Cálculo não encontrado no projeto',
  invalidId: 'Identificador inválido',
  activeLimit: `Seu plano E-TOOL permite até ${MAX_ACTIVE_PROJECTS_E_TOOL} projetos ativos. Arquive um projeto ou passe para o E-MASTER.`,
  calculationLimit: `Um projeto pode ter no máximo ${MAX_PROJECT_CALCULATIONS} cálculos.`,
  invalidInputs: 'Os dados do cálculo são inválidos. Corrija-os e calcule novamente antes de adicionar.',
  archived: 'Este projeto está arquivado. Reabra-o (situação “Em elaboração”) para alterá-lo.',
  nothingToIssue: 'Adicione ao menos um cálculo antes de emitir uma revisão.',
  unchanged: 'Nada mudou desde a última revisão.',
  restricted: 'Projetos estão disponíveis a partir do plano E-TOOL.',
} as const;

const id = z
  .number({ required_error: PROJECT_MESSAGES.invalidId, invalid_type_error: PROJECT_MESSAGES.invalidId })
  .int(PROJECT_MESSAGES.invalidId)
  .positive(PROJECT_MESSAGES.invalidId)
  .max(Number.MAX_SAFE_INTEGER, PROJECT_MESSAGES.invalidId);

const description = z
  .string({ invalid_type_error: PROJECT_MESSAGES.descriptionTooLong })
  .max(MAX_PROJECT_DESCRIPTION * 4, PROJECT_MESSAGES.descriptionTooLong)
  .refine((value) => !hasInvisibleCharacters(value.replace(/[\r\n\t]/g, ' ').trim()), INVISIBLE_CHARACTERS_MESSAGE)
  .transform((value) => value.trim().replace(/\r\n/g, '\n'))
  .pipe(z.string().max(MAX_PROJECT_DESCRIPTION, PROJECT_MESSAGES.descriptionTooLong))
  .default('');

const name = z
  .string({ required_error: PROJECT_MESSAGES.nameRequired, invalid_type_error: PROJECT_MESSAGES.nameRequired })
  .max(480, PROJECT_MESSAGES.nameTooLong)
  .refine((value) => !hasInvisibleCharacters(value.trim()), INVISIBLE_CHARACTERS_MESSAGE)
  .transform((value) => value.trim().replace(/ {2,}/g, ' '))
  .pipe(z.string().min(1, PROJECT_MESSAGES.nameRequired).max(120, PROJECT_MESSAGES.nameTooLong))
  // A blank field reaches the schema as undefined (Conform): it gets the same message as spaces.
  .default('');

const { client, place, art, engineerName, crea } = memorialProfileSchema.shape;

/** 'Novo projeto' and 'Editar projeto': the memorial profile's rules for the shared fields. */
export const projectSchema = z.object({
  name,
  client,
  place,
  art,
  engineerName,
  crea,
  description,
  status: z.enum(PROJECT_STATUSES, { errorMap: () => ({ message: PROJECT_MESSAGES.status }) }).default('draft'),
});
export type ProjectInput = z.input<typeof projectSchema>;
export type ProjectFields = z.output<typeof projectSchema>;

export const projectIdSchema = z.object({ projectId: id });

/** 'Adicionar ao projeto' on a calculator's result: the inputs travel as the page's query string. */
export const addToProjectSchema = z.object({
  projectId: id,
  title: historyTitleField,
  query: z
    .string({ required_error: PROJECT_MESSAGES.invalidInputs, invalid_type_error: PROJECT_MESSAGES.invalidInputs })
    .max(MAX_HISTORY_QUERY, PROJECT_MESSAGES.invalidInputs),
});

/** 'Adicionar ao projeto' on the history: a saved calculation. */
export const addFromHistorySchema = z.object({ projectId: id, historyId: id });

/** Per calculation in the project page. */
export const calculationIdSchema = z.object({ calculationId: id });
export const renameCalculationSchema = z.object({ calculationId: id, title: historyTitleField });
export const moveCalculationSchema = z.object({ calculationId: id, direction: z.enum(['up', 'down'], { message: 'Direção inválida.' }) });

/** /projects?page=: most recently changed first. */
export const projectListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: PROJECTS_PAGE_SIZE, maxPerPage: 50 });

/** The project page's three lists, each a page of its own: calculations (`page`), revisions (`revisoes`) and share links (`links`). */
export const PROJECT_PAGE_SIZES = { calculations: 20, revisions: 10, links: 10 } as const;

const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** /projects/{id}?page=&revisoes=&links= (read leniently: a bad number is the first page). */
export const projectPageQuerySchema = z.object({ page: pageNumber, revisoes: pageNumber, links: pageNumber });

/** 'Compartilhar' on a revision: its number and an optional validity in days. */
export const shareRevisionSchema = z.object({
  revision: z
    .number({ required_error: 'Revisão inválida.', invalid_type_error: 'Revisão inválida.' })
    .int('Revisão inválida.')
    .min(0, 'Revisão inválida.')
    .max(999, 'Revisão inválida.'),
  days: z
    .number({ invalid_type_error: 'Escolha uma validade entre 1 e 365 dias, ou deixe em branco.' })
    .int('Escolha uma validade entre 1 e 365 dias, ou deixe em branco.')
    .min(1, 'Escolha uma validade entre 1 e 365 dias, ou deixe em branco.')
    .max(365, 'Escolha uma validade entre 1 e 365 dias, ou deixe em branco.')
    .optional(),
});

export const revokeShareSchema = z.object({ linkId: id });
export const emptySchema = z.object({});

/** 'Salvar no projeto' on a calculator opened inside a project (a new calculation, or new inputs for one). */
export const projectCalculationSchema = z.object({
  title: historyTitleField,
  query: z
    .string({ required_error: PROJECT_MESSAGES.invalidInputs, invalid_type_error: PROJECT_MESSAGES.invalidInputs })
    .max(MAX_HISTORY_QUERY, PROJECT_MESSAGES.invalidInputs),
});
