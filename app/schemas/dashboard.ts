import { z } from 'zod';

export const EMPTY_CODE = 'Por favor, insira um código promocional.';

/** The dashboard's promo-code box: trimmed; empty gives the specification's message. */
export const promoBoxSchema = z.object({
  code: z
    .string({ required_error: EMPTY_CODE, invalid_type_error: EMPTY_CODE })
    .trim()
    .min(1, EMPTY_CODE)
    .max(50, 'Código promocional inválido.'),
});
