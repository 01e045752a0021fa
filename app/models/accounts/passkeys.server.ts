import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { passkeys, webauthnChallenges, type UserRow } from '../../../db/schema';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';
import { recordOwnerAudit } from '../audit/audit.server';
import { consume, giveBack, type LimiterName } from './rate-limit-store.server';
import { getUserById } from './user.server';

/**
 * Passkeys (WebAuthn discoverable credentials, decision 067): registered in 'Minha Conta' →
 * 'Segurança', used to sign in from /auth without a password and to renew the fresh check. The
 * authenticator checks the person (`userVerification: 'required'`), so a passkey counts as both
 * factors. Challenges live in `webauthn_challenges`: bound to one ceremony (and to the account
 * for a registration or a fresh check), five minutes long, deleted by the first answer that
 * names them, valid or not.
 */

export const PASSKEY_MESSAGES = {
  expired: 'O pedido da passkey expirou ou já foi usado. Tente novamente.',
  invalid: 'Não foi possível verificar a passkey. Tente novamente.',
  unknown: 'Passkey não reconhecida. Entre com e-mail e senha.',
  notYours: 'Esta passkey não pertence à sua conta.',
  duplicate: 'Esta passkey já está cadastrada.',
  tooMany: 'Limite de 10 passkeys por conta. Remova uma antes de cadastrar outra.',
  notFound: 'Passkey não encontrada.',
} as const;

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Passkeys per account: the list in 'Segurança' is whole, never paginated. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;
const RP_NAME = 'E-Engenharia';

type Purpose = 'register' | 'login' | 'fresh';
export type RelyingParty = { rpID: string; origin: string };

/**
 * Who the passkeys are for: PUBLIC_ORIGIN (its host is the RP ID). Without it (development and
 * tests, where PUBLIC_ORIGIN may be unset), the origin the request was made to.
 */
export function relyingParty(request: Pick<Request, 'url'>): RelyingParty {
  const origin = getEnv().publicOrigin ?? new URL(request.url).origin;
  return { rpID: new URL(origin).hostname, origin };
}

/** The user handle the authenticator stores with the passkey: the account id, never a name or e-mail. */
const userHandle = (userId: number) => isoBase64URL.fromUTF8String(`e-engenharia:${userId}`);

function issueChallenge(challenge: string, purpose: Purpose, userId: number | null, now: Date): void {
  db.transaction((tx) => {
    tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)).run();
    if (userId !== null) {
      // One open ceremony of each kind per account: a new request replaces the last.
      tx.delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)))
        .run();
    }
    tx.insert(webauthnChallenges)
      .values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS) })
      .run();
  });
}

/** The challenge the browser signed, read from its client data (verified again by the library). */
function signedChallenge(clientDataJSON: unknown): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(String(clientDataJSON))) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 200) return data.challenge;
  } catch {
    // falls through to the refusal
  }
  throw new AppError(400, PASSKEY_MESSAGES.invalid);
}

/** Deletes the challenge if it is live and was issued for this ceremony (and account): single use. */
function takeChallenge(challenge: string, purpose: Purpose, userId: number | null, now: Date): void {
  const taken = db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .run().changes;
  if (taken !== 1) throw new AppError(400, PASSKEY_MESSAGES.expired);
}

const optionLimits = (address: string): Array<[LimiterName, string]> => [['passkeyOptions', address]];
const verifyLimits = (address: string): Array<[LimiterName, string]> => [['passkeyVerify', address]];

/** Runs a verification as one counted attempt: spent before, given back when it succeeds. */
async function counted<T>(address: string, run: () => Promise<T>): Promise<T> {
  await consume(verifyLimits(address));
  const result = await run();
  await giveBack(verifyLimits(address));
  return result;
}

async function libraryCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, PASSKEY_MESSAGES.invalid);
  }
}

const transportsOf = (row: { transports: string | null }): AuthenticatorTransportFuture[] | undefined =>
  row.transports ? (JSON.parse(row.transports) as AuthenticatorTransportFuture[]) : undefined;

const passkeyCount = (userId: number) => db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0;

const passkeysOf = preparedQuery(() =>
  db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, sql.placeholder('userId')))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .limit(MAX_PASSKEYS)
    .prepare(),
);

/** The passkeys of the account for 'Segurança' and the LGPD export: never the key itself. */
export function listPasskeys(userId: number) {
  return passkeysOf().all({ userId });
}

/** Step 1 of a registration: the options for `navigator.credentials.create`. */
export async function passkeyRegistrationOptions(
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  request: Request,
  address: string,
  now = new Date(),
) {
  await consume(optionLimits(address));
  if (passkeyCount(user.id) >= MAX_PASSKEYS) throw new AppError(409, PASSKEY_MESSAGES.tooMany);
  const { rpID } = relyingParty(request);
  const existing = db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.username,
    userID: isoBase64URL.toBuffer(userHandle(user.id)),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  issueChallenge(options.challenge, 'register', user.id, now);
  return options;
}

/** Step 2 of a registration: checks the authenticator's answer and keeps the passkey under `name`. */
export async function registerPasskey(
  user: Pick<UserRow, 'id' | 'username'>,
  request: Request,
  name: string,
  response: RegistrationResponseJSON,
  address: string,
  now = new Date(),
) {
  return counted(address, async () => {
    takeChallenge(signedChallenge(response.response?.clientDataJSON), 'register', user.id, now);
    const { origin, rpID } = relyingParty(request);
    const result = await libraryCheck(() =>
      verifyRegistrationResponse({
        response,
        expectedChallenge: () => true,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }),
    );
    if (!result.verified) throw new AppError(400, PASSKEY_MESSAGES.invalid);
    const { credential } = result.registrationInfo;
    return db.transaction((tx) => {
      if (tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id)).get()) {
        throw new AppError(409, PASSKEY_MESSAGES.duplicate);
      }
      const total = tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)).get()?.n ?? 0;
      if (total >= MAX_PASSKEYS) throw new AppError(409, PASSKEY_MESSAGES.tooMany);
      const row = tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports?.length ? JSON.stringify(credential.transports) : null,
          name,
          createdAt: now,
        })
        .returning({ id: passkeys.id })
        .get();
      recordOwnerAudit(
        tx,
        { id: user.id, username: user.username },
        {
          action: 'passkey.register',
          entityType: 'user',
          entityId: user.id,
          summary: `Passkey #${row.id} cadastrada`,
        },
      );
      return row;
    });
  });
}

/** The options for `navigator.credentials.get`: a sign-in (no account yet) or a fresh check (the signed-in one). */
export async function passkeyAuthenticationOptions(request: Request, address: string, userId: number | null = null, now = new Date()) {
  await consume(optionLimits(address));
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    // A sign-in lets the authenticator offer any passkey of this site (discoverable credentials);
    // a fresh check offers only the account's.
    allowCredentials:
      userId === null
        ? []
        : db
            .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
            .from(passkeys)
            .where(eq(passkeys.userId, userId))
            .all()
            .map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
  });
  issueChallenge(options.challenge, userId === null ? 'login' : 'fresh', userId, now);
  return options;
}

/**
 * Checks a passkey's signature over a challenge of this ceremony; the counter must move on (a
 * cloned authenticator repeats it) and is moved with a conditional update, so one answer sent
 * twice at once counts once. `userId`: the account the passkey must belong to (fresh check).
 */
export async function verifyPasskey(
  request: Request,
  response: AuthenticationResponseJSON,
  address: string,
  userId: number | null = null,
  now = new Date(),
): Promise<UserRow> {
  return counted(address, async () => {
    takeChallenge(signedChallenge(response.response?.clientDataJSON), userId === null ? 'login' : 'fresh', userId, now);
    const row = db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, String(response.id)))
      .get();
    if (!row) throw new AppError(401, PASSKEY_MESSAGES.unknown);
    if (userId !== null && row.userId !== userId) throw new AppError(403, PASSKEY_MESSAGES.notYours);
    if (response.response.userHandle && response.response.userHandle !== userHandle(row.userId)) {
      throw new AppError(401, PASSKEY_MESSAGES.unknown);
    }
    const { origin, rpID } = relyingParty(request);
    const result = await libraryCheck(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: () => true,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: row.credentialId,
          publicKey: isoBase64URL.toBuffer(row.publicKey),
          counter: row.counter,
          transports: transportsOf(row),
        },
      }),
    );
    if (!result.verified) throw new AppError(401, PASSKEY_MESSAGES.invalid);
    const user = getUserById(row.userId);
    if (!user) throw new AppError(401, PASSKEY_MESSAGES.unknown);
    db.transaction((tx) => {
      const moved = tx
        .update(passkeys)
        .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now })
        .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
        .run().changes;
      if (moved !== 1) throw new AppError(401, PASSKEY_MESSAGES.invalid);
      recordOwnerAudit(tx, user, {
        action: userId === null ? 'passkey.sign_in' : 'passkey.fresh_check',
        entityType: 'user',
        entityId: user.id,
        summary: `${userId === null ? 'Entrada' : 'Verificação recente'} com a passkey #${row.id}`,
      });
    });
    return user;
  });
}

/** 'Remover' in 'Segurança' (the page asks the fresh check first). */
export function removePasskey(user: Pick<UserRow, 'id' | 'username'>, passkeyId: number): void {
  db.transaction((tx) => {
    const removed = tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id })
      .get();
    if (!removed) throw new AppError(404, PASSKEY_MESSAGES.notFound);
    recordOwnerAudit(tx, user, {
      action: 'passkey.remove',
      entityType: 'user',
      entityId: user.id,
      summary: `Passkey #${removed.id} removida`,
    });
  });
}
