import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import {
  activeSessions,
  auditLog,
  calculationHistory,
  chatMessages,
  chatThreads,
  courseGrants,
  courses,
  lessonProgress,
  lessons,
  notificationReads,
  notifications,
  payments,
  roleGrants,
  toolRatings,
  tools,
  users,
} from '../../db/schema';
import { deleteUserAsAdmin } from '~/models/privacy/account-deletion.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { getUserById, verifyCredentials } from '~/models/accounts/user.server';
import { action as accountAction } from '~/routes/_app+/account';
import { loader as exportLoader } from '~/routes/_app+/account_.export';
import { sortKey } from '~/utils/fold';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, cookieJar, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

beforeEach(() => resetAllLimits());

type Person = Awaited<ReturnType<typeof createUser>>;

let sequence = 0;

/** One of everything the app keeps about a person, each marked with `tag` so another person's rows are recognisable. */
function fillAccount(user: Person, tag: string) {
  const n = ++sequence;
  const title = `Curso ${tag} ${n}`;
  const course = db
    .insert(courses)
    .values({
      title,
      titleKey: sortKey(title),
      description: 'Curso.',
      category: 'electrical',
      instructor: 'Eng. Ana',
      duration: '2 horas',
      level: 'beginner',
    })
    .returning()
    .get();
  const lesson = db
    .insert(lessons)
    .values({ courseId: course.id, title: `Aula ${tag}`, description: 'Aula.', youtubeUrl: 'dQw4w9WgXcQ' })
    .returning()
    .get();
  db.insert(courseGrants).values({ userId: user.id, courseId: course.id, source: 'admin', startsAt: new Date() }).run();
  db.insert(lessonProgress).values({ userId: user.id, lessonId: lesson.id, courseId: course.id, completedAt: new Date() }).run();
  db.insert(payments)
    .values({
      userId: user.id,
      payerUsername: user.username,
      payerEmail: user.email,
      payerCpf: user.cpf,
      stripePaymentIntentId: `pi_${tag}_${n}`,
      kind: 'plan',
      planType: 'E-TOOL',
      months: 1,
      amountCents: 2990,
      status: 'succeeded',
      completedAt: new Date(),
      method: 'card',
    })
    .run();
  const thread = db
    .insert(chatThreads)
    .values({ userId: user.id, subject: `Assunto ${tag}`, subjectKey: sortKey(`Assunto ${tag}`) })
    .returning()
    .get();
  db.insert(chatMessages)
    .values({ threadId: thread.id, userId: user.id, message: `Pergunta ${tag}` })
    .run();
  db.insert(chatMessages)
    .values({ threadId: thread.id, userId: null, message: `Resposta para ${tag}`, isAdminMessage: true })
    .run();
  db.insert(notifications)
    .values({ title: `Aviso pessoal ${tag}`, message: 'Só seu.', userId: user.id, isRead: true })
    .run();
  db.insert(calculationHistory)
    .values({ userId: user.id, calculatorSlug: 'shaft-torque', calculatorVersion: '1', title: `Cálculo ${tag}`, query: 'torque=10' })
    .run();
  return { course, lesson, thread };
}

function makeTool(name: string) {
  return db
    .insert(tools)
    .values({ name, description: 'Ferramenta.', category: 'mechanical', linkType: 'external', link: 'https://example.com' })
    .returning()
    .get();
}

const rate = (userId: number, toolId: number, rating: number, comment: string | null = null) =>
  db.insert(toolRatings).values({ userId, toolId, rating, comment, updatedAt: new Date() }).run();

const exportFor = async (cookie?: string) => call(exportLoader, getRequest('/account/export', { cookie }));

describe('GET /account/export', () => {
  test('a visitor is sent to /auth and comes back to the download', async () => {
    expectRedirect(await exportFor(), '/auth?redirectTo=%2Faccount%2Fexport');
  });

  test("downloads all of the signed-in user's data, and nothing of anyone else's nor any secret", async () => {
    const owner = await createUser({ role: 'E-TOOL' });
    const stranger = await createUser({ role: 'E-MASTER' });
    const mine = fillAccount(owner, 'DONO');
    fillAccount(stranger, 'ESTRANHO');
    const tool = makeTool('Torque Exportado');
    rate(owner.id, tool.id, 5, 'Ótima ferramenta');
    rate(stranger.id, tool.id, 1, 'comentário do estranho');
    const broadcast = db
      .insert(notifications)
      .values({ title: 'Aviso geral', message: 'Para todos.', targetRole: 'all' })
      .returning()
      .get();
    db.insert(notificationReads)
      .values({ notificationId: broadcast.id, userId: owner.id, readAt: new Date('2026-01-02T03:04:05Z') })
      .run();
    db.update(users)
      .set({ resetToken: 'token-de-recuperacao-secreto', resetTokenExpiry: new Date(Date.now() + 60_000) })
      .where(eq(users.id, owner.id))
      .run();
    const cookie = await sessionCookie(owner);
    const sessionId = db.select().from(activeSessions).where(eq(activeSessions.userId, owner.id)).get()!.sessionId;

    const response = await exportFor(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="e-engenharia-meus-dados-${owner.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers.get('Cache-Control')).toContain('no-store');
    const text = await response.text();

    for (const secret of [getUserById(owner.id)!.password, 'token-de-recuperacao-secreto', sessionId, cookie.split('=')[1]])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"password"|resetToken|sessionId/);
    for (const foreign of ['ESTRANHO', stranger.email, stranger.cpf!, 'comentário do estranho']) expect(text).not.toContain(foreign);

    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: owner.id, username: owner.username, email: owner.email, cpf: owner.cpf, role: 'E-TOOL' });
    expect(data.roleGrants).toEqual([expect.objectContaining({ role: 'E-TOOL', source: 'admin' })]);
    expect(data.courseGrants).toEqual([expect.objectContaining({ courseId: mine.course.id, course: mine.course.title, source: 'admin' })]);
    expect(data.payments).toEqual([
      expect.objectContaining({ kind: 'plan', planType: 'E-TOOL', amountCents: 2990, status: 'succeeded', method: 'card' }),
    ]);
    expect(data.ratings).toEqual([
      expect.objectContaining({ toolId: tool.id, tool: 'Torque Exportado', rating: 5, comment: 'Ótima ferramenta' }),
    ]);
    expect(data.chats).toEqual([
      expect.objectContaining({
        id: mine.thread.id,
        subject: 'Assunto DONO',
        messages: [
          expect.objectContaining({ from: 'you', message: 'Pergunta DONO' }),
          expect.objectContaining({ from: 'support', message: 'Resposta para DONO' }),
        ],
      }),
    ]);
    expect(data.lessonProgress).toEqual([
      expect.objectContaining({ courseId: mine.course.id, lessonId: mine.lesson.id, lesson: 'Aula DONO' }),
    ]);
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Aviso pessoal DONO', personal: true, read: true }),
        expect.objectContaining({ id: broadcast.id, personal: false, read: true, readAt: '2026-01-02T03:04:05.000Z' }),
      ]),
    );
    expect(data.calculations).toEqual([expect.objectContaining({ calculator: 'shaft-torque', title: 'Cálculo DONO', query: 'torque=10' })]);
    expect(data.sessions).toEqual([
      {
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        userAgent: 'vitest',
        ipAddress: null,
      },
    ]);
  });

  test('the export reads only the id it is given: the route has no parameter to choose another account', async () => {
    const owner = await createUser();
    const other = await createUser();
    const cookie = await sessionCookie(owner);
    const response = await call(exportLoader, getRequest(`/account/export?userId=${other.id}&id=${other.id}`, { cookie }), {
      id: String(other.id),
    });
    expect((await response.json()).profile.id).toBe(owner.id);
    expect(exportPersonalData(other.id).profile.id).toBe(other.id);
  });
});

describe("'Excluir conta' on /account", () => {
  const deleteAccount = (cookie: string | undefined, password: string) =>
    call(accountAction, formRequest('/account', { intent: 'delete-account', password }, { cookie }), {}, { toast: { pending: null } });

  test('a visitor is sent to /auth', async () => {
    expectRedirect(await deleteAccount(undefined, 'senha123'), /^\/auth\?redirectTo=/);
  });

  test('a wrong password is refused beside the field and changes nothing', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    fillAccount(user, 'ERRADA');
    const cookie = await sessionCookie(user);
    const auditsBefore = db.select().from(auditLog).all().length;

    const response = await deleteAccount(cookie, 'senha-errada');
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain('senha-errada');
    expect(JSON.parse(text)).toMatchObject({
      intent: 'delete-account',
      result: { error: { password: ['Senha incorreta. Sua conta não foi excluída.'] } },
    });

    const empty = await deleteAccount(cookie, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ result: { error: { password: ['Digite sua senha atual para confirmar.'] } } });

    expect(getUserById(user.id)).toBeDefined();
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, user.id)).all()).toHaveLength(1);
    expect(db.select().from(chatThreads).where(eq(chatThreads.userId, user.id)).all()).toHaveLength(1);
    expect(db.select().from(auditLog).all()).toHaveLength(auditsBefore);
  });

  test('repeated wrong passwords hit the login limits (429) rather than allowing endless guessing', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await deleteAccount(cookie, `chute-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await deleteAccount(cookie, 'senha123')).status).toBe(429);
    expect(getUserById(user.id)).toBeDefined();
  });

  test('the right password erases the account, ends every session, keeps the payments, records it and leaves exact tool averages', async () => {
    const user = await createUser({ role: 'E-MASTER' });
    const stays = await createUser();
    const { thread } = fillAccount(user, 'SAI');
    const toolA = makeTool('Avaliada A');
    const toolB = makeTool('Avaliada B');
    rate(user.id, toolA.id, 1);
    rate(stays.id, toolA.id, 4);
    rate(stays.id, toolB.id, 5);
    rate(user.id, toolB.id, 2);
    const cookie = await sessionCookie(user);
    const jar = cookieJar(cookie);

    const response = await deleteAccount(cookie, 'senha123');
    expectRedirect(response, '/');
    jar.absorb(response);
    expect(jar.header()).not.toContain(cookie);

    expect(getUserById(user.id)).toBeUndefined();
    expect(await verifyCredentials(user.email, 'senha123')).toBeNull();
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, user.id)).all()).toHaveLength(0);
    expect((await exportFor(cookie)).status).toBe(302);
    for (const table of [roleGrants, courseGrants, lessonProgress, calculationHistory, chatThreads, toolRatings] as const) {
      expect(db.select().from(table).where(eq(table.userId, user.id)).all()).toHaveLength(0);
    }
    expect(db.select().from(chatMessages).where(eq(chatMessages.threadId, thread.id)).all()).toHaveLength(0);
    expect(db.select().from(notifications).where(eq(notifications.userId, user.id)).all()).toHaveLength(0);

    const kept = db.select().from(payments).where(eq(payments.payerEmail, user.email)).all();
    expect(kept).toEqual([
      expect.objectContaining({ userId: null, payerUsername: user.username, payerCpf: user.cpf, amountCents: 2990, status: 'succeeded' }),
    ]);

    expect(db.select().from(tools).where(eq(tools.id, toolA.id)).get()).toMatchObject({ averageRating: 4, totalRatings: 1 });
    expect(db.select().from(tools).where(eq(tools.id, toolB.id)).get()).toMatchObject({ averageRating: 5, totalRatings: 1 });

    const audit = db.select().from(auditLog).where(eq(auditLog.entityId, user.id)).all();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'account.delete',
        entityType: 'user',
        actorId: null,
        actorName: `usuário excluído #${user.id}`,
        summary: `conta #${user.id} excluída (E-MASTER); 2 avaliação(ões) removida(s); 1 pagamento(s) mantido(s)`,
      }),
    ]);
    expect(audit[0].summary).not.toContain(user.email);
    expect(audit[0].summary).not.toContain(user.cpf!);
  });

  test('the last admin cannot delete their account; with another admin they can', async () => {
    db.update(users).set({ role: 'E-BASIC' }).where(eq(users.role, 'admin')).run();
    const first = await createUser({ role: 'admin' });
    const firstCookie = await sessionCookie(first);
    const refused = await deleteAccount(firstCookie, 'senha123');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      result: { error: { '': ['Você é o único administrador. Dê acesso de administrador a outra pessoa antes de excluir sua conta.'] } },
    });
    expect(getUserById(first.id)).toBeDefined();

    await createUser({ role: 'admin' });
    expectRedirect(await deleteAccount(firstCookie, 'senha123'), '/');
    expect(getUserById(first.id)).toBeUndefined();
  });

  test('the admin panel deletes by the same rule and records it the same way', async () => {
    const admin = await createUser({ role: 'admin' });
    const user = await createUser({ role: 'E-TOOL' });
    fillAccount(user, 'PAINEL');
    deleteUserAsAdmin(admin, user.id);
    expect(db.select().from(payments).where(eq(payments.payerEmail, user.email)).all()).toEqual([
      expect.objectContaining({ userId: null }),
    ]);
    expect(db.select().from(auditLog).where(eq(auditLog.entityId, user.id)).all()).toEqual([
      expect.objectContaining({
        action: 'user.delete',
        actorId: admin.id,
        summary: `conta #${user.id} excluída (E-TOOL); 0 avaliação(ões) removida(s); 1 pagamento(s) mantido(s)`,
      }),
    ]);
  });
});
