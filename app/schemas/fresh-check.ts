import { z } from 'zod';
import { FRESH_CHECK_FIELD } from '../utils/fresh-check';

const SECRET_REQUIRED = 'Digite o código ou a senha.';

/** The step's own page (before a download): the code or the password, and where to go back. */
export const freshCheckPageSchema = z.object({
  [FRESH_CHECK_FIELD]: z.string({ required_error: SECRET_REQUIRED }).min(1, SECRET_REQUIRED).max(200, SECRET_REQUIRED),
  redirectTo: z.string().max(500).optional(),
});

/** The API's body: a code and a password of at most 200 characters (each \uXXXX-escaped) fit well within it; more is a 413 before parsing. */
export const FRESH_CHECK_API_MAX_BYTES = 4 * 1024;

/** POST /api/fresh-check: `{ "code": "123456" }` (two-step sign-in on) or `{ "password": "…" }`. */
export const freshCheckApiSchema = z
  .object({ code: z.string().max(32).optional(), password: z.string().max(200).optional() })
  .refine((value) => Boolean(value.code || value.password), { message: 'Must provide code or password' });
