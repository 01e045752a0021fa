import type { UserRow } from '../../../db/schema';
import { errorResponse, requireSameOrigin } from '../../utils/api.server';
import { isLinkPreviewRequest, linkPreviewPath } from '../../utils/link-preview';
import { redirectWithToast, safeRedirect, type Toast } from '../../utils/toast.server';
import type { Role } from '../../utils/value-sets';
import { clearedSessionCookie, readSessionUser, SESSION_MESSAGES, type SessionState } from './auth.server';
import { hasAtLeast } from './roles';
import { hasSecondFactor } from './two-factor-state.server';
import { getEnv } from '../../utils/env.server';

/**
 * Every guard of the app: pages redirect (to /auth, or to /dashboard with the caller's message),
 * the API answers JSON 401/403. Each one also refuses cross-site writes, so no loader or action
 * can forget that check.
 */

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

export const TWO_FACTOR_REQUIRED = 'Administradores precisam ativar a verificação em duas etapas antes de continuar.';
/** Where an admin who must set up two-step sign-in may still go: the setup ('Minha Conta' → 'Segurança'). */
const TWO_FACTOR_SETUP_PATHS = ['/account'];

/** An admin without two-step sign-in or a passkey where the setting requires it (ADMIN_TWO_FACTOR; decisions 055, 067). */
const mustSetUpTwoFactor = (user: UserRow) => user.role === 'admin' && getEnv().adminTwoFactorRequired && !hasSecondFactor(user.id);

/**
 * Who is signed in, for the resources that answer visitors themselves (an attachment, a tool's
 * frame, the live stream): an admin who must first set up two-step sign-in counts as nobody.
 */
export async function readPermittedSession(request: Request): Promise<SessionState> {
  const state = await readSessionUser(request);
  return state.user && mustSetUpTwoFactor(state.user) ? { user: null, ended: null } : state;
}

export const getPermittedUser = async (request: Request): Promise<UserRow | null> => (await readPermittedSession(request)).user;

/** Page guard: visitors go to /auth and come back after login; an ended session says why. */
export async function requireUser(request: Request, redirectTo = pathOf(request)): Promise<UserRow> {
  requireSameOrigin(request);
  const { user, ended } = await readSessionUser(request);
  if (user) {
    if (mustSetUpTwoFactor(user) && !TWO_FACTOR_SETUP_PATHS.includes(new URL(request.url).pathname)) {
      throw await redirectWithToast('/account#seguranca', {
        title: 'Verificação em duas etapas',
        description: TWO_FACTOR_REQUIRED,
        type: 'error',
      });
    }
    return user;
  }
  // WhatsApp, Teams…: the public preview of the page instead of the login form (decision 031).
  if (isLinkPreviewRequest(request)) throw safeRedirect(linkPreviewPath(pathOf(request)));
  const target = `/auth?${new URLSearchParams({ redirectTo })}`;
  if (ended) {
    throw await redirectWithToast(
      target,
      { title: 'Sessão expirada', description: SESSION_MESSAGES[ended], type: 'error' },
      { headers: { 'Set-Cookie': await clearedSessionCookie(request) } },
    );
  }
  throw safeRedirect(target);
}

/**
 * Page guard for a minimum role: users below it go to /dashboard, with the caller's toast when
 * the page has something to say (the courses' 'Acesso Restrito'), silently otherwise.
 */
export async function requireRole(request: Request, role: Role, refusal?: Toast): Promise<UserRow> {
  const user = await requireUser(request);
  if (hasAtLeast(user.role, role)) return user;
  throw refusal ? await redirectWithToast('/dashboard', { type: 'error', ...refusal }) : safeRedirect('/dashboard');
}

export const requireAdmin = (request: Request) => requireRole(request, 'admin');

/** /auth and friends: logged-in users go to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  requireSameOrigin(request);
  if ((await readSessionUser(request)).user) throw safeRedirect('/dashboard');
}

/** API guard: 401 as JSON, with sessionExpired when a session was ended or timed out. */
export const requireApiUser = (request: Request) => apiUser(request, false);

/**
 * API guard of the calls that set a second factor up (passkey registration): an admin who must
 * still set one up is let through, as the page guard lets them reach 'Segurança'.
 */
export const requireApiUserForSetup = (request: Request) => apiUser(request, true);

async function apiUser(request: Request, forSetup: boolean): Promise<UserRow> {
  requireSameOrigin(request);
  const { user, ended } = await readSessionUser(request);
  if (user) {
    if (!forSetup && mustSetUpTwoFactor(user)) throw errorResponse(403, TWO_FACTOR_REQUIRED, { twoFactorSetupRequired: true });
    return user;
  }
  if (ended) {
    throw errorResponse(
      401,
      SESSION_MESSAGES[ended],
      { sessionExpired: true },
      { headers: { 'Set-Cookie': await clearedSessionCookie(request) } },
    );
  }
  throw errorResponse(401, SESSION_MESSAGES.unauthenticated);
}

/** API guard for a minimum role: 403 with the caller's message (the specification's 'Acesso negado' by default). */
export async function requireApiRole(request: Request, role: Role, message: string = SESSION_MESSAGES.forbidden): Promise<UserRow> {
  const user = await requireApiUser(request);
  if (!hasAtLeast(user.role, role)) throw errorResponse(403, message);
  return user;
}

export const requireApiAdmin = (request: Request) => requireApiRole(request, 'admin');
