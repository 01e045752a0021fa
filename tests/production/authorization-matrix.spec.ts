import { test, expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import {
  activeSessions,
  assessmentQuestions,
  auditLog,
  courseAssessments,
  mailOutbox,
  payments,
  planPrices,
  tools,
  users,
} from '../../db/schema';
import { newMessageId } from '../../app/models/mail/outbox.server';
import { createThread, postMessage } from '../../app/models/chat/chat.server';
import { LIVE_STREAMS_PER_SESSION } from '../../app/plumbing/live-stream.server';
import { saveCalculation } from '../../app/models/tools/calculation-history.server';
import { createContactMessage } from '../../app/models/admin/contact-message.server';
import { adminGrantCourse } from '../../app/models/courses/access.server';
import { startAttempt } from '../../app/models/assessments/attempts.server';
import { createLesson, createMaterial } from '../../app/models/courses/content.server';
import { createCourse } from '../../app/models/courses/course.server';
import { createNotification } from '../../app/models/notifications/notification.server';
import { createPromoCode } from '../../app/models/courses/promo-code.server';
import { createTool } from '../../app/models/tools/tool.server';
import { courseInputSchema, lessonInputSchema, materialInputSchema } from '../../app/schemas/course';
import { notificationCreateSchema } from '../../app/schemas/notification';
import { promoCodeCreateSchema } from '../../app/schemas/promo-code';
import { toolInputSchema } from '../../app/schemas/tool';
import { createUser, sessionCookie, uniqueCpf } from '../setup/factories';
import {
  FRESH_CHECK_ROWS,
  MATRIX,
  SUBJECTS,
  withoutTwoStepOutcome,
  type FreshKind,
  type MatrixRow,
  type Outcome,
  type Subject,
} from './authorization-matrix';
import { freePort, launch, prepareDatabase, productionEnv } from './production-server';
import { builtRoutes, SERVER_PATHS } from './route-table';
import { createProject } from '../../app/models/projects/project.server';
import { addCalculationToProject } from '../../app/models/projects/project-calculations.server';
import { issueRevision } from '../../app/models/projects/revisions.server';
import { createShareLink, listShareLinks, revokeShareLink } from '../../app/models/projects/share-links.server';

/** The E-TOOL subject's project with one calculation and Rev. 00, a live share link and a revoked one. */
function projectRecords(owner: User): Records {
  const project = createProject(owner, { name: 'Projeto da matriz' });
  const calculation = addCalculationToProject(owner, project.id, {
    slug: 'torque-eixo',
    title: 'Cálculo da matriz',
    query: 'power=7.5&speed=1750&allowableShear=40&bendingMoment=0&keyway=no',
  });
  issueRevision(owner, project.id);
  const live = createShareLink(owner, project.id, 0, null);
  const revoked = createShareLink(owner, project.id, 0, null);
  const [newest] = listShareLinks(owner, project.id).items;
  revokeShareLink(owner, project.id, newest.id);
  return { project: project.id, projectCalculation: calculation.id, shareToken: live.token, revokedToken: revoked.token };
}

/**
 * Walks the authorization matrix against the shared production webServer (demo data, offline
 * Stripe test mode): creates the subjects and records, sends every cell with redirects off, and
 * fails once with every difference, every route of the build without a row, every row naming a
 * route that does not exist, every API method without a row that does not answer 405, and every
 * successful admin write that did not leave exactly one audit row (read from the database file).
 */
type User = Awaited<ReturnType<typeof createUser>>;
type Records = Record<string, string | number>;
type Cell = { row: MatrixRow; subject: Subject; expected: Outcome };

const EXTRA_ROUTES = ['/healthcheck', ...SERVER_PATHS];
const ROLE_OF = { basic: 'E-BASIC', tool: 'E-TOOL', master: 'E-MASTER', admin: 'admin', nonOwner: 'E-BASIC' } as const;
const CONCURRENCY = 6;

const succeeds = (outcome: Outcome | 'n/a') => {
  if (outcome === 'n/a') return false;
  const { status, location } = typeof outcome === 'number' ? { status: outcome, location: undefined } : outcome;
  return status < 400 && location !== '/auth' && location !== '/dashboard';
};
/** The support conversation itself (a reply, closing, the read mark): its record is the ticket, not the audit log. */
const CONVERSATION = new Set([
  'POST /api/chat/threads/:id/messages',
  'PATCH /api/chat/threads/:id/close',
  'POST /api/chat/threads/:id/mark-read-admin',
  'POST /chat/:id',
]);
/**
 * An admin write: the admin's cell succeeds where E-TOOL and E-MASTER (who own none of the
 * records) are refused, i.e. the admin acts with the panel's powers. Each leaves one audit row.
 */
const isAdminWrite = (row: MatrixRow) =>
  row.method !== 'GET' &&
  succeeds(row.expect.admin) &&
  !succeeds(row.expect.tool) &&
  !succeeds(row.expect.master) &&
  !CONVERSATION.has(`${row.method} ${row.route}`);
const auditRowsBy = (actorId: number) =>
  db.select({ value: count() }).from(auditLog).where(eq(auditLog.actorId, actorId)).get()?.value ?? 0;

test('every route answers each subject as the authorization matrix says', async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const built = await builtRoutes();
  const problems: string[] = [];

  // Coverage: every built route has its rows, every row a real route.
  const known = new Set([...built.map((route) => route.path), ...EXTRA_ROUTES]);
  for (const row of MATRIX) if (!known.has(row.route)) problems.push(`row for a route that does not exist: ${row.method} ${row.route}`);
  const rowsOf = (path: string) => MATRIX.filter((row) => row.route === path);
  for (const route of built) {
    if (route.hasLoader && !rowsOf(route.path).some((row) => row.method === 'GET'))
      problems.push(`no GET row for ${route.path} (${route.id})`);
    if (route.hasAction && !rowsOf(route.path).some((row) => row.method !== 'GET'))
      problems.push(`no write row for ${route.path} (${route.id})`);
  }
  for (const path of EXTRA_ROUTES) if (rowsOf(path).length === 0) problems.push(`no row for ${path}`);

  // Subjects and the records the rows name.
  const admin = await createUser({ role: 'admin' });
  const users: Record<Exclude<Subject, 'anonymous'>, User> = {
    basic: await createUser(),
    tool: await createUser({ role: 'E-TOOL' }),
    master: await createUser({ role: 'E-MASTER' }),
    admin,
    nonOwner: await createUser(),
  };
  const cookies = Object.fromEntries(
    await Promise.all(Object.entries(users).map(async ([subject, user]) => [subject, await sessionCookie(user)])),
  ) as Record<Exclude<Subject, 'anonymous'>, string>;
  const owner = users.basic;
  const loginUser = await createUser();
  const recoverUser = await createUser();

  const tag = () => randomUUID().slice(0, 8);
  const newCourse = (extra: Record<string, unknown> = {}) =>
    createCourse(
      admin,
      courseInputSchema.parse({
        title: `Curso matriz ${tag()}`,
        description: 'Curso da matriz de autorização.',
        category: 'mechanical',
        instructor: 'Matriz',
        duration: '1h',
        level: 'beginner',
        ...extra,
      }),
    ).id;
  /** A course with a final assessment of one true/false question (issue 31). */
  const newAssessedCourse = () => {
    const courseId = newCourse();
    db.insert(courseAssessments).values({ courseId, questionsPerAttempt: 1 }).run();
    db.insert(assessmentQuestions)
      .values({ courseId, kind: 'true_false', prompt: 'Pergunta da matriz?', options: '["Verdadeiro","Falso"]', correct: '[0]' })
      .run();
    return courseId;
  };
  const course = newCourse();
  /** A lesson of the shared course with an exercise of one question (issue 31); `quizVersion` is what its form posts. */
  const newQuizLesson = () => {
    const lessonId = newLesson();
    const question = db
      .insert(assessmentQuestions)
      .values({
        courseId: course,
        lessonId,
        kind: 'true_false',
        prompt: 'Exercício da matriz?',
        options: '["Verdadeiro","Falso"]',
        correct: '[0]',
      })
      .returning({ id: assessmentQuestions.id })
      .get();
    return { quizLesson: lessonId, quizVersion: String(question.id) };
  };
  const newLesson = () =>
    createLesson(
      admin,
      course,
      lessonInputSchema.parse({
        title: `Aula ${tag()}`,
        description: 'Aula da matriz de autorização.',
        youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        videoSource: 'youtube',
      }),
    ).id;
  const newMaterial = () =>
    createMaterial(
      admin,
      course,
      materialInputSchema.parse({ title: `Material ${tag()}`, fileUrl: 'https://example.com/a.pdf', fileType: 'pdf' }),
    ).id;
  const newTool = (extra: Record<string, unknown> = {}) =>
    createTool(
      admin,
      toolInputSchema.parse({
        name: `Ferramenta ${tag()}`,
        description: 'Ferramenta da matriz.',
        category: 'mechanical',
        accessLevel: 'E-BASIC',
        linkType: 'external',
        link: 'https://example.com/x',
        ...extra,
      }),
    ).id;
  const newPromo = (extra: Record<string, unknown> = {}) =>
    createPromoCode(
      admin,
      promoCodeCreateSchema.parse({ code: `MTZ${tag()}`, days: 30, maxUses: 100, promoType: 'role', targetRole: 'E-TOOL', ...extra }),
    );
  const newThread = async () => (await createThread(owner, { subject: 'Ticket da matriz', message: 'Mensagem inicial da matriz.' })).id;
  /** A PDF attached to a message of a new ticket of the owner's. */
  const newThreadFile = async () =>
    (
      await postMessage(owner, await newThread(), 'Anexo da matriz.', [
        new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'matriz.pdf'),
      ])
    ).attachments[0].id;
  const newNotification = (audience: Record<string, unknown>) =>
    createNotification(
      admin,
      notificationCreateSchema.parse({
        title: 'Aviso da matriz',
        message: 'Mensagem da matriz.',
        type: 'info',
        targetRole: 'all',
        ...audience,
      }),
    ).id;
  const newPayment = (refundStatus: 'requested' | null) =>
    db
      .insert(payments)
      .values({
        userId: owner.id,
        payerUsername: owner.username,
        payerEmail: owner.email,
        stripePaymentIntentId: `pi_matrix_${tag()}`,
        kind: 'plan',
        planType: 'E-TOOL',
        months: 1,
        amountCents: 2990,
        status: 'succeeded',
        method: 'boleto',
        completedAt: new Date(),
        refundStatus,
        refundRequestedAt: refundStatus ? new Date() : null,
      })
      .returning()
      .get().id;

  const codeCourse = newCourse({ requiresPromoCode: 'on' });
  const grantedCourse = newCourse({ price: '99,90' });
  adminGrantCourse(admin, { userId: users.master.id, courseId: grantedCourse });
  const basicTool = db.select({ id: tools.id }).from(tools).where(eq(tools.link, '/calculators/torque-eixo')).get();
  expect(basicTool, 'the demo data has the torque-eixo tool').toBeTruthy();
  const etool = db.select().from(planPrices).where(eq(planPrices.planType, 'E-TOOL')).get();
  const ownerFetch = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { Cookie: cookies.basic, Origin: origin, ...(init.headers as Record<string, string>) },
    });
  const intent = await ownerFetch('/api/upgrade/create-payment-intent', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ planType: 'E-TOOL', months: 1 }),
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const checkout = await ownerFetch('/upgrade', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'checkout', plan: 'E-TOOL', months: '1' }),
  });
  const checkoutSession = /\/test-mode\/checkout\/(cs_[\w]+)/.exec(checkout.headers.get('Location') ?? '')?.[1];
  expect(checkoutSession, 'the owner can open a test-mode Checkout Session').toBeTruthy();

  const shared: Records = {
    ownerId: owner.id,
    course,
    lesson: newLesson(),
    material: newMaterial(),
    codeCourse,
    grantedCourse,
    premiumCourse: newCourse({ price: '99,90' }),
    assessedCourse: newAssessedCourse(),
    // A course whose assessment the master subject has open (issue 31's attempts API: another's attempt is a 404).
    ...(() => {
      const attemptCourse = newAssessedCourse();
      return { attemptCourse, attempt: startAttempt(users.master, attemptCourse).id };
    })(),
    ...newQuizLesson(),
    hiddenCourse: newCourse({ isHidden: 'on' }),
    courseCode: newPromo({ promoType: 'course', courseId: codeCourse, targetRole: undefined }).code,
    roleCode: newPromo().code,
    tool: basicTool!.id,
    customTool: newTool({ accessLevel: 'E-TOOL', linkType: 'custom', link: '', customHtml: '<p>Ferramenta da matriz</p>' }),
    contact: (
      await createContactMessage(
        { name: 'Matriz', email: 'matriz@example.com', subject: 'Assunto', message: 'Mensagem da matriz.' },
        '127.0.0.9',
      )
    ).id,
    etoolPrice: (etool?.monthlyPriceCents ?? 2990) / 100,
    thread: await newThread(),
    threadFile: await newThreadFile(),
    notification: newNotification({ targetRole: undefined, userId: owner.id }),
    calculation: saveCalculation(owner, {
      slug: 'torque-eixo',
      title: 'Cálculo da matriz',
      query: 'power=7.5&speed=1750&allowableShear=40&bendingMoment=0&keyway=no',
    }).id,
    ...projectRecords(users.tool),
    pi: clientSecret.split('_secret_')[0],
    cs: checkoutSession!,
    loginEmail: loginUser.email,
    recoverEmail: recoverUser.email,
    recoverCpf: recoverUser.cpf!,
  };

  const freshMakers: Record<FreshKind, () => Promise<string | number> | string | number> = {
    thread: newThread,
    notification: () => newNotification({ targetRole: undefined, userId: owner.id }),
    broadcast: () => newNotification({ targetRole: 'admin' }),
    calculation: () =>
      saveCalculation(owner, {
        slug: 'torque-eixo',
        title: 'Cálculo da matriz',
        query: 'power=7.5&speed=1750&allowableShear=40&bendingMoment=0&keyway=no',
      }).id,
    payment: () => newPayment(null),
    refund: () => newPayment('requested'),
    course: () => newCourse(),
    // A final-bank question of the shared course (update and delete cells never share one).
    question: () =>
      db
        .insert(assessmentQuestions)
        .values({ courseId: course, kind: 'true_false', prompt: 'Questão da matriz.', options: '["Verdadeiro","Falso"]', correct: '[0]' })
        .returning({ id: assessmentQuestions.id })
        .get().id,
    lesson: newLesson,
    material: newMaterial,
    tool: () => newTool(),
    promo: () => newPromo().id,
    user: async () => (await createUser()).id,
    // A mail as the worker leaves one it gave up on (written failed at once, so the server's worker never takes it first).
    failedMail: () =>
      db
        .insert(mailOutbox)
        .values({
          messageId: newMessageId('matriz@example.com'),
          userId: owner.id,
          toAddress: 'matriz@example.com',
          kind: 'teste',
          subject: 'E-mail da matriz',
          textBody: 'Texto.',
          htmlBody: '<p>Texto.</p>',
          status: 'failed',
          attempts: 1,
          lastError: '550 matriz',
        })
        .returning({ id: mailOutbox.id })
        .get().id,
    grant: async () => {
      const user = await createUser({ role: 'E-MASTER' });
      adminGrantCourse(admin, { userId: user.id, courseId: course });
      return user.id;
    },
  };

  // The cells, each request built from its row, subject and records.
  const cells: Cell[] = MATRIX.flatMap((row) =>
    SUBJECTS.flatMap((subject) => (row.expect[subject] === 'n/a' ? [] : [{ row, subject, expected: row.expect[subject] as Outcome }])),
  );

  const fill = (text: string, records: Records) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in records ? String(records[name]) : whole));
  const fillValue = (value: unknown, records: Records): unknown => {
    if (typeof value !== 'string') return value;
    const single = /^\{(\w+)\}$/.exec(value);
    return single && single[1] in records ? records[single[1]] : fill(value, records);
  };

  async function run({ row, subject, expected }: Cell): Promise<string | null> {
    const records: Records = { ...shared, unique: tag(), cpf: uniqueCpf() };
    for (const kind of row.fresh ?? []) records[kind] = await freshMakers[kind]();
    let cookie = subject === 'anonymous' ? undefined : cookies[subject];
    if (row.freshSubject && subject !== 'anonymous') cookie = await sessionCookie(await createUser({ role: ROLE_OF[subject] }));
    // An admin write's cell acts as an admin of its own, so its audit rows are counted without the other cells' (they run in parallel).
    const auditedAdmin = subject === 'admin' && isAdminWrite(row) ? await createUser({ role: 'admin' }) : null;
    if (auditedAdmin) cookie = await sessionCookie(auditedAdmin);
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (row.method !== 'GET') headers.Origin = origin;
    if (row.json) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(Object.fromEntries(Object.entries(row.json).map(([key, value]) => [key, fillValue(value, records)])));
    } else if (row.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(row.form).map(([key, value]) => [key, fill(value, records)])).toString();
    }
    const path = fill(row.path, records);
    const label = `${row.method} ${path} as ${subject}`;
    const abort = new AbortController();
    try {
      const response = await fetch(`${origin}${path}`, { method: row.method, headers, body, redirect: 'manual', signal: abort.signal });
      const mismatch = await outcomeMismatch(response, expected, (text) => fill(text, records), label);
      abort.abort();
      if (mismatch) return mismatch;
      if (auditedAdmin) {
        const rows = auditRowsBy(auditedAdmin.id);
        auditedCells += 1;
        if (rows !== 1) return `${label}: an admin write must leave exactly one audit row, found ${rows}`;
      }
      return null;
    } catch (error) {
      return `${label}: request failed: ${String(error)}`;
    } finally {
      abort.abort();
    }
  }

  let auditedCells = 0;
  const started = Date.now();
  const queue = [...cells];
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let cell = queue.shift(); cell; cell = queue.shift()) {
      const problem = await run(cell);
      if (problem) problems.push(problem);
    }
  });
  await Promise.all(workers);

  // An API route answers 405 with Allow to every method that has no row (server.js's method rule,
  // app/plumbing/route-methods.server.ts, before any guard): OPTIONS always, GET and HEAD without a loader.
  const methods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const apiRoutes = built.filter((route) => route.path.startsWith('/api/'));
  await Promise.all(
    apiRoutes.flatMap((route) =>
      methods
        .filter((method) => !rowsOf(route.path).some((row) => row.method === method || (method === 'HEAD' && row.method === 'GET')))
        .map(async (method) => {
          const sample = rowsOf(route.path)[0];
          const path = sample ? fill(sample.path, shared) : route.path.replace(/:\w+/g, '1');
          const response = await fetch(`${origin}${path}`, {
            method,
            headers: { Origin: origin, Cookie: cookies.admin },
            redirect: 'manual',
          });
          const allow = response.headers.get('Allow')?.split(', ') ?? [];
          if (response.status !== 405) problems.push(`${method} ${path} has no row but answered ${response.status} (not 405)`);
          else if (allow.length === 0 || allow.includes(method)) problems.push(`${method} ${path}: 405 with Allow '${allow.join(', ')}'`);
        }),
    ),
  );

  console.log(
    `authorization matrix: ${MATRIX.length} rows × ${SUBJECTS.length} subjects, ${cells.length} cells walked (the rest n/a) in ${Date.now() - started} ms`,
  );
  console.log(`admin writes: ${auditedCells} of ${MATRIX.filter(isAdminWrite).length} rows checked for exactly one audit row`);
  expect(problems, problems.join('\n')).toEqual([]);
});

function describe(outcome: { status: number; location?: string }): string {
  return outcome.location ? `${outcome.status} → ${outcome.location}` : String(outcome.status);
}

/** How an answer differs from the cell's outcome (status, the Location's path, a text it must hold), or null. */
async function outcomeMismatch(response: Response, expected: Outcome, fill: (text: string) => string, label: string) {
  const want = typeof expected === 'number' ? { status: expected } : expected;
  const location = response.headers.get('Location');
  const locationPath = location ? new URL(location, response.url).pathname : null;
  const wantLocation = want.location ? fill(want.location) : undefined;
  const text = want.text ? await response.text() : '';
  if (response.status !== want.status)
    return `${label}: expected ${describe(want)}, got ${response.status}${location ? ` → ${location}` : ''}`;
  if (wantLocation) {
    const matches = wantLocation.endsWith('*') ? locationPath?.startsWith(wantLocation.slice(0, -1)) : locationPath === wantLocation;
    if (!matches) return `${label}: expected a redirect to ${wantLocation}, got ${location ?? 'none'}`;
  }
  if (want.text && !text.includes(want.text)) return `${label}: the answer lacks '${want.text}'`;
  return null;
}

/** One request of a row with redirects off: form or JSON body, the Origin header on writes. */
function sendRow(
  origin: string,
  row: Pick<MatrixRow, 'method' | 'json' | 'form'>,
  path: string,
  cookie: string,
  fill: (text: string) => string,
) {
  const headers: Record<string, string> = { Cookie: cookie };
  let body: string | undefined;
  if (row.method !== 'GET') headers.Origin = origin;
  if (row.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(
      Object.fromEntries(Object.entries(row.json).map(([key, value]) => [key, typeof value === 'string' ? fill(value) : value])),
    );
  } else if (row.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(row.form).map(([key, value]) => [key, fill(value)])).toString();
  }
  return fetch(`${origin}${fill(path)}`, { method: row.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
}

/**
 * The row 'admin past the fresh-check window' (decision 060): every dangerous action asks again
 * and writes nothing; the password through POST /api/fresh-check lets the same session act.
 */
test('an admin past the fresh-check window is asked again before every dangerous action', async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const admin = await createUser({ role: 'admin' });
  const cookie = await sessionCookie(admin);
  db.update(activeSessions)
    .set({ freshCheckAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(activeSessions.userId, admin.id))
    .run();
  const problems: string[] = [];
  const targets: number[] = [];
  for (const row of FRESH_CHECK_ROWS) {
    const target = await createUser();
    targets.push(target.id);
    const records: Records = { user: target.id, unique: randomUUID().slice(0, 8) };
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in records ? String(records[name]) : whole));
    const label = `${row.method} ${fill(row.path)} as an admin past the window`;
    const mismatch = await outcomeMismatch(await sendRow(origin, row, row.path, cookie, fill), row.expect, fill, label);
    if (mismatch) problems.push(mismatch);
  }
  for (const id of targets) {
    const target = db.select({ role: users.role }).from(users).where(eq(users.id, id)).get();
    if (target?.role !== 'E-BASIC') problems.push(`user ${id} was changed or deleted without a fresh check (${target?.role ?? 'deleted'})`);
  }
  expect(auditRowsBy(admin.id), 'nothing was done, so nothing was audited').toBe(0);
  expect(problems, problems.join('\n')).toEqual([]);

  const renewed = await sendRow(origin, { method: 'POST', json: { password: admin.plainPassword } }, '/api/fresh-check', cookie, (t) => t);
  expect(renewed.status).toBe(200);
  const deleted = await sendRow(origin, { method: 'DELETE' }, `/api/users/${targets[0]}`, cookie, (t) => t);
  expect(deleted.status).toBe(200);
});

/**
 * The row 'admin without two-step' where it is required (ADMIN_TWO_FACTOR=required, decision
 * 055), on a server of its own started with that setting: every row that needs a session sends
 * the admin to 'Minha Conta' → 'Segurança' (the API: 403), and the setup itself opens.
 */
test('an admin without two-step sign-in reaches only the setup page', async () => {
  const dir = resolve('tests/.production', 'matrix-two-step');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dbPath = resolve(dir, 'app.db');
  const port = await freePort();
  // Seeded where two-step sign-in is optional, the demo admin has none; the server then requires it.
  prepareDatabase(productionEnv(dbPath, port), true);
  const server = await launch(dir, dbPath, port, productionEnv(dbPath, port, { ADMIN_TWO_FACTOR: 'required' }));
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0];
    const problems: string[] = [];
    let checked = 0;
    for (const row of MATRIX) {
      const expected = withoutTwoStepOutcome(row);
      if (!expected) continue;
      // The guard answers before any record is read: every token may name record 1.
      const fill = (text: string) => text.replace(/\{(\w+)\}/g, '1');
      const label = `${row.method} ${fill(row.path)} as an admin without two-step sign-in`;
      const mismatch = await outcomeMismatch(await sendRow(server.url, row, row.path, cookie, fill), expected, fill, label);
      if (mismatch) problems.push(mismatch);
      checked += 1;
    }
    const setup = await fetch(`${server.url}/account`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(setup.status).toBe(200);
    expect(await setup.text()).toContain('Ativar verificação em duas etapas');
    console.log(`admin without two-step sign-in: ${checked} rows checked`);
    expect(problems, problems.join('\n')).toEqual([]);
  } finally {
    await server.stop();
  }
});

/**
 * The stream caps (decision 020) against the same server: one session holds at most
 * LIVE_STREAMS_PER_SESSION event streams, the next is refused with 429 and Retry-After, and a
 * closed tab frees its place. Runs after the matrix, whose cells open one stream per subject.
 */
test('a session holds at most its cap of live streams; the next gets 429 with Retry-After', async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const cookie = await sessionCookie(await createUser());
  const open: AbortController[] = [];
  const openStream = async () => {
    const abort = new AbortController();
    const response = await fetch(`${origin}/resources/live`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (response.status === 200) open.push(abort);
    else abort.abort();
    return response;
  };
  try {
    const statuses: number[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i++) statuses.push((await openStream()).status);
    expect(statuses).toEqual(Array(LIVE_STREAMS_PER_SESSION).fill(200));
    const refused = await openStream();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);

    open.shift()!.abort();
    await expect.poll(async () => (await openStream()).status, { timeout: 5_000 }).toBe(200);
  } finally {
    for (const abort of open) abort.abort();
  }
});
