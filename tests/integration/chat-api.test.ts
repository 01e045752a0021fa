import { queryPlans } from './helpers/query-plans';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { chatMessages, chatThreads } from '../../db/schema';
import { listMessages } from '~/models/chat/chat.server';
import { countAdminUnreadThreads, countUserUnreadThreads, listAdminThreads, listUserThreads } from '~/models/chat/thread-lists.server';
import { liveChannels, subscribe, type LiveEvent } from '~/models/live-bus/live-events.server';
import { loader as adminThreadsLoader } from '~/routes/api+/chat.admin.threads';
import { loader as adminUnreadLoader } from '~/routes/api+/chat.admin.unread-count';
import { action as closeAction } from '~/routes/api+/chat.threads.$id.close';
import { action as markReadAdminAction } from '~/routes/api+/chat.threads.$id.mark-read-admin';
import { action as markReadUserAction } from '~/routes/api+/chat.threads.$id.mark-read-user';
import { action as postMessageAction, loader as messagesLoader } from '~/routes/api+/chat.threads.$id.messages';
import { action as threadAction, loader as threadLoader } from '~/routes/api+/chat.threads.$id';
import { action as createThreadAction, loader as threadsLoader } from '~/routes/api+/chat.threads';
import { loader as unreadLoader } from '~/routes/api+/chat.unread-count';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { allowConsole } from '../setup/console';
import { createUser, sessionCookie } from '../setup/helpers';
import { apiCall, expectAdminOnly, safeJson, signedTiers, type Signed, type Tier } from './helpers/admin-api';

/**
 * The support chat's JSON API (the specification's JSON API, 'Chat') over
 * app/models/chat/chat.server.ts. Ownership (someone else's ticket is the same 404 as a missing one),
 * admin-only calls, the unread transitions and their live events, closed tickets, the message
 * rules, the lists, atomic creation, 200 concurrent posts kept once each in order of arrival, and
 * the indexes behind every read.
 */

type ThreadJson = {
  id: number;
  userId: number;
  subject: string;
  status: 'open' | 'closed';
  isUserUnread: boolean;
  isAdminUnread: boolean;
  lastMessageAt: string | null;
  createdAt: string;
  userName: string;
};
type MessageJson = { id: number; threadId: number; userId: number | null; message: string; isAdminMessage: boolean; createdAt: string };

let tiers: Record<Tier, Signed>;
let owner: Signed;
let stranger: Signed;
let admin: Signed;

const signed = async (role: Tier): Promise<Signed> => {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
};

beforeAll(async () => {
  tiers = await signedTiers();
  owner = await signed('E-BASIC');
  stranger = await signed('E-TOOL');
  admin = tiers.admin;
});

beforeEach(() => resetAllLimits());

// ---------------------------------------------------------------------------------------------
// Calls

const idParams = (id: number | string) => ({ id: String(id) });
const create = (cookie: string | undefined, body: unknown) => apiCall(createThreadAction, 'POST', '/api/chat/threads', { cookie, body });
const listMine = (cookie: string | undefined, query = '') => apiCall(threadsLoader, 'GET', `/api/chat/threads${query}`, { cookie });
const listAll = (cookie: string | undefined, query = '') =>
  apiCall(adminThreadsLoader, 'GET', `/api/chat/admin/threads${query}`, { cookie });
const getOne = (cookie: string | undefined, id: number | string) =>
  apiCall(threadLoader, 'GET', `/api/chat/threads/${id}`, { cookie, params: idParams(id) });
const remove = (cookie: string | undefined, id: number | string) =>
  apiCall(threadAction, 'DELETE', `/api/chat/threads/${id}`, { cookie, params: idParams(id) });
const messages = (cookie: string | undefined, id: number | string, query = '') =>
  apiCall(messagesLoader, 'GET', `/api/chat/threads/${id}/messages${query}`, { cookie, params: idParams(id) });
const post = (cookie: string | undefined, id: number | string, body: unknown) =>
  apiCall(postMessageAction, 'POST', `/api/chat/threads/${id}/messages`, { cookie, params: idParams(id), body });
const close = (cookie: string | undefined, id: number | string) =>
  apiCall(closeAction, 'PATCH', `/api/chat/threads/${id}/close`, { cookie, params: idParams(id) });
const markReadAdmin = (cookie: string | undefined, id: number | string) =>
  apiCall(markReadAdminAction, 'POST', `/api/chat/threads/${id}/mark-read-admin`, { cookie, params: idParams(id) });
const markReadUser = (cookie: string | undefined, id: number | string) =>
  apiCall(markReadUserAction, 'POST', `/api/chat/threads/${id}/mark-read-user`, { cookie, params: idParams(id) });
const unread = (cookie: string | undefined) => apiCall(unreadLoader, 'GET', '/api/chat/unread-count', { cookie });
const adminUnread = (cookie: string | undefined) => apiCall(adminUnreadLoader, 'GET', '/api/chat/admin/unread-count', { cookie });

async function newThread(
  who: Signed = owner,
  body: Record<string, unknown> = { subject: 'Problema no cálculo', message: 'O resultado não confere.' },
): Promise<ThreadJson> {
  const response = await create(who.cookie, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return safeJson<ThreadJson>(response);
}

const row = (id: number) => db.select().from(chatThreads).where(eq(chatThreads.id, id)).get();
const storedMessages = (threadId: number) =>
  db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(asc(chatMessages.id)).all();

/** Live events published while `run` runs, on the given channels. */
async function eventsDuring(channels: string[], run: () => Promise<unknown>): Promise<LiveEvent[]> {
  const seen: LiveEvent[] = [];
  const stop = subscribe(channels, (event) => seen.push(event));
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------

describe('creating a ticket (POST /api/chat/threads)', () => {
  test("{ subject } alone, as the specification's client sends it, then the first message: open, admin-unread", async () => {
    const response = await create(owner.cookie, { subject: '  Acesso ao curso  ' });
    expect(response.status).toBe(201);
    const thread = await safeJson<ThreadJson>(response);
    expect(thread).toMatchObject({
      userId: owner.user.id,
      subject: 'Acesso ao curso',
      status: 'open',
      isAdminUnread: true,
      isUserUnread: false,
      lastMessageAt: null,
      userName: owner.user.username,
    });
    expect(row(thread.id)?.subjectKey).toBe('acesso ao curso');

    const first = await post(owner.cookie, thread.id, { message: 'Não consigo abrir a aula 2.' });
    expect(first.status).toBe(201);
    expect(await safeJson(first)).toMatchObject({
      threadId: thread.id,
      userId: owner.user.id,
      message: 'Não consigo abrir a aula 2.',
      isAdminMessage: false,
    });
    expect(row(thread.id)?.lastMessageAt).not.toBeNull();
  });

  test('{ subject, message } creates the ticket and its first message together', async () => {
    const thread = await newThread(owner, { subject: 'Pagamento pendente', message: 'Paguei ontem e o plano não mudou.' });
    expect(thread.lastMessageAt).not.toBeNull();
    expect(storedMessages(thread.id).map((m) => m.message)).toEqual(['Paguei ontem e o plano não mudou.']);
  });

  test('a ticket never exists without its first message: a failing message insert leaves no ticket', async () => {
    const sqlite = sqliteConnection();
    sqlite.exec(
      `create temp trigger refuse_boom before insert on chat_messages when new.message = 'boom' begin select raise(abort, 'boom'); end`,
    );
    allowConsole('error', /SqliteError: boom/); // the 500's cause is logged
    try {
      const before = db.select().from(chatThreads).all().length;
      const response = await create(owner.cookie, { subject: 'Nunca deve existir', message: 'boom' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Erro interno do servidor.' });
      expect(db.select().from(chatThreads).all().length).toBe(before);
      expect(db.select().from(chatThreads).where(eq(chatThreads.subject, 'Nunca deve existir')).get()).toBeUndefined();
    } finally {
      sqlite.exec('drop trigger refuse_boom');
    }
  });

  test("the server's messages: subject of at least 3 characters, a message that is not blank", async () => {
    for (const body of [{}, { subject: 'ab' }, { subject: '  a  ' }, { subject: 7 }]) {
      const response = await create(owner.cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Assunto deve ter pelo menos 3 caracteres' });
    }
    const blank = await create(owner.cookie, { subject: 'Assunto válido', message: ' \n\t ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ message: 'Mensagem não pode estar vazia' });
    const long = await create(owner.cookie, { subject: 'Assunto válido', message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ message: 'A mensagem deve ter no máximo 5000 caracteres' });
    expect(db.select().from(chatThreads).where(eq(chatThreads.subject, 'Assunto válido')).get()).toBeUndefined();
  });

  test('visitors get 401', async () => {
    const response = await create(undefined, { subject: 'Sem sessão' });
    expect(response.status).toBe(401);
  });
});

describe('ownership: someone else’s ticket is the same 404 as a missing one', () => {
  test('another user cannot read, list, post to, close or mark it read', async () => {
    const thread = await newThread();
    const missing = 9_999_999;
    for (const [label, send] of [
      ['GET thread', (id: number) => getOne(stranger.cookie, id)],
      ['GET messages', (id: number) => messages(stranger.cookie, id)],
      ['POST message', (id: number) => post(stranger.cookie, id, { message: 'Intrometido' })],
      ['PATCH close', (id: number) => close(stranger.cookie, id)],
      ['POST mark-read-user', (id: number) => markReadUser(stranger.cookie, id)],
    ] as const) {
      const foreign = await send(thread.id);
      const absent = await send(missing);
      expect(foreign.status, label).toBe(404);
      expect(absent.status, label).toBe(404);
      expect(await foreign.json(), label).toEqual(await absent.json());
    }
    expect(storedMessages(thread.id)).toHaveLength(1);
    expect(row(thread.id)).toMatchObject({ status: 'open', isAdminUnread: true });
    const mine = await safeJson<ThreadJson[]>(await listMine(stranger.cookie));
    expect(mine.map((t) => t.id)).not.toContain(thread.id);
  });

  test('only admins delete: every other tier gets 403 whatever the id (own, foreign or missing), and the ticket stays', async () => {
    const thread = await newThread();
    await expectAdminOnly(tiers, (cookie) => remove(cookie, thread.id));
    for (const id of [thread.id, 9_999_999]) {
      const response = await remove(owner.cookie, id);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Acesso negado' });
    }
    expect(row(thread.id)).toBeDefined();
  });

  test('the admin endpoints answer 401 to visitors and 403 to every other tier', async () => {
    const thread = await newThread();
    await expectAdminOnly(tiers, (cookie) => listAll(cookie));
    await expectAdminOnly(tiers, (cookie) => adminUnread(cookie));
    await expectAdminOnly(tiers, (cookie) => markReadAdmin(cookie, thread.id));
    expect(row(thread.id)?.isAdminUnread).toBe(true);
  });

  test('an admin reads and answers any ticket, but does not mark it read for its user', async () => {
    const thread = await newThread();
    expect((await getOne(admin.cookie, thread.id)).status).toBe(200);
    expect((await post(admin.cookie, thread.id, { message: 'Olá, vamos verificar.' })).status).toBe(201);
    const response = await markReadUser(admin.cookie, thread.id);
    expect(response.status).toBe(403);
    expect(row(thread.id)?.isUserUnread).toBe(true);
  });
});

describe('unread state', () => {
  test('new: admin-unread; admin opens: read; admin replies: user-unread; user opens: read; user writes: admin-unread again', async () => {
    const adminCount = async () => safeJson<number>(await adminUnread(admin.cookie));
    const userCount = async () => safeJson<number>(await unread(owner.cookie));
    const startAdmin = await adminCount();
    const startUser = await userCount();

    const thread = await newThread();
    expect(await adminCount()).toBe(startAdmin + 1);
    expect(countAdminUnreadThreads()).toBe(startAdmin + 1);

    const read = await markReadAdmin(admin.cookie, thread.id);
    expect(read.status).toBe(200);
    expect((await safeJson<{ thread: ThreadJson }>(read)).thread).toMatchObject({ isAdminUnread: false, isUserUnread: false });
    expect(await adminCount()).toBe(startAdmin);

    const reply = await eventsDuring([liveChannels.thread(thread.id), liveChannels.user(owner.user.id), liveChannels.admins], () =>
      post(admin.cookie, thread.id, { message: 'Pode enviar um print?' }),
    );
    expect(row(thread.id)).toMatchObject({ isUserUnread: true, isAdminUnread: false });
    expect(await userCount()).toBe(startUser + 1);
    expect(countUserUnreadThreads(owner.user.id)).toBe(startUser + 1);
    const message = reply.find((event) => event.type === 'chat-message');
    expect(message?.data).toMatchObject({
      threadId: thread.id,
      message: { threadId: thread.id, message: 'Pode enviar um print?', isAdminMessage: true, userId: admin.user.id },
    });
    expect(reply.find((event) => event.channel === liveChannels.user(owner.user.id))?.data).toEqual({ count: startUser + 1 });
    expect(reply.find((event) => event.channel === liveChannels.admins)?.data).toEqual({ count: startAdmin });

    const opened = await eventsDuring([liveChannels.thread(thread.id), liveChannels.user(owner.user.id)], () =>
      markReadUser(owner.cookie, thread.id),
    );
    expect(row(thread.id)?.isUserUnread).toBe(false);
    expect(await userCount()).toBe(startUser);
    expect(opened.map((event) => [event.type, event.data])).toEqual([
      ['chat-thread', { threadId: thread.id, status: 'open' }],
      ['chat-unread', { count: startUser }],
    ]);
    // Marking read again writes and publishes nothing.
    expect(
      await eventsDuring([liveChannels.thread(thread.id), liveChannels.user(owner.user.id)], () => markReadUser(owner.cookie, thread.id)),
    ).toEqual([]);

    await post(owner.cookie, thread.id, { message: 'Segue o print.' });
    expect(row(thread.id)).toMatchObject({ isAdminUnread: true, isUserUnread: false });
    expect(await adminCount()).toBe(startAdmin + 1);
  });

  test('the unread-count calls need a session', async () => {
    expect((await unread(undefined)).status).toBe(401);
    expect((await adminUnread(undefined)).status).toBe(401);
  });
});

describe('closing (PATCH /api/chat/threads/{id}/close)', () => {
  test('the owner closes; then neither side may write, with a clear message; closing again is fine', async () => {
    const thread = await newThread();
    const events = await eventsDuring([liveChannels.thread(thread.id)], () => close(owner.cookie, thread.id));
    expect(events.map((event) => event.data)).toEqual([{ threadId: thread.id, status: 'closed' }]);
    expect(row(thread.id)?.status).toBe('closed');
    for (const who of [owner, admin]) {
      const response = await post(who.cookie, thread.id, { message: 'Mais uma coisa' });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: 'Este ticket foi encerrado e não aceita mais mensagens' });
    }
    expect(storedMessages(thread.id)).toHaveLength(1);
    const again = await close(owner.cookie, thread.id);
    expect(again.status).toBe(200);
    expect((await safeJson<{ thread: ThreadJson }>(again)).thread.status).toBe('closed');
  });

  test('an admin closes any ticket', async () => {
    const thread = await newThread();
    const response = await close(admin.cookie, thread.id);
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toMatchObject({ message: 'Ticket encerrado', thread: { id: thread.id, status: 'closed' } });
  });
});

describe('deleting (DELETE /api/chat/threads/{id}, admin)', () => {
  test('removes the ticket and its messages, publishes it, and the ticket is then 404', async () => {
    const thread = await newThread();
    await post(owner.cookie, thread.id, { message: 'Segunda mensagem' });
    const events = await eventsDuring([liveChannels.thread(thread.id), liveChannels.admins], async () => {
      const response = await remove(admin.cookie, thread.id);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'Ticket excluído' });
    });
    expect(events.find((event) => event.type === 'chat-thread')?.data).toEqual({ threadId: thread.id, status: 'open', deleted: true });
    expect(events.find((event) => event.type === 'chat-unread')?.data).toEqual({ count: countAdminUnreadThreads() });
    expect(row(thread.id)).toBeUndefined();
    expect(storedMessages(thread.id)).toEqual([]);
    expect((await getOne(owner.cookie, thread.id)).status).toBe(404);
    expect((await remove(admin.cookie, thread.id)).status).toBe(404);
  });
});

describe('message rules (POST /api/chat/threads/{id}/messages)', () => {
  test('blank after trimming, missing, or longer than 5,000 characters is refused; the text is stored trimmed', async () => {
    const thread = await newThread();
    for (const body of [{}, { message: '' }, { message: '   \n  ' }, { message: 42 }]) {
      const response = await post(owner.cookie, thread.id, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Mensagem não pode estar vazia' });
    }
    const long = await post(owner.cookie, thread.id, { message: 'a'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ message: 'A mensagem deve ter no máximo 5000 caracteres' });
    expect((await post(owner.cookie, thread.id, { message: 'b'.repeat(5000) })).status).toBe(201);
    expect((await post(owner.cookie, thread.id, { message: '  com espaços  \n' })).status).toBe(201);
    expect(storedMessages(thread.id).map((m) => m.message.length)).toEqual([24, 5000, 11]);
  });

  test('text is stored as sent (markup included) and returned as JSON text', async () => {
    const thread = await newThread();
    const response = await post(owner.cookie, thread.id, { message: '<script>alert(1)</script>' });
    expect(((await safeJson(response)) as MessageJson).message).toBe('<script>alert(1)</script>');
  });

  test('a user may post 30 messages a minute; the 31st is refused with 429; admins answer without a limit', async () => {
    const thread = await newThread(owner, { subject: 'Muitas mensagens' });
    resetAllLimits();
    for (let i = 1; i <= 30; i++) expect((await post(owner.cookie, thread.id, { message: `m${i}` })).status).toBe(201);
    const refused = await post(owner.cookie, thread.id, { message: 'm31' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Muitas tentativas\. Aguarde 1 minuto/);
    for (let i = 1; i <= 40; i++) expect((await post(admin.cookie, thread.id, { message: `a${i}` })).status).toBe(201);
    expect(storedMessages(thread.id)).toHaveLength(70);
  });

  test('opening tickets counts too: a user cannot flood the desk with new tickets', async () => {
    const flooder = await signed('E-BASIC');
    for (let i = 0; i < 30; i++) expect((await create(flooder.cookie, { subject: `Ticket ${i}` })).status).toBe(201);
    expect((await create(flooder.cookie, { subject: 'Ticket 31' })).status).toBe(429);
  });
});

describe('the lists (GET /api/chat/threads, GET /api/chat/admin/threads)', () => {
  test('a user sees only their own tickets, newest activity first, paged with X-Total-Count', async () => {
    const lister = await signed('E-TOOL');
    const first = await newThread(lister, { subject: 'Primeiro', message: 'a' });
    const second = await newThread(lister, { subject: 'Segundo', message: 'b' });
    await newThread(lister, { subject: 'Terceiro' });
    await newThread(stranger, { subject: 'De outra pessoa', message: 'c' });
    // A new message moves the oldest ticket to the top.
    await post(lister.cookie, first.id, { message: 'novidade' });
    const response = await listMine(lister.cookie, '?perPage=2');
    expect(response.headers.get('X-Total-Count')).toBe('3');
    expect(response.headers.get('X-Page-Count')).toBe('2');
    expect((await safeJson<ThreadJson[]>(response)).map((t) => t.subject)).toEqual(['Primeiro', 'Terceiro']);
    const page2 = await safeJson<ThreadJson[]>(await listMine(lister.cookie, '?perPage=2&page=2'));
    expect(page2.map((t) => t.id)).toEqual([second.id]);
    expect((await listMine(lister.cookie, '?perPage=500')).status).toBe(400);
    expect((await listMine(undefined)).status).toBe(401);
  });

  test('search by subject ignores case and accents, and treats % and _ literally', async () => {
    const searcher = await signed('E-BASIC');
    await newThread(searcher, { subject: 'Dúvida sobre ELÉTRICA' });
    await newThread(searcher, { subject: 'Desconto de 50% no plano' });
    await newThread(searcher, { subject: 'Outro assunto' });
    const subjects = async (q: string) =>
      (await safeJson<ThreadJson[]>(await listMine(searcher.cookie, `?q=${encodeURIComponent(q)}`))).map((t) => t.subject);
    expect(await subjects('duvida sobre eletrica')).toEqual(['Dúvida sobre ELÉTRICA']);
    expect(await subjects('DÚVIDA')).toEqual(['Dúvida sobre ELÉTRICA']);
    expect(await subjects('50%')).toEqual(['Desconto de 50% no plano']);
    expect(await subjects('%')).toEqual(['Desconto de 50% no plano']);
    expect(await subjects('_')).toEqual([]);
  });

  test('admins see every ticket with its user name, filtered by status', async () => {
    const open = await newThread(owner, { subject: 'Filtro aberto xyz' });
    const closed = await newThread(stranger, { subject: 'Filtro fechado xyz' });
    await close(admin.cookie, closed.id);
    const all = await safeJson<ThreadJson[]>(await listAll(admin.cookie, '?q=xyz'));
    expect(all.map((t) => [t.subject, t.userName])).toEqual([
      ['Filtro fechado xyz', stranger.user.username],
      ['Filtro aberto xyz', owner.user.username],
    ]);
    expect((await safeJson<ThreadJson[]>(await listAll(admin.cookie, '?q=xyz&status=open'))).map((t) => t.id)).toEqual([open.id]);
    expect((await safeJson<ThreadJson[]>(await listAll(admin.cookie, '?q=xyz&status=closed'))).map((t) => t.id)).toEqual([closed.id]);
    expect((await listAll(admin.cookie, '?status=pending')).status).toBe(400);
  });

  test("a ticket whose user cannot be found shows 'Usuário #{userId}'", async () => {
    const thread = await newThread(owner, { subject: 'Sem usuário conhecido' });
    const sqlite = sqliteConnection();
    sqlite.pragma('foreign_keys = OFF');
    try {
      db.update(chatThreads).set({ userId: 987_654 }).where(eq(chatThreads.id, thread.id)).run();
      const [found] = await safeJson<ThreadJson[]>(await listAll(admin.cookie, '?q=sem usuario conhecido'));
      expect(found.userName).toBe('Usuário #987654');
      expect((await safeJson<{ thread: ThreadJson }>(await getOne(admin.cookie, thread.id))).thread.userName).toBe('Usuário #987654');
    } finally {
      db.delete(chatThreads).where(eq(chatThreads.id, thread.id)).run();
      sqlite.pragma('foreign_keys = ON');
    }
  });
});

describe('one ticket and its messages', () => {
  test('GET /api/chat/threads/{id} answers { thread } with userName', async () => {
    const thread = await newThread();
    const body = await safeJson<{ thread: ThreadJson }>(await getOne(owner.cookie, thread.id));
    expect(body.thread).toMatchObject({ id: thread.id, subject: 'Problema no cálculo', userName: owner.user.username, status: 'open' });
    expect((await getOne(owner.cookie, 'abc')).status).toBe(404);
  });

  test('messages come in order of arrival; the latest `limit`, older ones with before=, newer with after=', async () => {
    const thread = await newThread(owner, { subject: 'Conversa longa', message: 'm1' });
    for (let i = 2; i <= 12; i++) await post(i % 2 ? owner.cookie : admin.cookie, thread.id, { message: `m${i}` });
    const all = await messages(owner.cookie, thread.id);
    expect(all.headers.get('X-Total-Count')).toBe('12');
    const items = await safeJson<MessageJson[]>(all);
    expect(items.map((m) => m.message)).toEqual(Array.from({ length: 12 }, (_, i) => `m${i + 1}`));
    expect(items.map((m) => m.isAdminMessage)).toEqual(items.map((_, i) => i % 2 === 1));

    const latest = await safeJson<MessageJson[]>(await messages(owner.cookie, thread.id, '?limit=5'));
    expect(latest.map((m) => m.message)).toEqual(['m8', 'm9', 'm10', 'm11', 'm12']);
    const older = await safeJson<MessageJson[]>(await messages(owner.cookie, thread.id, `?limit=5&before=${latest[0].id}`));
    expect(older.map((m) => m.message)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    const newer = await safeJson<MessageJson[]>(await messages(owner.cookie, thread.id, `?after=${items[9].id}`));
    expect(newer.map((m) => m.message)).toEqual(['m11', 'm12']);
    expect((await messages(owner.cookie, thread.id, '?limit=0')).status).toBe(400);
  });
});

describe('200 messages from several clients at once', () => {
  test('all 200 are stored once, in order of arrival (ids increasing, times never going back)', async () => {
    const thread = await newThread(owner, { subject: 'Mensagens simultâneas' });
    const admins = await Promise.all([signed('admin'), signed('admin'), signed('admin'), signed('admin')]);
    // The owner stays under the per-user limit; the support team answers without one.
    const clients = [owner, ...admins];
    const sends = Array.from({ length: 200 }, (_, i) => {
      const client = i < 25 ? owner : clients[1 + (i % admins.length)];
      return post(client.cookie, thread.id, { message: `mensagem ${i}` });
    });
    const responses = await Promise.all(sends);
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const returned = await Promise.all(responses.map((response) => safeJson<MessageJson>(response)));

    const stored = storedMessages(thread.id);
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((m) => m.message)).size).toBe(200);
    expect(stored.map((m) => m.message).sort()).toEqual(Array.from({ length: 200 }, (_, i) => `mensagem ${i}`).sort());
    for (let i = 1; i < stored.length; i++) {
      expect(stored[i].id).toBeGreaterThan(stored[i - 1].id);
      expect(stored[i].createdAt.getTime()).toBeGreaterThanOrEqual(stored[i - 1].createdAt.getTime());
    }
    // Each answer is the row stored for it, and the thread's last activity is the last message.
    expect(returned.map((m) => m.id).sort((a, b) => a - b)).toEqual(stored.map((m) => m.id));
    expect(row(thread.id)?.lastMessageAt?.getTime()).toBe(stored[199].createdAt.getTime());
    // The API reads them back in the same order.
    const listed = await safeJson<MessageJson[]>(await messages(owner.cookie, thread.id));
    expect(listed.map((m) => m.id)).toEqual(stored.map((m) => m.id));
  });
});

// ---------------------------------------------------------------------------------------------

describe('EXPLAIN QUERY PLAN: the lists and the message window read through their indexes', () => {
  beforeAll(() => {
    // Enough rows that SQLite's planner has something to choose between.
    const values = Array.from({ length: 300 }, (_, i) => ({
      userId: i % 2 ? owner.user.id : stranger.user.id,
      subject: `Volume ${i}`,
      subjectKey: sortKey(`Volume ${i}`),
      status: i % 3 ? ('open' as const) : ('closed' as const),
      lastMessageAt: i % 5 ? new Date(Date.now() - i * 60_000) : null,
      createdAt: new Date(Date.now() - i * 120_000),
    }));
    db.insert(chatThreads).values(values).run();
    sqliteConnection().exec('analyze');
  });

  const ordered = (plans: { sql: string; plan: string[] }[]) => {
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, plan } of plans) {
      const text = `${sql}\n${plan.join('\n')}`;
      expect(plan.join('\n'), text).not.toMatch(/TEMP B-TREE/);
      for (const line of plan) {
        if (/chat_threads|chat_messages/.test(line)) expect(line, text).toMatch(/USING (COVERING )?INDEX|PRIMARY KEY|INTEGER PRIMARY KEY/);
      }
    }
  };

  test('the user list, the admin list (all, by status) and the window of a ticket', async () => {
    const base = { q: '', page: 1, perPage: 20 };
    ordered(queryPlans(sqliteConnection(), () => listUserThreads(owner.user.id, base)));
    ordered(queryPlans(sqliteConnection(), () => listAdminThreads({ ...base, status: 'all' })));
    ordered(queryPlans(sqliteConnection(), () => listAdminThreads({ ...base, status: 'open', page: 3 })));
    const thread = await newThread(owner, { subject: 'Janela', message: 'm' });
    ordered(queryPlans(sqliteConnection(), () => listMessages(owner.user, thread.id, { limit: 100 })));
    ordered(queryPlans(sqliteConnection(), () => listMessages(owner.user, thread.id, { limit: 100, before: 50 })));
    const plans = queryPlans(sqliteConnection(), () => listAdminThreads({ ...base, status: 'all' }));
    expect(plans.map((p) => p.plan.join(' ')).join('\n')).toMatch(/chat_threads_activity_idx/);
    expect(
      queryPlans(sqliteConnection(), () => listAdminThreads({ ...base, status: 'closed' }))
        .map((p) => p.plan.join(' '))
        .join('\n'),
    ).toMatch(/chat_threads_status_activity_idx/);
    expect(
      queryPlans(sqliteConnection(), () => listUserThreads(owner.user.id, base))
        .map((p) => p.plan.join(' '))
        .join('\n'),
    ).toMatch(/chat_threads_user_activity_idx/);
  });
});

afterEach(() => resetAllLimits());
