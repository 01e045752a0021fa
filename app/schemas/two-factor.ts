import { z } from 'zod';
import { minString } from './fields';

const CODE_REQUIRED = 'Digite o código do aplicativo autenticador.';
/** An authenticator code (6 digits) or a recovery code ('abcde-12345'), as typed. */
const codeField = minString(1, CODE_REQUIRED, 32);

/** The second step of sign-in on `/auth`. */
export const loginCodeSchema = z.object({ code: codeField, redirectTo: z.string().max(500).optional() });

/** The second call of `POST /api/login`. */
export const loginCodeApiSchema = z.object({ code: minString(1, 'Must provide the verification code', 32) });

/** 'Segurança' → 'Ativar verificação em duas etapas' (starting, and abandoning, need no field). */
export const twoFactorStartSchema = z.object({});
export const twoFactorConfirmSchema = z.object({ code: codeField });
export const twoFactorRegenerateSchema = z.object({ code: codeField });
export const twoFactorDisableSchema = z.object({
  password: z
    .string({ required_error: 'Digite sua senha atual para confirmar.' })
    .min(1, 'Digite sua senha atual para confirmar.')
    .max(200, 'Senha incorreta.'),
  code: codeField,
});
