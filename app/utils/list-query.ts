import { z } from 'zod';

/**
 * The list kit's query (`q`, `page`, a bounded `perPage`, `sort` from an allowlist), in a module
 * the browser may load too (list schemas with filters of their own extend it in schemas/).
 */
export const MAX_SEARCH_LENGTH = 100;

export type ListQuery<Sort extends string = string> = { q: string; page: number; perPage: number; sort: Sort };

type ListOptions<Sort extends string> = { sorts: readonly [Sort, ...Sort[]]; perPage: number; maxPerPage?: number };

export function listQuerySchema<Sort extends string>({ sorts, perPage, maxPerPage = 100 }: ListOptions<Sort>) {
  return z.object({
    q: z.string().trim().max(MAX_SEARCH_LENGTH, `A busca deve ter no máximo ${MAX_SEARCH_LENGTH} caracteres`).default(''),
    page: z.coerce
      .number({ invalid_type_error: 'Página inválida' })
      .int('Página inválida')
      .min(1, 'Página inválida')
      .max(1_000_000, 'Página inválida')
      .default(1),
    perPage: z.coerce
      .number({ invalid_type_error: 'Itens por página inválido' })
      .int('Itens por página inválido')
      .min(1, 'Itens por página inválido')
      .max(maxPerPage, `No máximo ${maxPerPage} itens por página`)
      .default(perPage),
    sort: z.enum(sorts, { errorMap: () => ({ message: 'Ordenação inválida' }) }).default(sorts[0]),
  });
}
