import { z } from 'zod';
import { safePath } from '../utils/safe-path';

/**
 * Field parsers shared by the admin schemas (promo codes, notifications, users), written so
 * that the same schema reads a JSON body (numbers, null) and a form (strings).
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
/** São Paulo has had no daylight saving time since 2019. */
const SAO_PAULO_OFFSET = '-03:00';

function calendarDateExists(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/**
 * An ISO instant. A date alone ('2026-03-10') means the end of that day in São Paulo, and a
 * date-time without an offset (what a datetime-local input sends) is São Paulo wall time.
 */
export function parseInstant(text: string): Date | null {
  const value = text.trim();
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    if (!calendarDateExists(dateOnly[1], dateOnly[2], dateOnly[3])) return null;
    return new Date(`${value}T23:59:59.999${SAO_PAULO_OFFSET}`);
  }
  const dateTime = DATE_TIME.exec(value);
  if (!dateTime || !calendarDateExists(dateTime[1], dateTime[2], dateTime[3])) return null;
  if (Number(dateTime[4]) > 23 || Number(dateTime[5]) > 59 || Number(dateTime[6] ?? 0) > 59) return null;
  const date = new Date(dateTime[7] ? value : `${value}${SAO_PAULO_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Optional instant: absent, null or blank gives null. */
export const optionalInstant = (message: string) =>
  z
    .union([z.string({ invalid_type_error: message }).max(40, message), z.null()], { invalid_type_error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === '') return null;
      const date = parseInstant(value);
      if (!date) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return date;
    });

type IntegerOptions = {
  min: number;
  max: number;
  /** Not a whole number, or out of range (unless the range messages say otherwise). */
  message: string;
  minMessage?: string;
  maxMessage?: string;
  /** Given as null or a blank string. */
  requiredMessage?: string;
  /** Used when the field is absent. */
  fallback: number;
};

/** A whole number given as a number or a numeric string ('30'); absent gives the fallback. */
export const integerField = ({
  min,
  max,
  message,
  minMessage = message,
  maxMessage = message,
  requiredMessage = message,
  fallback,
}: IntegerOptions) =>
  z
    .union([z.number({ invalid_type_error: message }), z.string({ invalid_type_error: message }).max(12, message), z.null()], {
      invalid_type_error: message,
    })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      if (value === null || (typeof value === 'string' && value.trim() === '')) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: requiredMessage });
        return z.NEVER;
      }
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      const number = Number(text);
      if (number < min) ctx.addIssue({ code: z.ZodIssueCode.custom, message: minMessage });
      else if (number > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: maxMessage });
      else return number;
      return z.NEVER;
    });

/** An optional id (positive integer) given as a number or a numeric string; blank or null gives null. */
export const optionalId = (message: string) =>
  z
    .union([z.number({ invalid_type_error: message }), z.string({ invalid_type_error: message }).max(12, message), z.null()], {
      invalid_type_error: message,
    })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (!/^\d{1,12}$/.test(text) || Number(text) < 1) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return Number(text);
    });

/** A same-site path ('/courses/3') or an http(s) address; anything else could run script or leave oddly. */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return safePath(value, null) === value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const optionalLink = (message: string) =>
  z
    .union([z.string({ invalid_type_error: message }).trim().max(500, message), z.null()], { invalid_type_error: message })
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!isSafeLink(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return value;
    });

/** A choice among fixed values, with one message for a missing or unknown value. */
export const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { errorMap: () => ({ message }) });

/**
 * `z.preprocess` that keeps the inner schema's input type (plain `z.preprocess` widens it to
 * `unknown`, which leaves a form's Conform fields untyped). `Extra` names form-only fields the
 * step consumes (e.g. a checkbox that decides whether another field counts).
 */
export const preprocessed = <S extends z.ZodTypeAny, Extra extends Record<string, unknown> = Record<never, never>>(
  step: (input: unknown) => unknown,
  schema: S,
) => z.preprocess(step, schema) as unknown as z.ZodEffects<S, z.output<S>, z.input<S> & Extra>;
