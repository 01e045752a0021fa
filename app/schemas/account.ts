import { z } from 'zod';
import { passwordChangeSchema, profileSchema } from './auth';
import { promoUseSchema } from './promo-code';

/** The forms of the account page ('Minha Conta'), told apart by `intent`. */
export const accountProfileSchema = profileSchema;
export const accountPasswordSchema = passwordChangeSchema;
export const accountPromoSchema = promoUseSchema.pick({ code: true });

const booleanValue = z.union([z.boolean(), z.enum(['true', 'false'])], {
  required_error: 'Valor inválido para a recuperação de senha',
  invalid_type_error: 'Valor inválido para a recuperação de senha',
});

/** The toggle posts the value it switches to. */
export const accountRecoverySchema = z.object({
  disablePasswordRecovery: booleanValue.transform((value) => value === true || value === 'true'),
});

/** 'Minha Conta' → 'E-mails': the kinds left checked (an unchecked box sends nothing). */
export const accountMailChoicesSchema = z.object({
  enabled: z.array(z.string().max(40, 'Tipo de e-mail inválido.')).max(20, 'Tipo de e-mail inválido.').default([]),
});

/** PATCH /api/users/{id}/password-recovery. */
export const passwordRecoveryApiSchema = z.object({
  disablePasswordRecovery: z.boolean({
    required_error: 'Informe disablePasswordRecovery (true ou false)',
    invalid_type_error: 'Informe disablePasswordRecovery (true ou false)',
  }),
});

/** 'Solicitar reembolso' on the account's payments list. */
export const accountRefundSchema = z.object({
  paymentId: z
    .number({ required_error: 'Pagamento inválido.', invalid_type_error: 'Pagamento inválido.' })
    .int()
    .positive('Pagamento inválido.'),
});

/** 'Excluir conta': the current password confirms it. */
export const accountDeleteSchema = z.object({
  password: z
    .string({ required_error: 'Digite sua senha atual para confirmar.' })
    .min(1, 'Digite sua senha atual para confirmar.')
    .max(200, 'Senha incorreta. Sua conta não foi excluída.'),
});
