import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';

/**
 * Guessing guards for login, registration, recovery and promo codes, and flood guards for the
 * contact form and the support chat. Failures are counted
 * per client address (the trusted one: see `clientAddress`) and per account; a blocked key
 * answers 429 until its window ends. Login counts the (account, address) pair with the small
 * limit, so a stranger's failures never lock the owner out from another address.
 */
const createLimiters = () => ({
  loginPair: new RateLimiterMemory({ keyPrefix: 'login-pair', points: 5, duration: 15 * 60 }),
  loginAccount: new RateLimiterMemory({ keyPrefix: 'login-account', points: 50, duration: 15 * 60 }),
  loginAddress: new RateLimiterMemory({ keyPrefix: 'login-address', points: 30, duration: 15 * 60 }),
  register: new RateLimiterMemory({ keyPrefix: 'register', points: 20, duration: 60 * 60 }),
  recoverAccount: new RateLimiterMemory({ keyPrefix: 'recover-account', points: 5, duration: 15 * 60 }),
  recoverAddress: new RateLimiterMemory({ keyPrefix: 'recover-address', points: 20, duration: 15 * 60 }),
  promoAccount: new RateLimiterMemory({ keyPrefix: 'promo-account', points: 10, duration: 15 * 60 }),
  /** Public contact form: messages stored per client address (every one counts, not only failures). */
  contact: new RateLimiterMemory({ keyPrefix: 'contact', points: 5, duration: 10 * 60 }),
  /** Support chat: messages and new tickets per user (every one counts), so one account cannot flood the desk. */
  chatMessage: new RateLimiterMemory({ keyPrefix: 'chat-message', points: 30, duration: 60 }),
});

let limiters = createLimiters();

export type LimiterName = keyof ReturnType<typeof createLimiters>;

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(
    429,
    `Muitas tentativas. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e tente novamente.`,
  );
}

/** Throws 429 when any of the keys is already blocked, without spending a point. */
export async function assertNotLimited(checks: Array<[LimiterName, string]>): Promise<void> {
  for (const [name, key] of checks) {
    const limiter = limiters[name];
    const state = await limiter.get(key.toLowerCase());
    if (state && state.consumedPoints >= limiter.points) throw tooMany(state.msBeforeNext);
  }
}

/** Spends one point on each key (a failure, or a counted attempt). */
export async function consume(checks: Array<[LimiterName, string]>): Promise<void> {
  for (const [name, key] of checks) {
    try {
      await limiters[name].consume(key.toLowerCase());
    } catch (result) {
      if (result instanceof RateLimiterRes) throw tooMany(result.msBeforeNext);
      throw result;
    }
  }
}

export async function reset(checks: Array<[LimiterName, string]>): Promise<void> {
  for (const [name, key] of checks) await limiters[name].delete(key.toLowerCase());
}

/** Tests start each case with clean counters. */
export function resetAllLimits(): void {
  limiters = createLimiters();
}
