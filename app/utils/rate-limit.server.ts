import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import { isIPv6 } from 'node:net';
import { AppError } from './errors';
import { foldKey } from './fold';

/**
 * Guessing guards for login, registration, recovery and promo codes, and flood guards for the
 * contact form and the support chat. Attempts are counted per client address (the trusted
 * one: see `clientAddress`) and per account; a spent key answers 429 until its window ends.
 * Login counts the (account, address) pair with the small limit, so a stranger's failures
 * never lock the owner out from another address.
 *
 * The counters live in the app's database, table `rate_limits` (docs/decisions/021), so a
 * restart or a deploy hands out no fresh attempts. Keys are stored as digests: the table holds
 * no e-mail or address in the clear. This module only talks to the connection it is given:
 * app/models/accounts/rate-limit-store.server.ts gives it the app's.
 */
const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * What a limiter's key names, and so how it is normalised before it is stored (`limitKey`):
 * an account's identifier (e-mail or username) is folded as the lookup folds it, so 'ｂasico'
 * shares the budget of 'basico'; a client address is grouped by its network (`addressKey`);
 * a login pair is `account|address`, each half normalised; a user id is kept as it is.
 */
type KeyKind = 'account' | 'address' | 'account|address' | 'user';

const LIMITS = {
  loginPair: { keyPrefix: 'login-pair', points: 5, duration: 15 * 60, by: 'account|address' },
  loginAccount: { keyPrefix: 'login-account', points: 50, duration: 15 * 60, by: 'account' },
  loginAddress: { keyPrefix: 'login-address', points: 30, duration: 15 * 60, by: 'address' },
  register: { keyPrefix: 'register', points: 20, duration: 60 * 60, by: 'address' },
  recoverAccount: { keyPrefix: 'recover-account', points: 5, duration: 15 * 60, by: 'account' },
  recoverAddress: { keyPrefix: 'recover-address', points: 20, duration: 15 * 60, by: 'address' },
  /** Two-step sign-in codes (and recovery codes), guessed like passwords: per account and per address. */
  twoFactorUser: { keyPrefix: 'two-factor-user', points: 5, duration: 15 * 60, by: 'user' },
  twoFactorAddress: { keyPrefix: 'two-factor-address', points: 30, duration: 15 * 60, by: 'address' },
  /** Passkey ceremonies started (challenges handed out), per address: bounds the challenges table. */
  passkeyOptions: { keyPrefix: 'passkey-options', points: 60, duration: 15 * 60, by: 'address' },
  /** Passkey answers checked, per address: spent before the check like a password, given back by a valid one. */
  passkeyVerify: { keyPrefix: 'passkey-verify', points: 30, duration: 15 * 60, by: 'address' },
  promoAccount: { keyPrefix: 'promo-account', points: 10, duration: 15 * 60, by: 'user' },
  /** Public contact form: messages stored per client address (every one counts, not only failures). */
  contact: { keyPrefix: 'contact', points: 5, duration: 10 * 60, by: 'address' },
  /** Support chat: messages and new tickets per user (every one counts), so one account cannot flood the desk. */
  chatMessage: { keyPrefix: 'chat-message', points: 30, duration: 60, by: 'user' },
  /** Public certificate verification: codes that match nothing, per client address (a found code costs nothing). */
  certificateMiss: { keyPrefix: 'certificate-miss', points: 30, duration: 15 * 60, by: 'address' },
  /** Address changes and resent confirmation links, per account: each mails an address the account typed. */
  emailLink: { keyPrefix: 'email-link', points: 5, duration: 60 * 60, by: 'user' },
  /** 'Histórico de formação' (the training record's PDF), per account: each download draws a whole PDF. */
  trainingRecordPdf: { keyPrefix: 'training-record-pdf', points: 10, duration: 15 * 60, by: 'user' },
} as const satisfies Record<string, { keyPrefix: string; points: number; duration: number; by: KeyKind }>;

export type LimiterName = keyof typeof LIMITS;
type Checks = Array<[LimiterName, string]>;
type Limiters = Record<LimiterName, RateLimiterSQLite>;

/** Rows whose window has ended are deleted at most this often, by the next attempt. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/** The layout RateLimiterSQLite reads and writes, created here synchronously so no attempt can come before it. */
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${RATE_LIMIT_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`;

let connection: (() => Database.Database) | undefined;
let current: { sqlite: Database.Database; limiters: Limiters; sweptAt: number } | undefined;

/** Where the counters are kept: a function returning the app's current connection (asked on every attempt). */
export function bindRateLimitStore(connectionOf: () => Database.Database): void {
  connection = connectionOf;
}

/** The limiters over the current connection, made on first use, so never before the database is open. */
function store(): NonNullable<typeof current> {
  if (!connection) throw new Error('Rate limits have no store: import app/models/accounts/rate-limit-store.server.ts.');
  const sqlite = connection();
  if (current?.sqlite === sqlite) return current;
  sqlite.prepare(CREATE_TABLE).run();
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, { by: _by, ...options }]) => [
      name,
      new RateLimiterSQLite({
        ...options,
        storeClient: sqlite,
        storeType: 'better-sqlite3',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
      }),
    ]),
  ) as Limiters;
  current = { sqlite, limiters, sweptAt: 0 };
  return current;
}

function limiters(): Limiters {
  const open = store();
  const now = Date.now();
  if (now - open.sweptAt >= SWEEP_EVERY_MS) {
    open.sqlite.prepare(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire <= ?`).run(now);
    open.sweptAt = now;
  }
  return open.limiters;
}

/**
 * The budget a client address draws on. An IPv6 client holds a whole /64 (a home or phone
 * network hands out any address in it), so each of its addresses counting apart gave fresh
 * budgets for the asking: IPv6 addresses are grouped by their /64. An IPv4-mapped IPv6 address
 * (::ffff:192.0.2.1) is the IPv4 address it maps.
 */
export function addressKey(address: string): string {
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!isIPv6(plain)) return plain;
  const groups = expandIPv6(plain);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with '::' and a dotted IPv4 tail). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}

function limitKey(kind: KeyKind, key: string): string {
  switch (kind) {
    case 'account':
      return foldKey(key);
    case 'address':
      return addressKey(key);
    case 'account|address': {
      const at = key.lastIndexOf('|');
      return `${foldKey(key.slice(0, at))}|${addressKey(key.slice(at + 1))}`;
    }
    case 'user':
      return key;
  }
}

/** The stored key: normalised for what it names, and a digest rather than the e-mail or address itself. */
const storedKey = (name: LimiterName, key: string) =>
  createHash('sha256').update(limitKey(LIMITS[name].by, key).toLowerCase()).digest('base64url');

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(429, `Muitas tentativas. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e tente novamente.`);
}

/**
 * Spends one point on each key, in order, before the attempt runs. Each spend is one atomic
 * upsert, so attempts made at the same time are counted like attempts made one after another.
 * A spent key answers 429, and the points this call took from the keys before it go back.
 */
export async function consume(checks: Checks): Promise<void> {
  const all = limiters();
  for (const [index, [name, key]] of checks.entries()) {
    try {
      await all[name].consume(storedKey(name, key));
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      await giveBack(checks.slice(0, index));
      throw tooMany(result.msBeforeNext);
    }
  }
}

/** Refuses (429) when a key has no points left, spending nothing: for lookups where only a miss counts. */
export async function assertNotSpent(checks: Checks): Promise<void> {
  const all = limiters();
  for (const [name, key] of checks) {
    const state = await all[name].get(storedKey(name, key));
    if (state && state.remainingPoints <= 0) throw tooMany(state.msBeforeNext);
  }
}

/** Returns the point a `consume` took, for an attempt that turned out not to count (a right password). */
export async function giveBack(checks: Checks): Promise<void> {
  const all = limiters();
  for (const [name, key] of checks) await all[name].reward(storedKey(name, key));
}

export async function reset(checks: Checks): Promise<void> {
  const all = limiters();
  for (const [name, key] of checks) await all[name].delete(storedKey(name, key));
}

/** Tests start each case with clean counters. */
export function resetAllLimits(): void {
  store().sqlite.prepare(`DELETE FROM ${RATE_LIMIT_TABLE}`).run();
}
