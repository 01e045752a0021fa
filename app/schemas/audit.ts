import { z } from 'zod';
import { listQuerySchema } from '../utils/list-query';
import { parseInstant } from './admin-fields';

export const AUDIT_MESSAGES = {
  actor: 'Administrador inválido',
  action: 'Ação inválida',
  date: 'Data inválida (use AAAA-MM-DD)',
} as const;

/** A calendar day (yyyy-MM-dd) in São Paulo: its first or its last instant. */
const day = (edge: 'start' | 'end') =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseInstant(edge === 'start' ? `${value}T00:00` : value) : null;
      if (!date) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: AUDIT_MESSAGES.date });
        return z.NEVER;
      }
      return date;
    });

/**
 * /admin/audit?actor=&action=&from=&to=&page=: newest first, 50 a page; `actor` is the admin's
 * id, `action` a dotted verb ('user.delete'), `from`/`to` São Paulo days, both included.
 */
export const auditListQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 50, maxPerPage: 100 }).extend({
  actor: z.coerce.number({ invalid_type_error: AUDIT_MESSAGES.actor }).int(AUDIT_MESSAGES.actor).positive(AUDIT_MESSAGES.actor).optional(),
  action: z
    .string()
    .trim()
    .max(60, AUDIT_MESSAGES.action)
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, AUDIT_MESSAGES.action)
    .optional(),
  from: day('start'),
  to: day('end'),
});

export type AuditListQuery = z.output<typeof auditListQuerySchema>;
