import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's half of the passkey ceremonies (decision 067): asks the server for a challenge,
 * lets the authenticator answer it, and posts the answer back. The WebAuthn library is loaded on
 * the first press of a passkey button, so pages without one never download it.
 */

export const PASSKEY_CANCELLED = 'A passkey não foi usada (a operação foi cancelada ou expirou).';
const FAILED = 'Não foi possível falar com o servidor. Tente novamente.';

export class PasskeyError extends Error {}

async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new PasskeyError(FAILED);
  }
  const data = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (!response.ok) throw new PasskeyError(typeof data.message === 'string' ? data.message : FAILED);
  return data as T;
}

/** Whether this browser can use passkeys at all (checked after hydration). */
export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
  return browserSupportsWebAuthn();
}

async function authenticatorAnswer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PasskeyError) throw error;
    throw new PasskeyError(PASSKEY_CANCELLED);
  }
}

/** Sign-in from /auth: answers where to go next (the server's safe target). */
export async function signInWithPasskey(redirectTo: string | null): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>('/api/passkeys/login-options');
  const response = await authenticatorAnswer(() => startAuthentication({ optionsJSON }));
  const result = await postJson<{ redirectTo: string }>('/api/passkeys/login', { response, ...(redirectTo ? { redirectTo } : {}) });
  return result.redirectTo;
}

/** 'Segurança' → 'Adicionar passkey'. */
export async function addPasskey(name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await postJson<PublicKeyCredentialCreationOptionsJSON>('/api/passkeys/register-options');
  const response = await authenticatorAnswer(() => startRegistration({ optionsJSON }));
  await postJson('/api/passkeys', { name, response });
}

/** The fresh check with one of the user's passkeys (instead of the code or the password). */
export async function freshCheckWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>('/api/passkeys/fresh-check-options');
  const response = await authenticatorAnswer(() => startAuthentication({ optionsJSON }));
  await postJson('/api/passkeys/fresh-check', { response });
}
