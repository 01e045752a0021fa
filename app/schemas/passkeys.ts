import { z } from 'zod';

/**
 * What the browser sends back from `navigator.credentials.create` / `.get` (the JSON of
 * @simplewebauthn/browser), bounded field by field: the library checks the contents.
 */
const b64 = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Resposta da passkey inválida.');
const common = {
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.object({}).passthrough().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z
    .object({
      clientDataJSON: b64(4096),
      attestationObject: b64(16384),
      authenticatorData: b64(8192).optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64(4096).optional(),
    })
    .passthrough(),
});

export const authenticationResponseSchema = z.object({
  ...common,
  response: z
    .object({
      clientDataJSON: b64(4096),
      authenticatorData: b64(8192),
      signature: b64(1024),
      userHandle: b64(512).optional(),
    })
    .passthrough(),
});

export const PASSKEY_NAME_REQUIRED = 'Dê um nome à passkey (ex.: Celular, Notebook).';

/** POST /api/passkeys: the new passkey's name and the authenticator's answer. */
export const passkeyRegisterSchema = z.object({
  name: z
    .string({ required_error: PASSKEY_NAME_REQUIRED })
    .trim()
    .min(1, PASSKEY_NAME_REQUIRED)
    .max(60, 'O nome da passkey tem no máximo 60 caracteres.')
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'O nome da passkey tem caracteres inválidos.'),
  response: registrationResponseSchema,
});

/** POST /api/passkeys/login: the authenticator's answer and where to go after. */
export const passkeyLoginSchema = z.object({ response: authenticationResponseSchema, redirectTo: z.string().max(500).optional() });

/** POST /api/passkeys/fresh-check. */
export const passkeyFreshCheckSchema = z.object({ response: authenticationResponseSchema });

/** 'Remover' in 'Segurança' (the fresh check comes first). */
export const passkeyRemoveSchema = z.object({
  passkeyId: z.coerce.number({ invalid_type_error: 'Passkey não encontrada.' }).int().positive().max(1e12),
});

/** The bodies that carry no field (the options requests). */
export const emptyBodySchema = z.object({}).passthrough();
