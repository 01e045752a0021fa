import { z } from 'zod';
import { CATEGORIES, LINK_TYPES, TOOL_LEVELS } from '../utils/value-sets';
import { onlyDigits } from '../utils/cpf';
import { listQuerySchema } from '../utils/list-query';
import { safePath } from '../utils/safe-path';
import { preprocessed } from './admin-fields';
import { checkbox, minString } from './fields';

export const TOOL_MESSAGES = {
  name: 'O nome deve ter pelo menos 3 caracteres',
  description: 'A descrição deve ter pelo menos 5 caracteres',
  category: 'Categoria inválida',
  accessLevel: 'Nível de acesso inválido',
  linkType: 'Tipo de link inválido',
  linkEmpty: 'Link must not be empty',
  linkOrHtml: 'Link ou HTML personalizado é obrigatório dependendo do tipo selecionado',
  internalLink: 'O link interno deve ser um caminho do próprio site começando com "/" (ex.: /calculators/torque).',
  externalLink: 'O link externo deve ser uma URL http:// ou https:// válida.',
  linkTooLong: 'O link deve ter no máximo 2000 caracteres',
  htmlTooLarge: 'O HTML personalizado deve ter no máximo 200 KB',
  cpfList: (entry: string) => `CPF inválido na lista de restrição: "${entry}". Informe CPFs de 11 dígitos separados por vírgula.`,
  cpfListTooLong: 'A lista de CPFs pode ter no máximo 1000 CPFs',
  cpfListType: 'A lista de CPFs deve ser um texto com CPFs separados por vírgula.',
} as const;

export const MAX_CUSTOM_HTML_BYTES = 200 * 1024;
const MAX_LINK = 2000;
const MAX_CPFS = 1000;

/** A path of this site, by the one rule of `safePath` (never `//host`, `/\host` or `/\t/host`). */
export const isSameSitePath = (link: string): boolean => safePath(link, null) === link;

export function isHttpUrl(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** '390.533.447-05, 52998224725' or ['...'] → '39053344705,52998224725'; null when empty. */
const restrictedCpfsField = z
  .union(
    [
      z.string().max(20_000, TOOL_MESSAGES.cpfListTooLong),
      z.array(z.string().max(20, TOOL_MESSAGES.cpfListType)).max(MAX_CPFS, TOOL_MESSAGES.cpfListTooLong),
    ],
    {
      errorMap: () => ({ message: TOOL_MESSAGES.cpfListType }),
    },
  )
  .nullish()
  .transform((value, ctx) => {
    const entries = (Array.isArray(value) ? value : (value ?? '').split(/[,;\n]/)).map((entry) => entry.trim()).filter(Boolean);
    if (entries.length > MAX_CPFS) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: TOOL_MESSAGES.cpfListTooLong });
      return z.NEVER;
    }
    const cpfs: string[] = [];
    for (const entry of entries) {
      const digits = onlyDigits(entry);
      if (digits.length !== 11 || !/^[\d.\-\s]+$/.test(entry)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: TOOL_MESSAGES.cpfList(entry) });
        return z.NEVER;
      }
      if (!cpfs.includes(digits)) cpfs.push(digits);
    }
    return cpfs.length > 0 ? cpfs.join(',') : null;
  });

/** The tool fields one by one; the rules that tie them together are in `toolInputSchema`. */
export const toolFieldsSchema = z.object({
  name: minString(3, TOOL_MESSAGES.name, 120),
  description: minString(5, TOOL_MESSAGES.description, 2000),
  category: z.enum(CATEGORIES, { errorMap: () => ({ message: TOOL_MESSAGES.category }) }),
  accessLevel: z.enum(TOOL_LEVELS, { errorMap: () => ({ message: TOOL_MESSAGES.accessLevel }) }),
  linkType: z.enum(LINK_TYPES, { errorMap: () => ({ message: TOOL_MESSAGES.linkType }) }),
  link: z
    .string({ invalid_type_error: TOOL_MESSAGES.linkEmpty })
    .trim()
    .max(MAX_LINK, TOOL_MESSAGES.linkTooLong)
    .nullish()
    .transform((value) => value ?? ''),
  customHtml: z
    .string({ invalid_type_error: TOOL_MESSAGES.linkOrHtml })
    .refine((html) => byteLength(html) <= MAX_CUSTOM_HTML_BYTES, TOOL_MESSAGES.htmlTooLarge)
    .nullish()
    .transform((value) => (value?.trim() ? value : null)),
  restrictedCpfs: restrictedCpfsField,
  showInIframe: checkbox,
});

type ToolFields = z.output<typeof toolFieldsSchema>;

/**
 * The specification's Validation rules: a link for internal and external tools (a path of this site, or an http(s)
 * URL), HTML for custom ones. Custom tools keep the '#' placeholder as their link; the
 * others drop any HTML.
 */
function linkRules(tool: ToolFields, ctx: z.RefinementCtx) {
  if (tool.linkType === 'custom') {
    if (!tool.customHtml) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['customHtml'], message: TOOL_MESSAGES.linkOrHtml });
    return;
  }
  if (!tool.link || tool.link === '#') {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['link'], message: TOOL_MESSAGES.linkEmpty });
  } else if (tool.linkType === 'internal' && !isSameSitePath(tool.link)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['link'], message: TOOL_MESSAGES.internalLink });
  } else if (tool.linkType === 'external' && !isHttpUrl(tool.link)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['link'], message: TOOL_MESSAGES.externalLink });
  }
}

const normalizeLinks = <T extends ToolFields>(tool: T): T =>
  tool.linkType === 'custom' ? { ...tool, link: '#' } : { ...tool, customHtml: null };

export const toolInputSchema = toolFieldsSchema.superRefine(linkRules).transform(normalizeLinks);

export type ToolInput = z.output<typeof toolInputSchema>;

/**
 * The admin page's form adds the 'Restringir por CPF' checkbox: unchecked, the list is cleared
 * whatever the textarea holds (the form without JavaScript still sends it).
 */
const clearCpfsUnlessRestricted = (input: unknown) => {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { restrictByCpf, ...rest } = input as Record<string, unknown>;
  const restricted = restrictByCpf === 'on' || restrictByCpf === true || restrictByCpf === 'true';
  return restricted ? rest : { ...rest, restrictedCpfs: null };
};

const toolIdField = z.coerce
  .number({ invalid_type_error: 'Ferramenta não encontrada' })
  .int('Ferramenta não encontrada')
  .positive('Ferramenta não encontrada');

type RestrictField = { restrictByCpf?: string | boolean };

export const toolCreateFormSchema = preprocessed<typeof toolInputSchema, RestrictField>(clearCpfsUnlessRestricted, toolInputSchema);
const toolEditFields = toolFieldsSchema.extend({ id: toolIdField }).superRefine(linkRules).transform(normalizeLinks);
export const toolEditFormSchema = preprocessed<typeof toolEditFields, RestrictField>(clearCpfsUnlessRestricted, toolEditFields);
export const toolIdSchema = z.object({ id: toolIdField });

/** /admin/tools?q=&category=&access=&page=: name or description, category and access level; by name, 25 a page. */
export const adminToolPageQuerySchema = listQuerySchema({ sorts: ['name'], perPage: 25, maxPerPage: 100 }).extend({
  category: z.enum(CATEGORIES).optional(),
  access: z.enum(TOOL_LEVELS).optional(),
});

/** PATCH: any subset of the fields; the model merges it with the stored tool and checks the whole. */
export const toolPatchSchema = toolFieldsSchema.partial();
export type ToolPatch = z.input<typeof toolPatchSchema>;
