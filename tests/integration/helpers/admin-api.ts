import { expect } from 'vitest';
import type { UserRow } from '../../../db/schema';
import { call, createUser, jsonRequest, sessionCookie } from '../../setup/helpers';

export type Tier = 'E-BASIC' | 'E-TOOL' | 'E-MASTER' | 'admin';
export const TIERS: Tier[] = ['E-BASIC', 'E-TOOL', 'E-MASTER', 'admin'];
export const NON_ADMIN_TIERS: Tier[] = ['E-BASIC', 'E-TOOL', 'E-MASTER'];

export type Signed = { user: UserRow; cookie: string };

/** One signed-in user per tier (each cookie is the user's only live session). */
export async function signedTiers(): Promise<Record<Tier, Signed>> {
  const signed = {} as Record<Tier, Signed>;
  for (const role of TIERS) {
    const user = await createUser({ role });
    signed[role] = { user, cookie: await sessionCookie(user) };
  }
  return signed;
}

type RouteFunction = Parameters<typeof call>[0];

/** Calls an API loader or action with a JSON request. */
export function apiCall(
  fn: RouteFunction,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Response> {
  return call(fn, jsonRequest(path, options.body, { method, cookie: options.cookie, headers: options.headers }), options.params ?? {});
}

/** Anonymous gets 401; E-BASIC, E-TOOL and E-MASTER get 403 'Acesso negado'. */
export async function expectAdminOnly(tiers: Record<Tier, Signed>, send: (cookie?: string) => Promise<Response>): Promise<void> {
  const anonymous = await send(undefined);
  expect(anonymous.status, 'anonymous').toBe(401);
  expect(await anonymous.json()).toMatchObject({ message: 'Não autenticado' });
  for (const tier of NON_ADMIN_TIERS) {
    const response = await send(tiers[tier].cookie);
    expect(response.status, tier).toBe(403);
    expect(await response.json()).toEqual({ message: 'Acesso negado' });
  }
}

/** A serialized answer never carries a password field, a password hash or a reset token. */
export function expectNoSecrets(text: string): void {
  expect(text).not.toMatch(/"password"\s*:/);
  expect(text).not.toContain('$argon2');
  expect(text).not.toMatch(/resetToken/i);
}

/** Reads the body as text (checked for secrets) and parses it. */
export async function safeJson<T = Record<string, unknown>>(response: Response): Promise<T> {
  const text = await response.text();
  expectNoSecrets(text);
  return JSON.parse(text) as T;
}
