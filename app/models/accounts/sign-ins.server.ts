import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { knownDevices, signIns, type UserRow } from '../../../db/schema';
import { newSignInEmail } from '../../emails/new-sign-in';
import { renderEmail } from '../../emails/render';
import { cookieValue } from '../../utils/cookie-value';
import { deviceCookie } from '../../utils/device-cookie.server';
import { paginate, type Page } from '../../utils/pagination.server';
import { describeUserAgent } from '../../utils/user-agent.server';
import { recordOwnerAudit } from '../audit/audit.server';
import { addresseeOf } from '../mail/addressee.server';
import { enqueueMail } from '../mail/outbox.server';

/**
 * Sign-in alerts and the last sign-ins (issue 30, item 6; decision 068). Each browser carries a
 * random id in the signed `en_device` cookie; an account keeps the digests of the ids it signed in
 * with (`known_devices`). A sign-in records itself (`sign_ins`, the newest 50 kept) and, from a
 * browser the account had not used, mails 'Novo acesso à sua conta' and audits that it did.
 */
export const SIGN_INS_KEPT = 50;
export const KNOWN_DEVICES_KEPT = 50;
export const SIGN_INS_PER_PAGE = 10;

const digest = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

type DeviceOfCookie = { id: string | null; hash: string | null };

/**
 * What each `en_device` cookie value decodes to, with the id's digest: 'Minha Conta' reads it on
 * every view to mark 'Este navegador', and its HMAC check and digest were about 2 % of the page.
 * The signed value alone decides the answer (the secret is fixed for the process), so no entry can
 * go stale; at most 1,000 are kept, the oldest dropped first.
 */
const decodedDeviceCookies = new Map<string, DeviceOfCookie>();
const DECODED_DEVICE_COOKIES_KEPT = 1000;
const NO_DEVICE: DeviceOfCookie = { id: null, hash: null };

async function deviceOfRequest(request: Request): Promise<DeviceOfCookie> {
  const raw = cookieValue(request.headers.get('Cookie'), deviceCookie.name);
  if (raw === null) return NO_DEVICE;
  let device = decodedDeviceCookies.get(raw);
  if (!device) {
    const value: unknown = await deviceCookie.parse(`${deviceCookie.name}=${raw}`);
    device = typeof value === 'string' && /^[\w-]{43}$/.test(value) ? { id: value, hash: digest(value) } : NO_DEVICE;
    if (decodedDeviceCookies.size >= DECODED_DEVICE_COOKIES_KEPT) decodedDeviceCookies.delete(decodedDeviceCookies.keys().next().value!);
    decodedDeviceCookies.set(raw, device);
  }
  return device;
}

/** This browser's id from its signed cookie, or null (none, expired, altered or forged). */
export async function readDeviceId(request: Request): Promise<string | null> {
  return (await deviceOfRequest(request)).id;
}

/** The id a sign-in goes on with: the browser's own when its cookie is genuine, else a new one. */
export async function deviceIdFor(request: Request): Promise<string> {
  return (await readDeviceId(request)) ?? randomBytes(32).toString('base64url');
}

/** The Set-Cookie that keeps (or gives) the browser its id for another year. */
export const deviceCookieHeader = (deviceId: string) => deviceCookie.serialize(deviceId);

export type SignInInput = {
  user: Pick<UserRow, 'id' | 'email' | 'username' | 'fullName' | 'emailConfirmedAt'>;
  deviceId: string;
  userAgent: string | null;
  ipAddress: string;
  /** False for the registration's own first sign-in: the browser becomes known without a mail. */
  alert: boolean;
  now: Date;
};

/**
 * Records a sign-in inside the caller's transaction (the one that starts the session): the
 * browser becomes (or stays) known, the list keeps its newest SIGN_INS_KEPT, and a browser the
 * account had not used gets the alert mail and its audit row. Returns whether it was new.
 */
export function recordSignIn(tx: Executor, { user, deviceId, userAgent, ipAddress, alert, now }: SignInInput): { newDevice: boolean } {
  const deviceHash = digest(deviceId);
  const agent = userAgent?.slice(0, 512) ?? null;
  const added = tx
    .insert(knownDevices)
    .values({ userId: user.id, deviceHash, userAgent: agent, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ id: knownDevices.id })
    .get();
  const newDevice = added !== undefined;
  if (newDevice) {
    keepNewest(tx, user.id, knownDevices, KNOWN_DEVICES_KEPT, [desc(knownDevices.lastSeenAt), desc(knownDevices.id)]);
  } else {
    tx.update(knownDevices)
      .set({ lastSeenAt: now, userAgent: agent })
      .where(and(eq(knownDevices.userId, user.id), eq(knownDevices.deviceHash, deviceHash)))
      .run();
  }
  const browser = describeUserAgent(agent);
  tx.insert(signIns).values({ userId: user.id, at: now, userAgent: agent, browser, ipAddress, deviceHash, newDevice }).run();
  keepNewest(tx, user.id, signIns, SIGN_INS_KEPT, [desc(signIns.at), desc(signIns.id)]);
  if (newDevice && alert) {
    enqueueMail(tx, {
      userId: user.id,
      to: user.email,
      kind: 'new-sign-in',
      ...renderEmail(newSignInEmail({ name: addresseeOf(user).name, when: now, browser, address: ipAddress })),
    });
    recordOwnerAudit(tx, user, {
      action: 'account.new_device_sign_in',
      entityType: 'user',
      entityId: user.id,
      summary: `Aviso de novo acesso enviado: ${browser}`,
    });
  }
  return { newDevice };
}

type UserOwned = typeof knownDevices | typeof signIns;

function keepNewest(tx: Executor, userId: number, table: UserOwned, keep: number, order: ReturnType<typeof desc>[]): void {
  const newest = tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(...order)
    .limit(keep);
  tx.delete(table)
    .where(and(eq(table.userId, userId), notInArray(table.id, newest)))
    .run();
}

export type SignInView = { id: number; at: string; browser: string; address: string | null; thisBrowser: boolean };

const signInCount = preparedQuery(() =>
  db
    .select({ count: sql<number>`count(*)` })
    .from(signIns)
    .where(eq(signIns.userId, sql.placeholder('userId')))
    .prepare(),
);
const signInRows = preparedQuery(() =>
  db
    .select({ id: signIns.id, at: signIns.at, browser: signIns.browser, ipAddress: signIns.ipAddress, deviceHash: signIns.deviceHash })
    .from(signIns)
    .where(eq(signIns.userId, sql.placeholder('userId')))
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

/**
 * 'Segurança' → 'Últimos acessos': a page of the account's sign-ins, newest first, marking the ones
 * from this browser (`current`: its id's digest).
 */
export function listSignIns(userId: number, page: number, current: string | null): Page<SignInView> {
  return paginate(
    { page, perPage: SIGN_INS_PER_PAGE },
    {
      count: () => signInCount().get({ userId })?.count ?? 0,
      rows: (limit, offset) =>
        signInRows()
          .all({ userId, limit, offset })
          .map((row) => ({
            id: row.id,
            at: row.at.toISOString(),
            browser: row.browser,
            address: row.ipAddress,
            thisBrowser: row.deviceHash === current,
          })),
    },
  );
}

/** Which page of sign-ins a request asks for (`?{pageParam}=N`, leniently: a bad value asks for the first), and its browser's digest. */
export async function signInsQueryOf(request: Request, pageParam: string): Promise<{ page: number; current: string | null }> {
  const page = Number.parseInt(new URL(request.url).searchParams.get(pageParam) ?? '', 10);
  return { page: Number.isSafeInteger(page) ? page : 1, current: (await deviceOfRequest(request)).hash };
}

/** The LGPD export's part: the sign-ins and the known browsers, without the browsers' ids or their digests. */
export function signInsForExport(tx: Executor, userId: number) {
  return {
    signIns: tx
      .select()
      .from(signIns)
      .where(eq(signIns.userId, userId))
      .orderBy(desc(signIns.at), desc(signIns.id))
      .all()
      .map((row) => ({
        at: row.at.toISOString(),
        browser: row.browser,
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        newBrowser: row.newDevice,
      })),
    knownBrowsers: tx
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(knownDevices.lastSeenAt))
      .all()
      .map((row) => ({
        browser: describeUserAgent(row.userAgent),
        userAgent: row.userAgent,
        firstSeenAt: row.firstSeenAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      })),
  };
}
