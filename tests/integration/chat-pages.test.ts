import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { chatMessages, chatThreads, type UserRow } from '../../db/schema';
import { createThread, postMessage } from '~/models/chat/chat.server';
import * as appLayout from '~/routes/_app+/_layout';
import * as adminChatsPage from '~/routes/_app+/admin.chats';
import * as ticketPage from '~/routes/_app+/chat.$id';
import * as newChatPage from '~/routes/_app+/chat.new';
import * as chatsPage from '~/routes/_app+/chats';
import { CHAT_MESSAGE_WINDOW } from '~/schemas/chat';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { readToast, type Toast } from '~/utils/toast.server';
import { BASE_URL, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * 2, 3 and 6: the chat pages /chats, /admin/chats, /chat/new and /chat/{id}.
 * Who reaches each page, someone else's ticket sent to / with 'Acesso negado', opening marks
 * read for the viewer's side, the forms and their toasts, closed tickets, the 500-message
 * window, and user text rendered escaped in the real document.
 */

type Signed = { user: UserRow; cookie: string };
const signed = async (role: 'E-BASIC' | 'E-TOOL' | 'E-MASTER' | 'admin'): Promise<Signed> => {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
};

let owner: Signed;
let stranger: Signed;
let admin: Signed;

beforeAll(async () => {
  owner = await signed('E-BASIC');
  stranger = await signed('E-TOOL');
  admin = await signed('admin');
});

beforeEach(() => resetAllLimits());

const serve = documentHandler([
  { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout },
  { id: 'routes/_app+/chats', parentId: 'routes/_app+/_layout', path: 'chats', module: chatsPage },
  // Without the admin panel's layout (its own tests cover it): the page's own loader guards.
  { id: 'routes/_app+/admin.chats', parentId: 'routes/_app+/_layout', path: 'admin/chats', module: adminChatsPage },
  { id: 'routes/_app+/chat.new', parentId: 'routes/_app+/_layout', path: 'chat/new', module: newChatPage },
  { id: 'routes/_app+/chat.$id', parentId: 'routes/_app+/_layout', path: 'chat/:id', module: ticketPage },
]);

async function html(path: string, cookie?: string): Promise<{ status: number; text: string; response: Response }> {
  const response = await serve(getRequest(path, { cookie }));
  return { status: response.status, text: await response.text(), response };
}

/** The visible page: the document without its scripts (the serialized loader data is checked apart). */
const markup = (text: string) => text.replace(/<script[\s\S]*?<\/script>/g, '').replaceAll('<!-- -->', '');

/** The toast a redirect flashed, read as the next request's root loader would. */
async function flashedToast(response: Response): Promise<Toast | null> {
  const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('en_toast='));
  if (!setCookie) return null;
  const { toast } = await readToast(new Request(BASE_URL, { headers: { Cookie: setCookie.split(';')[0] } }));
  return toast;
}

let context: { toast: { pending: Toast | null } } = { toast: { pending: null } };
const postTicket = (cookie: string, id: number | string, fields: Record<string, string>, query = '') => {
  context = { toast: { pending: null } };
  return call(ticketPage.action, formRequest(`/chat/${id}${query}`, fields, { cookie }), { id: String(id) }, context);
};
const loadTicket = (cookie: string, id: number | string, query = '') =>
  call(ticketPage.loader, getRequest(`/chat/${id}${query}`, { cookie }), { id: String(id) });

type TicketData = {
  thread: { id: number; subject: string; status: string; userName: string | null; openedAt: string };
  isAdmin: boolean;
  messages: { id: number; message: string; isAdminMessage: boolean }[];
  total: number | null;
  earlier: number | null;
  paged: boolean;
  confirmDelete: boolean;
};

async function ticket(who: Signed = owner, subject = 'Ajuda com a calculadora', message = 'Como informo a temperatura?') {
  return createThread(who.user, { subject, message });
}
const row = (id: number) => db.select().from(chatThreads).where(eq(chatThreads.id, id)).get();
const storedMessages = (threadId: number) =>
  db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(asc(chatMessages.id)).all();

const DENIED: Toast = { title: 'Acesso negado', description: 'Você não tem permissão para acessar este ticket', type: 'error' };

// ---------------------------------------------------------------------------------------------

describe('who reaches the chat pages', () => {
  test('visitors go to /auth and come back afterwards', async () => {
    for (const path of ['/chats', '/admin/chats', '/chat/new', '/chat/1']) {
      const { response } = await html(path);
      expectRedirect(response, `/auth?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test('/admin/chats is for admins: anyone else goes to /dashboard', async () => {
    for (const who of [owner, stranger]) expectRedirect((await html('/admin/chats', who.cookie)).response, '/dashboard');
    expect((await html('/admin/chats', admin.cookie)).status).toBe(200);
  });

  test('admins answer tickets: /chats and /chat/new take them to /admin/chats (the search kept)', async () => {
    expectRedirect((await html('/chats?q=pagamento', admin.cookie)).response, '/admin/chats?q=pagamento');
    expectRedirect((await html('/chat/new', admin.cookie)).response, '/admin/chats');
  });
});

describe("someone else's ticket is never shown", () => {
  test("the page sends another user to / with 'Acesso negado', the same for a ticket that does not exist", async () => {
    const thread = await ticket();
    for (const id of [String(thread.id), '99999999', 'abc']) {
      const response = await loadTicket(stranger.cookie, id);
      expectRedirect(response, '/');
      expect(await flashedToast(response)).toEqual(DENIED);
    }
    const page = await html(`/chat/${thread.id}`, stranger.cookie);
    expectRedirect(page.response, '/');
    expect(row(thread.id)?.isAdminUnread).toBe(true);
  });

  test('another user cannot post to, close or delete it through the page either', async () => {
    const thread = await ticket();
    for (const fields of [
      { intent: 'send', message: 'Intrometido' },
      { intent: 'close' },
      { intent: 'delete' },
      { intent: 'refresh' },
    ] as Record<string, string>[]) {
      const response = await postTicket(stranger.cookie, thread.id, fields);
      expectRedirect(response, '/');
      expect(await flashedToast(response)).toEqual(DENIED);
    }
    expect(storedMessages(thread.id)).toHaveLength(1);
    expect(row(thread.id)?.status).toBe('open');
  });

  test('only admins delete: the owner is refused with the error toast and the ticket stays', async () => {
    const thread = await ticket();
    const response = await postTicket(owner.cookie, thread.id, { intent: 'delete' });
    expect(response.status).toBe(403);
    expect(context.toast.pending).toEqual({
      title: 'Erro ao excluir ticket',
      description: 'Ocorreu um erro ao excluir o ticket',
      type: 'error',
    });
    expect(row(thread.id)).toBeDefined();
    // The confirmation page is the admin's only.
    expect(((await (await loadTicket(owner.cookie, thread.id, '?confirm=delete')).json()) as TicketData).confirmDelete).toBe(false);
  });
});

describe('opening a ticket marks it read for the viewer’s side', () => {
  test('the admin opening clears admin-unread only; the owner opening clears user-unread only', async () => {
    const thread = await ticket();
    await postMessage(admin.user, thread.id, 'Resposta do suporte');
    db.update(chatThreads).set({ isAdminUnread: true }).where(eq(chatThreads.id, thread.id)).run();
    expect(row(thread.id)).toMatchObject({ isAdminUnread: true, isUserUnread: true });

    expect((await loadTicket(admin.cookie, thread.id)).status).toBe(200);
    expect(row(thread.id)).toMatchObject({ isAdminUnread: false, isUserUnread: true });

    expect((await loadTicket(owner.cookie, thread.id)).status).toBe(200);
    expect(row(thread.id)).toMatchObject({ isAdminUnread: false, isUserUnread: false });
  });

  test('the unread dot of the lists follows the viewer’s side', async () => {
    const reader = await signed('E-BASIC');
    const thread = await ticket(reader, 'Ponto de não lido');
    await postMessage(admin.user, thread.id, 'Resposta');
    const userList = (await (await call(chatsPage.loader, getRequest('/chats', { cookie: reader.cookie }))).json()) as {
      items: { id: number; unread: boolean }[];
    };
    expect(userList.items.find((item) => item.id === thread.id)?.unread).toBe(true);
    await loadTicket(reader.cookie, thread.id);
    const after = (await (await call(chatsPage.loader, getRequest('/chats', { cookie: reader.cookie }))).json()) as {
      items: { id: number; unread: boolean }[];
    };
    expect(after.items.find((item) => item.id === thread.id)?.unread).toBe(false);
  });
});

describe('the ticket page', () => {
  test('shows the header, the labelled messages and the buttons of the viewer', async () => {
    const thread = await ticket(owner, 'Cabeçalho do ticket', 'Primeira mensagem do usuário');
    db.update(chatThreads)
      .set({ createdAt: new Date('2026-03-05T17:07:00Z') })
      .where(eq(chatThreads.id, thread.id))
      .run();
    await postMessage(admin.user, thread.id, 'Resposta do administrador');

    const asOwner = markup((await html(`/chat/${thread.id}`, owner.cookie)).text);
    expect(asOwner).toContain('Ticket: Cabeçalho do ticket');
    expect(asOwner).toContain('05 de março às 14:07');
    expect(asOwner).toContain('Aberto');
    expect(asOwner).toMatch(/Usuário<\/b><time[^>]*>\d\d\/\d\d\/\d{4} \d\d:\d\d<\/time>/);
    expect(asOwner).toContain('Administrador');
    expect(asOwner).toContain('Primeira mensagem do usuário');
    expect(asOwner).toContain('Resposta do administrador');
    expect(asOwner).toContain('href="/chats"');
    expect(asOwner).toContain('href="/dashboard"');
    expect(asOwner).toContain('Atualizar');
    expect(asOwner).toContain('Finalizar Ticket');
    expect(asOwner).not.toContain('Excluir');
    expect(asOwner).toContain('placeholder="Digite sua mensagem..."');
    expect(asOwner).not.toContain('data-testid="chat-user-name"');

    const asAdmin = markup((await html(`/chat/${thread.id}`, admin.cookie)).text);
    expect(asAdmin).toContain('href="/admin/chats"');
    expect(asAdmin).toContain(`>${owner.user.username}</span>`);
    expect(asAdmin).toContain(`href="/chat/${thread.id}?confirm=delete"`);
    expect(asAdmin).toContain('Excluir');
  });

  test('a ticket without messages shows the empty state', async () => {
    const thread = await createThread(owner.user, { subject: 'Sem mensagens' });
    const page = markup((await html(`/chat/${thread.id}`, owner.cookie)).text);
    expect(page).toContain('Nenhum mensagem ainda');
    expect(page).toContain('Seja o primeiro a enviar uma mensagem');
  });

  test('user text is rendered escaped, in the markup and in the serialized data', async () => {
    const thread = await ticket(owner, '<img src=x onerror=alert(2)>', '<script>alert(1)</script>');
    const { text } = await html(`/chat/${thread.id}`, owner.cookie);
    expect(text).not.toContain('<script>alert(1)</script>');
    expect(text).not.toContain('<img src=x onerror=alert(2)>');
    expect(markup(text)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup(text)).toContain('Ticket: &lt;img src=x onerror=alert(2)&gt;');
    const list = await html('/chats', owner.cookie);
    expect(list.text).not.toContain('<img src=x onerror=alert(2)>');
  });

  test('a closed ticket shows why it takes no messages and no reply box or Finalizar', async () => {
    const thread = await ticket();
    await postTicket(owner.cookie, thread.id, { intent: 'close' });
    const page = markup((await html(`/chat/${thread.id}`, owner.cookie)).text);
    expect(page).toContain('Este ticket foi encerrado e não aceita mais mensagens');
    expect(page).toContain('Fechado');
    expect(page).not.toContain('Finalizar Ticket');
    expect(page).not.toContain('Digite sua mensagem...');
  });

  test('a 500-message ticket shows the latest 50, with Mensagens anteriores for the rest', async () => {
    const thread = await createThread(owner.user, { subject: 'Conversa de 500 mensagens' });
    const start = Date.now() - 500 * 60_000;
    db.insert(chatMessages)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          threadId: thread.id,
          userId: i % 2 ? admin.user.id : owner.user.id,
          isAdminMessage: i % 2 === 1,
          message: `n${i + 1}`,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .run();
    const latest = (await (await loadTicket(owner.cookie, thread.id)).json()) as TicketData;
    // The total is said only on an older window's page; the latest window's data carries only what the list shows.
    expect(latest.total).toBeNull();
    expect(Object.keys(latest.messages[0]).sort()).toEqual(['attachments', 'createdAt', 'id', 'isAdminMessage', 'message']);
    expect(CHAT_MESSAGE_WINDOW).toBe(50);
    expect(latest.messages).toHaveLength(50);
    expect(latest.messages[0].message).toBe('n451');
    expect(latest.messages[49].message).toBe('n500');
    expect(latest.earlier).toBe(latest.messages[0].id);
    const page = markup((await html(`/chat/${thread.id}`, owner.cookie)).text);
    expect(page.match(/data-testid="chat-message"/g)).toHaveLength(50);
    expect(page).toContain(`href="/chat/${thread.id}?before=${latest.earlier}"`);
    expect(page).toContain('Mensagens anteriores');

    const older = (await (await loadTicket(owner.cookie, thread.id, `?before=${latest.earlier}`)).json()) as TicketData;
    expect(older.messages.map((m) => m.message)).toEqual(Array.from({ length: 50 }, (_, i) => `n${i + 401}`));
    expect(older.paged).toBe(true);
    expect(older.total).toBe(500);
    expect(markup((await html(`/chat/${thread.id}?before=${latest.earlier}`, owner.cookie)).text)).toContain('(500 mensagens no total)');
    const first = (await (await loadTicket(owner.cookie, thread.id, `?before=${older.messages[0].id - 350}`)).json()) as TicketData;
    expect(first.messages[0].message).toBe('n1');
    expect(first.earlier).toBeNull();
  });
});

describe('the ticket page forms', () => {
  test('send: a plain post stores the message and goes back to the latest messages', async () => {
    const thread = await ticket();
    const response = await postTicket(owner.cookie, thread.id, { intent: 'send', message: '  Segue o print.  ' }, '?before=5');
    expectRedirect(response, `/chat/${thread.id}#recentes`);
    expect(storedMessages(thread.id).map((m) => m.message)).toEqual(['Como informo a temperatura?', 'Segue o print.']);
    expect(row(thread.id)?.isAdminUnread).toBe(true);
  });

  test('send: blank, too long or to a closed ticket is refused with Erro ao enviar mensagem', async () => {
    const thread = await ticket();
    for (const [message, expected] of [
      ['   ', 'Mensagem não pode estar vazia'],
      ['x'.repeat(5001), 'A mensagem deve ter no máximo 5000 caracteres'],
    ]) {
      const response = await postTicket(owner.cookie, thread.id, { intent: 'send', message });
      expect(response.status).toBe(400);
      const reply = (await response.json()) as { intent: string; result: { error: Record<string, string[]> } };
      expect(reply.intent).toBe('send');
      expect(reply.result.error.message).toEqual([expected]);
      expect(context.toast.pending).toEqual({ title: 'Erro ao enviar mensagem', description: expected, type: 'error' });
    }
    await postTicket(admin.cookie, thread.id, { intent: 'close' });
    const closed = await postTicket(owner.cookie, thread.id, { intent: 'send', message: 'Ainda estou aqui' });
    expect(closed.status).toBe(409);
    expect(context.toast.pending).toEqual({
      title: 'Erro ao enviar mensagem',
      description: 'Este ticket foi encerrado e não aceita mais mensagens',
      type: 'error',
    });
    expect(storedMessages(thread.id)).toHaveLength(1);
  });

  test("Finalizar Ticket: 'Ticket encerrado' / 'Este ticket foi finalizado com sucesso'", async () => {
    const thread = await ticket();
    const response = await postTicket(owner.cookie, thread.id, { intent: 'close' }, '?confirm=delete');
    expectRedirect(response, `/chat/${thread.id}`);
    expect(await flashedToast(response)).toEqual({
      title: 'Ticket encerrado',
      description: 'Este ticket foi finalizado com sucesso',
      type: 'success',
    });
    expect(row(thread.id)?.status).toBe('closed');
  });

  test("Atualizar: a link to the page itself; hydrated, its post answers 'Atualizado' and changes nothing", async () => {
    const thread = await ticket();
    const page = markup((await html(`/chat/${thread.id}`, owner.cookie)).text);
    expect(page).toMatch(new RegExp(`<a[^>]*href="/chat/${thread.id}"[^>]*>Atualizar</a>`));
    const before = row(thread.id);
    const response = await postTicket(owner.cookie, thread.id, { intent: 'refresh' });
    expect(response.status).toBe(200);
    expect(context.toast.pending).toEqual({ title: 'Atualizado', description: 'Mensagens atualizadas com sucesso', type: 'success' });
    expect(row(thread.id)).toEqual(before);
  });

  test("Excluir (admin): the confirmation page without JavaScript, then 'Ticket excluído' on /admin/chats", async () => {
    const thread = await ticket();
    const confirm = markup((await html(`/chat/${thread.id}?confirm=delete`, admin.cookie)).text);
    expect(confirm).toContain('Tem certeza que deseja excluir este ticket? Esta ação não pode ser desfeita.');
    expect(confirm).toContain('name="intent" value="delete"');
    expect(confirm).toContain(`href="/chat/${thread.id}"`);
    const response = await postTicket(admin.cookie, thread.id, { intent: 'delete' }, '?confirm=delete');
    expectRedirect(response, '/admin/chats');
    expect(await flashedToast(response)).toEqual({ title: 'Ticket excluído', type: 'success' });
    expect(row(thread.id)).toBeUndefined();
    expect(storedMessages(thread.id)).toEqual([]);
  });
});

describe('Nova Conversa (/chat/new)', () => {
  const postNew = (cookie: string, fields: Record<string, string>) => {
    context = { toast: { pending: null } };
    return call(newChatPage.action, formRequest('/chat/new', { intent: 'create', ...fields }, { cookie }), {}, context);
  };

  test('renders the form', async () => {
    const page = markup((await html('/chat/new', owner.cookie)).text);
    for (const text of ['Nova Conversa', 'Assunto', 'Mensagem', 'placeholder="Digite sua mensagem aqui..."', 'Cancelar', 'Enviar'])
      expect(page).toContain(text);
  });

  test("the page's messages: subject of at least 3 characters, message of at least 5", async () => {
    const creator = await signed('E-BASIC');
    const response = await postNew(creator.cookie, { subject: 'ab', message: 'oi' });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error.subject).toEqual(['O assunto deve ter pelo menos 3 caracteres']);
    expect(reply.result.error.message).toEqual(['A mensagem deve ter pelo menos 5 caracteres']);
    expect(context.toast.pending?.title).toBe('Erro ao iniciar conversa');
    expect(db.select().from(chatThreads).where(eq(chatThreads.userId, creator.user.id)).all()).toEqual([]);
  });

  test("success: the ticket with its first message, then /chat/{id} with 'Conversa iniciada'", async () => {
    const creator = await signed('E-TOOL');
    const response = await postNew(creator.cookie, { subject: 'Erro no memorial', message: 'O PDF sai em branco.' });
    const [created] = db.select().from(chatThreads).where(eq(chatThreads.userId, creator.user.id)).all();
    expectRedirect(response, `/chat/${created.id}#recentes`);
    expect(await flashedToast(response)).toEqual({
      title: 'Conversa iniciada',
      description: 'Sua mensagem foi enviada com sucesso.',
      type: 'success',
    });
    expect(created).toMatchObject({
      subject: 'Erro no memorial',
      subjectKey: sortKey('Erro no memorial'),
      status: 'open',
      isAdminUnread: true,
      isUserUnread: false,
    });
    expect(storedMessages(created.id).map((m) => m.message)).toEqual(['O PDF sai em branco.']);
  });

  test('a refusal from the model (the flood limit) shows beside the form with Erro ao iniciar conversa', async () => {
    const creator = await signed('E-BASIC');
    for (let i = 0; i < 30; i++) await createThread(creator.user, { subject: `Ticket ${i}` });
    const response = await postNew(creator.cookie, { subject: 'Mais um ticket', message: 'Mensagem válida.' });
    expect(response.status).toBe(429);
    expect(context.toast.pending?.title).toBe('Erro ao iniciar conversa');
    expect(context.toast.pending?.description).toMatch(/^Muitas tentativas/);
  });
});

describe('the lists', () => {
  test("'Meus Chats': search, columns, the user's own tickets only, 'Novo Chat' and both empty states", async () => {
    const lister = await signed('E-BASIC');
    const mine = await ticket(lister, 'Instalação da norma', 'Mensagem');
    await ticket(stranger, 'Instalação alheia', 'Mensagem');
    const empty = markup((await html('/chats', (await signed('E-BASIC')).cookie)).text);
    expect(empty).toContain('Nenhum chat encontrado');
    expect(empty).toContain('Inicie uma nova conversa com nossa equipe');

    const page = markup((await html('/chats', lister.cookie)).text);
    for (const text of [
      'Meus Chats',
      'placeholder="Buscar chats..."',
      'Novo Chat',
      'href="/chat/new"',
      'Assunto',
      'Data',
      'Status',
      'Ações',
      'Aberto',
      'Visualizar',
      `href="/chat/${mine.id}#recentes"`,
    ]) {
      expect(page).toContain(text);
    }
    expect(page).not.toContain('Instalação alheia');
    expect(page).not.toContain('>Usuário<');
    expect(page).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);

    const searched = markup((await html('/chats?q=INSTALACAO', lister.cookie)).text);
    expect(searched).toContain('Instalação da norma');
    const none = markup((await html('/chats?q=inexistente', lister.cookie)).text);
    expect(none).toContain('Nenhum chat encontrado');
    expect(none).toContain('Tente ajustar sua busca');
  });

  test("'Suporte ao Usuário': every ticket with its user, the status filter, no 'Novo Chat'", async () => {
    const closedOne = await ticket(stranger, 'Suporte filtro fechado', 'Mensagem');
    await postTicket(admin.cookie, closedOne.id, { intent: 'close' });
    await ticket(owner, 'Suporte filtro aberto', 'Mensagem');
    const page = markup((await html('/admin/chats?q=suporte filtro', admin.cookie)).text);
    for (const text of [
      'Suporte ao Usuário',
      'Usuário',
      owner.user.username,
      stranger.user.username,
      'Todos',
      'Abertos',
      'Fechados',
      'Suporte filtro fechado',
      'Suporte filtro aberto',
    ]) {
      expect(page).toContain(text);
    }
    expect(page).not.toContain('Novo Chat');
    const open = markup((await html('/admin/chats?q=suporte filtro&status=open', admin.cookie)).text);
    expect(open).toContain('Suporte filtro aberto');
    expect(open).not.toContain('Suporte filtro fechado');
  });

  test('both lists are paginated on the server, 20 a page', async () => {
    const many = await signed('E-BASIC');
    for (let i = 0; i < 25; i++) {
      db.insert(chatThreads)
        .values({
          userId: many.user.id,
          subject: `Página ${i}`,
          subjectKey: sortKey(`Página ${i}`),
          createdAt: new Date(Date.now() - i * 60_000),
        })
        .run();
    }
    const first = (await (await call(chatsPage.loader, getRequest('/chats', { cookie: many.cookie }))).json()) as {
      items: unknown[];
      pageCount: number;
      total: number;
    };
    expect(first).toMatchObject({ total: 25, pageCount: 2 });
    expect(first.items).toHaveLength(20);
    const page = markup((await html('/chats?page=2', many.cookie)).text);
    expect(page).toContain('Página 2 de 2');
    expect(page.match(/data-testid="chat-row"/g)).toHaveLength(5);
  });
});
