import { DEMO_CERTIFICATE } from '../../db/seed-constants';

/**
 * The authorization matrix: every page route and API endpoint of the build
 * against each subject, with the outcome the specification (sections 2, 4, 6 and 7) and
 * docs/architecture.md promise. Data only; authorization-matrix.spec.ts walks it.
 *
 * Subjects: `anonymous` (no cookie), `basic`, `tool`, `master`, `admin` (a signed-in user of that
 * role), and `nonOwner` (a signed-in E-BASIC user who owns none of the records named below).
 * Every owned record (`{thread}`, `{notification}`, `{calculation}`, `{payment}`, `{pi}`, `{cs}`,
 * `{ownerId}`) belongs to the `basic` subject (the one course grant, on `{grantedCourse}`, to `master`), so `tool`, `master` and `admin` do not own it
 * either: their cells show what their role adds. Rows without an owned record say `nonOwner: 'n/a'`.
 *
 * Tokens in paths and bodies are filled from the records the spec creates first: `{course}` is a
 * visible course with `{lesson}` and `{material}`, `{tool}` an E-BASIC tool, `{customTool}` an
 * E-TOOL tool with custom HTML, `{user}` another user, `{contact}` a contact message, `{unique}`
 * a fresh name per cell. A body value that is exactly one token keeps the record's type (a number).
 * `fresh` names tokens that get a new record for every cell (destructive cells never share one);
 * `freshSubject` gives every cell a new user of the subject's role (logout, profile, promo codes).
 *
 * Outcomes: a status, or a redirect (302/303 and the Location's path; a path ending in `*` is a
 * prefix), optionally with a text a 200 page must contain.
 */
export type Subject = 'anonymous' | 'basic' | 'tool' | 'master' | 'admin' | 'nonOwner';
export const SUBJECTS: readonly Subject[] = ['anonymous', 'basic', 'tool', 'master', 'admin', 'nonOwner'];

export type Outcome = number | { status: number; location?: string; text?: string };
export type FreshKind =
  | 'thread'
  | 'notification'
  | 'broadcast'
  | 'calculation'
  | 'payment'
  | 'refund'
  | 'course'
  | 'question'
  | 'lesson'
  | 'material'
  | 'tool'
  | 'promo'
  | 'user'
  | 'grant'
  | 'failedMail';

export type MatrixRow = {
  /** The route pattern as builtRoutes() names it (`/api/courses/:id`), or a server.js path. */
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** JSON for /api; form fields (with `intent`) for page actions. */
  json?: Record<string, unknown>;
  form?: Record<string, string>;
  fresh?: FreshKind[];
  freshSubject?: boolean;
  expect: Record<Exclude<Subject, 'nonOwner'>, Outcome> & { nonOwner: Outcome | 'n/a' };
  /** Why an expectation is what it is, when the specification does not say it in one line. */
  note?: string;
};

// Shorthands for the outcomes that repeat (the specification's guards, the JSON API's statuses).
const toAuth = { status: 302, location: '/auth' } as const;
const toDashboard = { status: 302, location: '/dashboard' } as const;
const toHome = { status: 302, location: '/' } as const;
const adminPage = { status: 200, text: 'Painel de Administração' } as const;

/** Pages any signed-in user may open (the specification's Screens and routes: login required). */
const signedIn = (ok: Outcome = 200): MatrixRow['expect'] => ({
  anonymous: toAuth,
  basic: ok,
  tool: ok,
  master: ok,
  admin: ok,
  nonOwner: 'n/a',
});
/** Admin-only pages: non-admins go to /dashboard. */
const adminOnlyPage = (ok: Outcome = adminPage): MatrixRow['expect'] => ({
  anonymous: toAuth,
  basic: toDashboard,
  tool: toDashboard,
  master: toDashboard,
  admin: ok,
  nonOwner: 'n/a',
});
/** E-MASTER pages (courses): below E-MASTER to /dashboard with 'Acesso Restrito'. */
const masterPage = (ok: Outcome = 200): MatrixRow['expect'] => ({
  anonymous: toAuth,
  basic: toDashboard,
  tool: toDashboard,
  master: ok,
  admin: ok,
  nonOwner: 'n/a',
});
/** Projects (issue 32): E-TOOL and above; `other` is what E-MASTER and admin get for the E-TOOL subject's project. */
const toProject = { status: 302, location: '/projects/*' } as const;
const projectPage = (owner: Outcome, other: Outcome): MatrixRow['expect'] => ({
  anonymous: toAuth,
  basic: toDashboard,
  tool: owner,
  master: other,
  admin: other,
  nonOwner: 'n/a',
});
/** Public pages. */
const everyone = (ok: Outcome = 200): MatrixRow['expect'] => ({
  anonymous: ok,
  basic: ok,
  tool: ok,
  master: ok,
  admin: ok,
  nonOwner: 'n/a',
});
/** API for any signed-in user: 401 anonymous. */
const apiUser = (ok: number): MatrixRow['expect'] => ({ anonymous: 401, basic: ok, tool: ok, master: ok, admin: ok, nonOwner: 'n/a' });
/** API for admins: 401 anonymous, 403 other roles. */
const apiAdmin = (ok: number): MatrixRow['expect'] => ({ anonymous: 401, basic: 403, tool: 403, master: 403, admin: ok, nonOwner: 'n/a' });
/** API for course readers (E-MASTER and admin): 403 below. */
const apiMaster = (ok: number): MatrixRow['expect'] => ({ anonymous: 401, basic: 403, tool: 403, master: ok, admin: ok, nonOwner: 'n/a' });
/** API open to all, signed in or not. */
const apiPublic = (ok: number): MatrixRow['expect'] => ({ anonymous: ok, basic: ok, tool: ok, master: ok, admin: ok, nonOwner: 'n/a' });

const TORQUE = 'power=7.5&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';
const LESSON = {
  title: 'Aula da matriz',
  description: 'Descrição da aula da matriz.',
  youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
  videoSource: 'youtube',
};
const MATERIAL = { title: 'Material da matriz', fileUrl: 'https://example.com/apostila.pdf', fileType: 'pdf', iconType: 'file' };

export const MATRIX: MatrixRow[] = [
  // ── Public pages and the server's own paths ────────────────────────────────────────────────
  { route: '/', method: 'GET', path: '/', expect: everyone({ status: 200, text: 'E-Engenharia' }) },
  { route: '/about', method: 'GET', path: '/about', expect: everyone() },
  { route: '/terms', method: 'GET', path: '/terms', expect: everyone() },
  { route: '/contact', method: 'GET', path: '/contact', expect: everyone() },
  {
    route: '/email/unsubscribe',
    method: 'GET',
    path: '/email/unsubscribe?u={ownerId}&k=support-reply&t=assinatura-falsa',
    expect: everyone(400),
    note: 'No login: the link’s signature is the permission, so a forged one is refused for everyone (docs/mail.md).',
  },
  {
    route: '/email/unsubscribe',
    method: 'POST',
    path: '/email/unsubscribe?u={ownerId}&k=support-reply&t=assinatura-falsa',
    form: { 'List-Unsubscribe': 'One-Click' },
    expect: everyone(400),
  },
  // The e-mailed links of an address change (issue 26, item 3): no login, the token is the permission.
  {
    route: '/email/confirm',
    method: 'GET',
    path: '/email/confirm?token=link-falso-de-confirmacao-000',
    expect: everyone(400),
    note: 'An unknown token shows "Link inválido" to everyone.',
  },
  {
    route: '/email/confirm',
    method: 'POST',
    path: '/email/confirm?token=link-falso-de-confirmacao-000',
    form: { intent: 'confirm-email' },
    expect: everyone(400),
  },
  { route: '/email/revert', method: 'GET', path: '/email/revert?token=link-falso-de-restauracao-000', expect: everyone(400) },
  {
    route: '/email/revert',
    method: 'POST',
    path: '/email/revert?token=link-falso-de-restauracao-000',
    form: { intent: 'revert-email' },
    expect: everyone(400),
  },
  { route: '/preview', method: 'GET', path: `/preview?to=${encodeURIComponent(`/calculators/torque-eixo?${TORQUE}`)}`, expect: everyone() },
  // Certificates (issue 22): public by design, the code is the permission; the demo E-MASTER user's certificate (db/seed-constants.ts).
  {
    route: '/certificados/:codigo',
    method: 'GET',
    path: `/certificados/${DEMO_CERTIFICATE.code}`,
    expect: everyone({ status: 200, text: 'Certificado válido' }),
  },
  { route: '/certificados/:codigo', method: 'GET', path: `/certificados/${'0'.repeat(26)}`, expect: everyone({ status: 404 }) },
  { route: '/certificados/:codigo/pdf', method: 'GET', path: `/certificados/${DEMO_CERTIFICATE.code}/pdf`, expect: everyone() },
  {
    route: '/contact',
    method: 'POST',
    path: '/contact',
    form: {
      intent: 'contact',
      name: 'Matriz',
      email: 'matriz@example.com',
      subject: 'Autorização',
      message: 'Mensagem da matriz de autorização.',
    },
    expect: everyone({ status: 302, location: '/contact' }),
    note: 'Public form (5 messages per address per 10 minutes: exactly the five cells here).',
  },
  { route: '/*', method: 'GET', path: '/pagina-que-nao-existe', expect: everyone(404) },
  { route: '/healthcheck', method: 'GET', path: '/healthcheck', expect: apiPublic(200) },
  {
    route: '/resources/live',
    method: 'GET',
    path: '/resources/live',
    expect: apiUser(200),
    note: 'The event stream of signed-in tabs (decision 015); the spec reads only its status.',
  },
  {
    route: '/resources/session-ended',
    method: 'GET',
    path: '/resources/session-ended',
    expect: { ...signedIn(toDashboard), anonymous: toAuth },
    note: 'A live session goes straight back to redirectTo (default /dashboard).',
  },
  {
    route: '/resources/tool-frame/:id',
    method: 'GET',
    path: '/resources/tool-frame/{customTool}',
    expect: { anonymous: 401, basic: 403, tool: 200, master: 200, admin: 200, nonOwner: 'n/a' },
    note: 'An E-TOOL custom tool: its HTML only for E-TOOL and above (Roles and permissions in the specification).',
  },

  {
    route: '/resources/chat-files/:id',
    method: 'GET',
    path: '/resources/chat-files/{threadFile}',
    expect: { anonymous: 404, basic: 200, tool: 404, master: 404, admin: 200, nonOwner: 404 },
    note: "A support attachment: the ticket's owner and admins only; anyone else, signed in or not, the same 404 as a missing file (issue 22).",
  },

  // ── Authentication pages ───────────────────────────────────────────────────────────────────
  { route: '/auth', method: 'GET', path: '/auth', expect: { ...signedIn(toDashboard), anonymous: 200 } },
  {
    route: '/auth',
    method: 'POST',
    path: '/auth',
    form: { intent: 'login', email: '{loginEmail}', password: 'senha123' },
    expect: { ...signedIn(toDashboard), anonymous: toDashboard },
    note: 'Anonymous: logged in and sent to /dashboard; signed-in users are sent to /dashboard before the form is read (Screens and routes in the specification).',
  },
  {
    route: '/auth',
    method: 'POST',
    path: '/auth',
    form: { intent: 'login-code', code: '123456' },
    expect: { ...signedIn(toDashboard), anonymous: 401 },
    note: 'The code step of two-step sign-in without a pending login (no password given first): refused (decision 055).',
  },
  {
    route: '/auth',
    method: 'POST',
    path: '/auth',
    form: { intent: 'recover-email', email: 'matriz-{unique}@example.com' },
    expect: { ...signedIn(toDashboard), anonymous: toAuth },
    note: "'Recuperar senha por e-mail' answers the same whether the address has an account (docs/mail.md).",
  },
  {
    route: '/auth/reset-link',
    method: 'GET',
    path: '/auth/reset-link?token=nao-existe',
    expect: { ...signedIn(toDashboard), anonymous: toAuth },
    note: 'The e-mailed link: a dead token still lands on the reset dialog, which says the recovery expired.',
  },
  { route: '/logout', method: 'GET', path: '/logout', expect: everyone(toHome), note: 'No state change on GET: back to /.' },
  { route: '/logout', method: 'POST', path: '/logout', form: { intent: 'logout' }, freshSubject: true, expect: everyone(toHome) },

  // ── Signed-in pages ────────────────────────────────────────────────────────────────────────
  { route: '/dashboard', method: 'GET', path: '/dashboard', expect: signedIn() },
  {
    route: '/dashboard',
    method: 'POST',
    path: '/dashboard',
    form: { intent: 'rate', toolId: '{tool}', rating: '5', comment: 'Boa' },
    expect: signedIn({ status: 302, location: '/dashboard' }),
  },
  { route: '/account', method: 'GET', path: '/account', expect: signedIn({ status: 200, text: 'Minha Conta' }) },
  {
    route: '/account',
    method: 'POST',
    path: '/account',
    form: { intent: 'recovery', disablePasswordRecovery: 'false' },
    expect: signedIn({ status: 302, location: '/account' }),
  },
  {
    route: '/account',
    method: 'POST',
    path: '/account',
    form: { intent: 'refund', paymentId: '{payment}' },
    fresh: ['payment'],
    expect: { anonymous: toAuth, basic: { status: 302, location: '/account' }, tool: 404, master: 404, admin: 404, nonOwner: 404 },
    note: "A refund of someone else's payment is the same 404 as a missing one.",
  },
  {
    route: '/account/receipts/:id',
    method: 'GET',
    path: '/account/receipts/{payment}',
    fresh: ['payment'],
    expect: { anonymous: toAuth, basic: { status: 200, text: 'Recibo de pagamento' }, tool: 404, master: 404, admin: 404, nonOwner: 404 },
    note: "A receipt is its payer's alone: another user's payment (an admin's too) is the same 404 as a missing one.",
  },
  {
    route: '/account',
    method: 'POST',
    path: '/account',
    form: { intent: 'two-factor-start' },
    freshSubject: true,
    expect: signedIn({ status: 302, location: '/account' }),
    note: "'Segurança' → 'Ativar verificação em duas etapas': a new unconfirmed secret of the signed-in user's own (decision 055).",
  },
  {
    route: '/account',
    method: 'POST',
    path: '/account',
    form: { intent: 'passkey-remove', passkeyId: '900000001' },
    expect: signedIn(404),
    note: "'Segurança' → 'Passkeys' → 'Remover' (decision 067): only the signed-in user's own passkeys; no passkey has this id, so 404 and nothing written. The fresh check it asks first is in tests/integration/passkeys.test.ts.",
  },
  {
    route: '/account/export',
    method: 'GET',
    path: '/account/export',
    expect: signedIn(200),
    note: "LGPD: the signed-in user's own data as JSON; there is no id to pick, so no non-owner case.",
  },
  {
    route: '/account/formacao',
    method: 'GET',
    path: '/account/formacao',
    expect: signedIn({ status: 200, text: 'Formação' }),
    note: "'Minha Conta' → 'Formação' (issue 31): the signed-in user's own training record; there is no id to pick, so no non-owner case (another person's rows never show: tests/integration/training-record.test.ts).",
  },
  {
    route: '/account/formacao/pdf',
    method: 'GET',
    path: '/account/formacao/pdf',
    expect: signedIn(200),
    note: "'Histórico de formação' as a PDF: the signed-in user's own record only, with no id to pick; rate-limited per account.",
  },
  {
    route: '/account/fresh-check',
    method: 'GET',
    path: '/account/fresh-check?redirectTo=%2Faccount%2Fexport',
    expect: signedIn({ status: 200, text: 'Confirme que é você' }),
    note: 'The fresh check before a download (decision 060): any signed-in user renews their own session.',
  },
  {
    route: '/account/fresh-check',
    method: 'POST',
    path: '/account/fresh-check',
    form: { intent: 'renew', freshCheckSecret: 'senha123', redirectTo: '/account/export' },
    freshSubject: true,
    expect: signedIn({ status: 302, location: '/account/export' }),
    note: "The password renews the fresh check of the subject's own session and sends the browser back to the download.",
  },
  {
    route: '/account',
    method: 'POST',
    path: '/account',
    form: { intent: 'delete-account', password: 'senha123' },
    freshSubject: true,
    expect: signedIn(toHome),
    note: "LGPD: deleting one's own account after the password, then signed out to /.",
  },
  { route: '/notifications', method: 'GET', path: '/notifications', expect: signedIn() },
  {
    route: '/notifications',
    method: 'POST',
    path: '/notifications',
    form: { intent: 'read', id: '{notification}' },
    expect: { anonymous: toAuth, basic: 200, tool: 404, master: 404, admin: 404, nonOwner: 404 },
    note: "A personal notification is read only by its user (the page stays: 200 with the reply); another's is not found.",
  },
  { route: '/calculators', method: 'GET', path: '/calculators', expect: signedIn() },
  { route: '/calculators/:slug', method: 'GET', path: '/calculators/torque-eixo', expect: signedIn() },
  {
    route: '/calculators/:slug',
    method: 'GET',
    path: '/calculators/deflexao-viga',
    expect: { ...signedIn(), basic: 403 },
    note: 'An E-TOOL calculator is locked (403, nothing computed) for E-BASIC.',
  },
  {
    route: '/calculators/:slug',
    method: 'POST',
    path: '/calculators/torque-eixo',
    form: { intent: 'save', title: 'Cálculo da matriz', query: TORQUE },
    expect: signedIn({ status: 302, location: '/calculators/torque-eixo' }),
  },
  { route: '/calculators/:slug/report', method: 'GET', path: `/calculators/torque-eixo/report?${TORQUE}`, expect: signedIn() },
  {
    route: '/calculators/:slug/report',
    method: 'POST',
    path: `/calculators/torque-eixo/report?${TORQUE}`,
    form: { intent: 'project', projectName: 'Projeto da matriz', crea: 'SP-123456/D', art: '28027230201234567' },
    expect: signedIn({ status: 302, location: '/calculators/torque-eixo/report' }),
    note: "'Dados do projeto' are the signed-in user's own; the post comes back to the same memorial (query kept).",
  },
  // ── Projects (issue 32): E-TOOL and above; the shared project is the E-TOOL subject's, so E-MASTER and admin meet another user's project (404); E-BASIC stands for a downgraded plan.
  { route: '/projects', method: 'GET', path: '/projects', expect: projectPage(200, 200) },
  {
    route: '/projects',
    method: 'POST',
    path: '/projects',
    form: { intent: 'create', name: 'Projeto da matriz', status: 'archived' },
    expect: projectPage(toProject, toProject),
    note: 'Created archived, so the matrix never fills the E-TOOL limit of 10 active projects.',
  },
  { route: '/projects/:id', method: 'GET', path: '/projects/{project}', expect: projectPage(200, 404) },
  {
    route: '/projects/:id',
    method: 'POST',
    path: '/projects/{project}',
    form: { intent: 'rename', calculationId: '{projectCalculation}', title: 'Cálculo renomeado pela matriz' },
    expect: projectPage(toProject, 404),
  },
  { route: '/projects/:id/export', method: 'GET', path: '/projects/{project}/export?format=csv', expect: projectPage(200, 404) },
  { route: '/projects/:id/export', method: 'GET', path: '/projects/{project}/export?format=json', expect: projectPage(200, 404) },
  { route: '/projects/:id/memorial', method: 'GET', path: '/projects/{project}/memorial?rev=0', expect: projectPage(200, 404) },
  {
    route: '/projects/:id/new',
    method: 'GET',
    path: '/projects/{project}/new?calculator=torque-eixo',
    expect: projectPage(toProject, 404),
  },
  { route: '/projects/:id/new/:slug', method: 'GET', path: `/projects/{project}/new/torque-eixo?${TORQUE}`, expect: projectPage(200, 404) },
  {
    route: '/projects/:id/new/:slug',
    method: 'POST',
    path: '/projects/{project}/new/torque-eixo',
    form: { intent: 'save', title: 'Cálculo da matriz', query: TORQUE },
    expect: projectPage(toProject, 404),
  },
  {
    route: '/projects/:id/calculations/:calculationId',
    method: 'GET',
    path: '/projects/{project}/calculations/{projectCalculation}',
    expect: projectPage(200, 404),
  },
  {
    route: '/projects/:id/calculations/:calculationId',
    method: 'POST',
    path: '/projects/{project}/calculations/{projectCalculation}',
    form: { intent: 'save', title: 'Cálculo da matriz', query: TORQUE },
    expect: projectPage(toProject, 404),
  },
  {
    route: '/p/:token',
    method: 'GET',
    path: '/p/{shareToken}',
    expect: everyone({ status: 200, text: 'Tabela de revisões' }),
    note: 'A shared revision: the link is the permission, with or without an account (decision 065).',
  },
  { route: '/p/:token', method: 'GET', path: '/p/{revokedToken}', expect: everyone(410), note: 'A revoked link is refused at once.' },
  { route: '/calculators/history', method: 'GET', path: '/calculators/history', expect: signedIn() },
  {
    route: '/calculators/history/export',
    method: 'GET',
    path: '/calculators/history/export',
    expect: signedIn(200),
    note: "The signed-in user's own history as CSV; there is no id to pick, so no non-owner case.",
  },
  {
    route: '/calculators/history',
    method: 'POST',
    path: '/calculators/history',
    form: { intent: 'delete', id: '{calculation}' },
    fresh: ['calculation'],
    expect: {
      anonymous: toAuth,
      basic: { status: 302, location: '/calculators/history' },
      tool: 404,
      master: 404,
      admin: 404,
      nonOwner: 404,
    },
    note: "Someone else's saved calculation is a 404, like a missing one.",
  },
  {
    route: '/tools/:id',
    method: 'GET',
    path: '/tools/{tool}',
    expect: signedIn({ status: 302, location: '/calculators/torque-eixo' }),
    note: 'An internal tool opens its page.',
  },

  // ── Support chat pages ─────────────────────────────────────────────────────────────────────
  {
    route: '/chats',
    method: 'GET',
    path: '/chats',
    expect: { ...signedIn(), admin: { status: 302, location: '/admin/chats' } },
    note: 'Admins read every ticket at /admin/chats.',
  },
  {
    route: '/chat/new',
    method: 'GET',
    path: '/chat/new',
    expect: { ...signedIn(), admin: { status: 302, location: '/admin/chats' } },
  },
  {
    route: '/chat/new',
    method: 'POST',
    path: '/chat/new',
    form: { intent: 'create', subject: 'Ajuda da matriz', message: 'Mensagem inicial da matriz.' },
    expect: { ...signedIn({ status: 302, location: '/chat/*' }), admin: { status: 302, location: '/admin/chats' } },
  },
  {
    route: '/chat/:id',
    method: 'GET',
    path: '/chat/{thread}',
    expect: { anonymous: toAuth, basic: 200, tool: toHome, master: toHome, admin: 200, nonOwner: toHome },
    note: "Roles and permissions in the specification: another user's ticket gives 'Acesso negado' and sends the user to /.",
  },
  {
    route: '/chat/:id',
    method: 'POST',
    path: '/chat/{thread}',
    form: { intent: 'send', message: 'Resposta da matriz.' },
    expect: {
      anonymous: toAuth,
      basic: { status: 302, location: '/chat/{thread}' },
      tool: toHome,
      master: toHome,
      admin: { status: 302, location: '/chat/{thread}' },
      nonOwner: toHome,
    },
  },
  {
    route: '/chat/:id',
    method: 'POST',
    path: '/chat/{thread}',
    form: { intent: 'rate', score: '5' },
    expect: { anonymous: toAuth, basic: 409, tool: toHome, master: toHome, admin: 403, nonOwner: toHome },
    note: "'Como foi o atendimento?': only the owner rates, and only a closed ticket ({thread} is open: 409 after the owner's check); an admin sees the ticket but may not rate it (403).",
  },

  // ── Courses (E-MASTER or admin) ────────────────────────────────────────────────────────────
  { route: '/courses', method: 'GET', path: '/courses', expect: masterPage() },
  {
    route: '/courses',
    method: 'POST',
    path: '/courses?index',
    form: { intent: 'promo', code: 'NAOEXISTE-MATRIZ' },
    expect: masterPage(404),
    note: 'A code that does not exist, refused beside the field (404) once the guard let the reader in.',
  },
  { route: '/courses/:id', method: 'GET', path: '/courses/{course}', expect: masterPage() },
  {
    route: '/courses/:id',
    method: 'GET',
    path: '/courses/{hiddenCourse}',
    expect: { ...masterPage(), master: 404 },
    note: 'States and transitions in the specification: hidden courses appear only to admins (the same 404 as a missing one).',
  },
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'certificate' },
    // A course of its own: the shared one's lesson is marked done by the progress row below, in whatever order the cells run.
    fresh: ['course'],
    expect: masterPage(409),
    note: "'Emitir certificado' before every lesson is done: refused (409) once the guard let the reader in; a fresh course has no lesson done.",
  },
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'progress', lessonId: '{lesson}', done: 'true' },
    expect: masterPage({ status: 302, location: '/courses/{course}' }),
  },

  // ── The question bank on the course's admin tab (issue 31): admins only, 403 for a reader ───────
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'create-question', kind: 'true_false', prompt: 'Afirmação da matriz.', trueFalse: 'true' },
    expect: { ...masterPage(403), admin: { status: 302, location: '/courses/{course}' } },
    note: "'Adicionar questão': a reader of the course who is not an admin is refused (403) before the fields are read.",
  },
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'update-question', questionId: '{question}', kind: 'true_false', prompt: 'Afirmação editada.', trueFalse: 'false' },
    fresh: ['question'],
    expect: { ...masterPage(403), admin: { status: 302, location: '/courses/{course}' } },
  },
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'delete-question', questionId: '{question}' },
    fresh: ['question'],
    expect: { ...masterPage(403), admin: { status: 302, location: '/courses/{course}' } },
  },
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'assessment-settings', passPercent: '70', questionsPerAttempt: '5', maxAttempts: '3', waitHours: '24' },
    fresh: ['course'],
    expect: { ...masterPage(403), admin: { status: 302, location: '/courses/{course}' } },
    note: "'Criar avaliação final' on a fresh course.",
  },
  {
    route: '/courses/:id',
    method: 'POST',
    path: '/courses/{course}',
    form: { intent: 'remove-assessment' },
    fresh: ['course'],
    expect: { ...masterPage(403), admin: 404 },
    note: "'Remover avaliação final' of a course that has none: 404 for the admin, 403 for a reader before anything is looked at.",
  },

  // ── A lesson's exercise (issue 31): practice for whoever may open the course ──────────────────
  {
    route: '/courses/:id/aulas/:lessonId/exercicio',
    method: 'GET',
    path: '/courses/{course}/aulas/{quizLesson}/exercicio',
    expect: masterPage({ status: 200, text: 'Exercício da aula' }),
  },
  {
    route: '/courses/:id/aulas/:lessonId/exercicio',
    method: 'GET',
    path: '/courses/{course}/aulas/{lesson}/exercicio',
    expect: { ...masterPage(), master: 404, admin: 404 },
    note: 'A lesson without questions has no exercise.',
  },
  {
    route: '/courses/:id/aulas/:lessonId/exercicio',
    method: 'POST',
    path: '/courses/{course}/aulas/{quizLesson}/exercicio',
    form: { intent: 'quiz', version: '{quizVersion}', q0: '0' },
    expect: masterPage({ status: 200, text: 'Exercício de prática: não conta para o certificado' }),
    note: "'Corrigir' answers the page with the correction (200); nothing is stored.",
  },

  // ── Final assessments (issue 31) ────────────────────────────────────────────────────────────
  {
    route: '/courses/:id/avaliacao',
    method: 'GET',
    path: '/courses/{assessedCourse}/avaliacao',
    expect: masterPage({ status: 200, text: 'Avaliação final' }),
  },
  {
    route: '/courses/:id/avaliacao',
    method: 'GET',
    path: '/courses/{course}/avaliacao',
    expect: { ...masterPage(), master: 404, admin: 404 },
    note: 'A course without a final assessment has no assessment page.',
  },
  {
    route: '/courses/:id/avaliacao',
    method: 'POST',
    path: '/courses/{assessedCourse}/avaliacao',
    form: { intent: 'start' },
    expect: masterPage({ status: 302, location: '/courses/{assessedCourse}/avaliacao' }),
    note: "'Iniciar avaliação' opens an attempt, or shows the one already open.",
  },
  {
    route: '/courses/:id/avaliacao',
    method: 'POST',
    path: '/courses/{assessedCourse}/avaliacao',
    form: { intent: 'submit', attemptId: '900000001' },
    expect: masterPage(404),
    note: "Another person's (here, a missing) attempt is the same 404 as none.",
  },

  {
    route: '/courses/:id/certificado',
    method: 'GET',
    path: '/courses/{course}/certificado',
    expect: adminOnlyPage({ status: 200, text: 'Dados do certificado' }),
    note: "'Dados do certificado' (issue 31): a course's workload, syllabus, instructors and technical lead, set by admins only.",
  },
  {
    route: '/courses/:id/certificado',
    method: 'POST',
    path: '/courses/{course}/certificado',
    form: { intent: 'certificate-fields', workloadHours: '40', syllabus: 'Riscos elétricos' },
    fresh: ['course'],
    expect: adminOnlyPage({ status: 302, location: '/courses/{course}/certificado' }),
  },

  // ── How a course teaches (issue 31, item 5): admins only ─────────────────────────────────────
  {
    route: '/admin/courses/:id/avaliacao',
    method: 'GET',
    path: '/admin/courses/{assessedCourse}/avaliacao',
    expect: adminOnlyPage({ status: 200, text: 'Análise por questão' }),
  },
  {
    route: '/admin/courses/:id/avaliacao',
    method: 'GET',
    path: '/admin/courses/900000001/avaliacao',
    expect: adminOnlyPage(404),
    note: 'A missing course is a 404 for the admin (and the same /dashboard for everyone else).',
  },
  {
    route: '/admin/courses/:id/avaliacao/export',
    method: 'GET',
    path: '/admin/courses/{assessedCourse}/avaliacao/export',
    expect: adminOnlyPage(200),
    note: 'The CSV; the admin signed in moments ago, so the fresh check holds (its step: tests/integration/assessment-analytics.test.ts).',
  },

  // ── Upgrade and payments (offline Stripe test mode) ────────────────────────────────────────
  {
    route: '/upgrade',
    method: 'GET',
    path: '/upgrade',
    expect: { ...everyone({ status: 200, text: 'Upgrade de Plano' }), anonymous: { status: 200, text: 'Acesso Restrito' } },
    note: "The Upgrade screen of the specification's Screens and routes: 'Unauthenticated: Acesso Restrito with a Fazer Login link' (outside the _app guard).",
  },
  {
    route: '/upgrade',
    method: 'POST',
    path: '/upgrade',
    form: { intent: 'checkout', plan: 'E-MASTER', months: '1' },
    expect: {
      anonymous: toAuth,
      basic: { status: 303, location: '/test-mode/checkout/*' },
      tool: { status: 303, location: '/test-mode/checkout/*' },
      master: 400,
      admin: 400,
      nonOwner: 'n/a',
    },
    note: 'A plan not above the current role is refused (400).',
  },
  {
    route: '/upgrade/return',
    method: 'GET',
    path: '/upgrade/return?session_id={cs}',
    expect: { anonymous: toAuth, basic: 200, tool: 404, master: 404, admin: 404, nonOwner: 404 },
    note: "Another user's Checkout Session is not found.",
  },
  {
    route: '/test-mode/checkout/:sessionId',
    method: 'GET',
    path: '/test-mode/checkout/{cs}',
    expect: { anonymous: toAuth, basic: 200, tool: 404, master: 404, admin: 404, nonOwner: 404 },
  },
  {
    route: '/test-mode/checkout/:sessionId',
    method: 'POST',
    path: '/test-mode/checkout/{cs}',
    form: { intent: 'card', cardNumber: '4000000000000002' },
    expect: { anonymous: toAuth, basic: 402, tool: 404, master: 404, admin: 404, nonOwner: 404 },
    note: 'A declined test card (402 beside the field) for the owner; nobody else reaches the session.',
  },

  // ── Admin pages ────────────────────────────────────────────────────────────────────────────
  { route: '/admin', method: 'GET', path: '/admin', expect: adminOnlyPage({ status: 302, location: '/admin/users' }) },
  { route: '/admin/users', method: 'GET', path: '/admin/users', expect: adminOnlyPage() },
  {
    route: '/admin/users',
    method: 'POST',
    path: '/admin/users',
    form: { intent: 'expire' },
    expect: adminOnlyPage({ status: 302, location: '/admin/users' }),
  },
  {
    route: '/admin/users',
    method: 'POST',
    path: '/admin/users',
    form: { intent: 'two-factor-off', id: '{ownerId}' },
    expect: adminOnlyPage(409),
    note: "Another admin turns off a user's two-step sign-in (lost phone), audited (decision 055); the owner subject has none to turn off: 409, nothing written.",
  },
  { route: '/admin/tools', method: 'GET', path: '/admin/tools', expect: adminOnlyPage() },
  {
    route: '/admin/tools',
    method: 'POST',
    path: '/admin/tools',
    form: { intent: 'delete', id: '{tool}' },
    fresh: ['tool'],
    expect: adminOnlyPage({ status: 302, location: '/admin/tools' }),
  },
  { route: '/admin/promocodes', method: 'GET', path: '/admin/promocodes', expect: adminOnlyPage() },
  {
    route: '/admin/promocodes',
    method: 'POST',
    path: '/admin/promocodes',
    form: { intent: 'delete', id: '{promo}' },
    fresh: ['promo'],
    expect: adminOnlyPage({ status: 302, location: '/admin/promocodes' }),
  },
  { route: '/admin/courses', method: 'GET', path: '/admin/courses', expect: adminOnlyPage() },
  {
    route: '/admin/courses',
    method: 'POST',
    path: '/admin/courses',
    form: { intent: 'delete', id: '{course}' },
    fresh: ['course'],
    expect: adminOnlyPage({ status: 302, location: '/admin/courses' }),
  },
  { route: '/admin/notifications', method: 'GET', path: '/admin/notifications', expect: adminOnlyPage() },
  {
    route: '/admin/notifications',
    method: 'POST',
    path: '/admin/notifications',
    form: { intent: 'delete', id: '{broadcast}' },
    fresh: ['broadcast'],
    expect: adminOnlyPage({ status: 302, location: '/admin/notifications' }),
  },
  { route: '/admin/prices', method: 'GET', path: '/admin/prices', expect: adminOnlyPage() },
  {
    route: '/admin/prices',
    method: 'POST',
    path: '/admin/prices',
    form: { intent: 'course-price', courseId: '{course}', price: '99,90' },
    fresh: ['course'],
    expect: adminOnlyPage({ status: 302, location: '/admin/prices' }),
  },
  { route: '/admin/inbox', method: 'GET', path: '/admin/inbox', expect: adminOnlyPage() },
  {
    route: '/admin/inbox',
    method: 'POST',
    path: '/admin/inbox',
    form: { intent: 'read', id: '{contact}' },
    expect: adminOnlyPage({ status: 302, location: '/admin/inbox' }),
  },
  { route: '/admin/emails', method: 'GET', path: '/admin/emails', expect: adminOnlyPage() },
  {
    route: '/admin/emails',
    method: 'POST',
    path: '/admin/emails',
    form: { intent: 'resend', id: '{failedMail}' },
    fresh: ['failedMail'],
    expect: adminOnlyPage({ status: 302, location: '/admin/emails' }),
  },
  { route: '/admin/certificates', method: 'GET', path: '/admin/certificates?course={course}', expect: adminOnlyPage() },
  {
    route: '/admin/certificates',
    method: 'POST',
    path: '/admin/certificates',
    form: { intent: 'revoke', certificateId: '900000001' },
    expect: adminOnlyPage(404),
    note: 'No certificate has this id: the admin is let in and told so (404); the revocation itself is in tests/integration/certificates.test.ts.',
  },
  { route: '/admin/audit', method: 'GET', path: '/admin/audit', expect: adminOnlyPage() },
  { route: '/admin/chats', method: 'GET', path: '/admin/chats', expect: adminOnlyPage() },
  { route: '/admin/refunds', method: 'GET', path: '/admin/refunds', expect: adminOnlyPage() },
  {
    route: '/admin/refunds',
    method: 'POST',
    path: '/admin/refunds',
    form: { intent: 'approve', paymentId: '{refund}' },
    fresh: ['refund'],
    expect: adminOnlyPage({ status: 302, location: '/admin/refunds' }),
  },
  {
    route: '/admin/refunds',
    method: 'POST',
    path: '/admin/refunds',
    form: { intent: 'reject', paymentId: '{refund}' },
    fresh: ['refund'],
    expect: adminOnlyPage({ status: 302, location: '/admin/refunds' }),
  },

  // ── API: authentication and user (the specification's JSON API) ───────────────────────────────────────────────
  {
    route: '/api/login',
    method: 'POST',
    path: '/api/login',
    json: { email: '{loginEmail}', password: 'senha123' },
    expect: apiPublic(200),
  },
  {
    route: '/api/register',
    method: 'POST',
    path: '/api/register',
    json: { username: 'm{unique}', email: 'm{unique}@example.com', cpf: '{cpf}', password: 'senha123' },
    expect: apiPublic(201),
  },
  { route: '/api/logout', method: 'POST', path: '/api/logout', freshSubject: true, expect: apiPublic(200) },
  { route: '/api/user', method: 'GET', path: '/api/user', expect: apiUser(200) },
  {
    route: '/api/recover-password',
    method: 'POST',
    path: '/api/recover-password',
    json: { identifier: '{recoverEmail}', cpf: '{recoverCpf}' },
    expect: apiPublic(200),
  },
  {
    route: '/api/reset-password',
    method: 'POST',
    path: '/api/reset-password',
    json: { token: 'token-que-nao-existe', password: 'senha456', confirmPassword: 'senha456' },
    expect: apiPublic(400),
    note: 'The recovery token is the proof (Validation rules in the specification): an unknown one is refused for everyone.',
  },
  {
    route: '/api/profile',
    method: 'PATCH',
    path: '/api/profile',
    json: { username: 'p{unique}' },
    freshSubject: true,
    expect: apiUser(200),
  },
  {
    route: '/api/promocodes/use',
    method: 'POST',
    path: '/api/promocodes/use',
    json: { code: '{roleCode}' },
    freshSubject: true,
    expect: apiUser(200),
    note: 'Roles and permissions in the specification: any logged-in user can activate promo codes (role days stack by decision 002).',
  },

  // ── API: notifications ─────────────────────────────────────────────────────────────────────
  { route: '/api/notifications', method: 'GET', path: '/api/notifications', expect: apiUser(200) },
  {
    route: '/api/notifications',
    method: 'POST',
    path: '/api/notifications',
    json: { title: 'Aviso da matriz', message: 'Mensagem do aviso.', type: 'info', targetRole: 'admin' },
    expect: apiAdmin(201),
  },
  {
    route: '/api/notifications/:id/read',
    method: 'PATCH',
    path: '/api/notifications/{notification}/read',
    expect: { anonymous: 401, basic: 200, tool: 404, master: 404, admin: 404, nonOwner: 404 },
  },
  {
    route: '/api/notifications/:id',
    method: 'DELETE',
    path: '/api/notifications/{broadcast}',
    fresh: ['broadcast'],
    expect: apiAdmin(200),
  },

  // ── API: tools ─────────────────────────────────────────────────────────────────────────────
  { route: '/api/tools', method: 'GET', path: '/api/tools', expect: apiUser(200) },
  {
    route: '/api/tools',
    method: 'POST',
    path: '/api/tools',
    json: {
      name: 'Ferramenta {unique}',
      description: 'Criada pela matriz.',
      category: 'mechanical',
      accessLevel: 'E-BASIC',
      linkType: 'external',
      link: 'https://example.com/matriz',
    },
    expect: apiAdmin(201),
  },
  {
    route: '/api/tools/:id',
    method: 'PATCH',
    path: '/api/tools/{tool}',
    json: { description: 'Descrição revista.' },
    fresh: ['tool'],
    expect: apiAdmin(200),
  },
  { route: '/api/tools/:id', method: 'DELETE', path: '/api/tools/{tool}', fresh: ['tool'], expect: apiAdmin(200) },
  { route: '/api/tools/:id/user-rating', method: 'GET', path: '/api/tools/{tool}/user-rating', expect: apiUser(200) },
  { route: '/api/tools/:id/ratings', method: 'GET', path: '/api/tools/{tool}/ratings', expect: apiUser(200) },
  {
    route: '/api/tools/:id/rate',
    method: 'POST',
    path: '/api/tools/{tool}/rate',
    json: { rating: 4, comment: null },
    expect: apiUser(200),
  },

  // ── API: admin ─────────────────────────────────────────────────────────────────────────────
  {
    route: '/api/fresh-check',
    method: 'POST',
    path: '/api/fresh-check',
    json: { password: 'senha123' },
    freshSubject: true,
    expect: apiUser(200),
    note: "Renews the fresh check of the caller's own session (decision 060); the dangerous admin endpoints ask for it.",
  },

  // ── API: passkeys (decision 067) ─────────────────────────────────────────────────────────────
  {
    route: '/api/passkeys/login-options',
    method: 'POST',
    path: '/api/passkeys/login-options',
    json: {},
    expect: apiPublic(200),
    note: 'A sign-in challenge: anyone may ask (the passkey names the account), counted per address.',
  },
  {
    route: '/api/passkeys/login',
    method: 'POST',
    path: '/api/passkeys/login',
    json: {
      response: {
        id: 'QUJD',
        rawId: 'QUJD',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'QUJD', signature: 'QUJD' },
      },
    },
    expect: apiPublic(400),
    note: 'The signed challenge is the proof: an answer to no challenge of this server is refused for everyone.',
  },
  { route: '/api/passkeys', method: 'GET', path: '/api/passkeys', expect: apiUser(200) },
  {
    route: '/api/passkeys/register-options',
    method: 'POST',
    path: '/api/passkeys/register-options',
    json: {},
    freshSubject: true,
    expect: apiUser(200),
    note: "A registration challenge for the caller's own account.",
  },
  {
    route: '/api/passkeys',
    method: 'POST',
    path: '/api/passkeys',
    json: {
      name: 'Matriz',
      response: { id: 'QUJD', rawId: 'QUJD', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'QUJD' } },
    },
    expect: apiUser(400),
    note: 'An answer to no registration challenge of the caller is refused; the ceremony itself is in tests/integration/passkeys.test.ts.',
  },
  {
    route: '/api/passkeys/:id',
    method: 'DELETE',
    path: '/api/passkeys/900000001',
    expect: apiUser(404),
    note: "Only the caller's own passkeys, after the fresh check; no passkey has this id.",
  },
  {
    route: '/api/passkeys/fresh-check-options',
    method: 'POST',
    path: '/api/passkeys/fresh-check-options',
    json: {},
    expect: apiUser(200),
  },
  {
    route: '/api/passkeys/fresh-check',
    method: 'POST',
    path: '/api/passkeys/fresh-check',
    json: {
      response: {
        id: 'QUJD',
        rawId: 'QUJD',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'QUJD', signature: 'QUJD' },
      },
    },
    expect: apiUser(400),
    note: "Renews the fresh check with one of the caller's own passkeys; an answer to no challenge is refused.",
  },
  { route: '/api/users', method: 'GET', path: '/api/users', expect: apiAdmin(200) },
  {
    route: '/api/users',
    method: 'POST',
    path: '/api/users',
    json: { username: 'u{unique}', email: 'u{unique}@example.com', password: 'senha123', role: 'E-BASIC', proDays: '30' },
    expect: apiAdmin(201),
  },
  {
    route: '/api/users/:id',
    method: 'PATCH',
    path: '/api/users/{user}',
    json: { role: 'E-TOOL', proDays: '30' },
    fresh: ['user'],
    expect: apiAdmin(200),
  },
  { route: '/api/users/:id', method: 'DELETE', path: '/api/users/{user}', fresh: ['user'], expect: apiAdmin(200) },
  {
    route: '/api/users/:id/reset-password',
    method: 'PATCH',
    path: '/api/users/{user}/reset-password',
    json: { password: 'senha456' },
    fresh: ['user'],
    expect: apiAdmin(200),
  },
  {
    route: '/api/users/:id/password-recovery',
    method: 'PATCH',
    path: '/api/users/{ownerId}/password-recovery',
    json: { disablePasswordRecovery: false },
    expect: { anonymous: 401, basic: 200, tool: 403, master: 403, admin: 200, nonOwner: 403 },
    note: "Roles and permissions in the specification: any user toggles their own recovery; only an admin someone else's.",
  },
  { route: '/api/promocodes', method: 'GET', path: '/api/promocodes', expect: apiAdmin(200) },
  {
    route: '/api/promocodes',
    method: 'POST',
    path: '/api/promocodes',
    json: { code: 'M{unique}', days: 30, maxUses: 10, promoType: 'role', targetRole: 'E-TOOL' },
    expect: apiAdmin(201),
  },
  { route: '/api/promocodes/:id', method: 'DELETE', path: '/api/promocodes/{promo}', fresh: ['promo'], expect: apiAdmin(200) },
  {
    route: '/api/admin/plan-prices',
    method: 'POST',
    path: '/api/admin/plan-prices',
    json: { planType: 'E-TOOL', monthlyPrice: '{etoolPrice}' },
    expect: apiAdmin(200),
  },
  {
    route: '/api/admin/course-prices',
    method: 'POST',
    path: '/api/admin/course-prices',
    json: { courseId: '{course}', price: 99.9 },
    fresh: ['course'],
    expect: apiAdmin(200),
  },
  { route: '/api/admin/force-expiration-check', method: 'POST', path: '/api/admin/force-expiration-check', expect: apiAdmin(200) },

  // ── API: courses ───────────────────────────────────────────────────────────────────────────
  { route: '/api/courses', method: 'GET', path: '/api/courses', expect: apiMaster(200) },
  {
    route: '/api/courses',
    method: 'POST',
    path: '/api/courses',
    json: {
      title: 'Curso {unique}',
      description: 'Curso criado pela matriz.',
      category: 'mechanical',
      instructor: 'Matriz',
      duration: '2h',
      level: 'beginner',
    },
    expect: apiAdmin(201),
  },
  { route: '/api/courses/:id', method: 'GET', path: '/api/courses/{course}', expect: apiMaster(200) },
  {
    route: '/api/courses/:id',
    method: 'PATCH',
    path: '/api/courses/{course}',
    json: { instructor: 'Matriz {unique}' },
    expect: apiAdmin(200),
  },
  { route: '/api/courses/:id', method: 'DELETE', path: '/api/courses/{course}', fresh: ['course'], expect: apiAdmin(200) },
  {
    route: '/api/courses/:id/toggle-visibility',
    method: 'PATCH',
    path: '/api/courses/{course}/toggle-visibility',
    json: { isHidden: true },
    fresh: ['course'],
    expect: apiAdmin(200),
  },
  // The attempts' JSON API (issue 31, item 6).
  { route: '/api/courses/:id/attempts', method: 'GET', path: '/api/courses/{attemptCourse}/attempts', expect: apiMaster(200) },
  {
    route: '/api/courses/:id/attempts',
    method: 'POST',
    path: '/api/courses/{attemptCourse}/attempts',
    json: {},
    expect: { ...apiMaster(201), master: 200 },
    note: 'The master subject has an attempt open (answered again, 200); an admin starts one of their own (201).',
  },
  {
    route: '/api/courses/:id/attempts/:attemptId',
    method: 'GET',
    path: '/api/courses/{attemptCourse}/attempts/{attempt}',
    expect: { ...apiMaster(200), admin: 404 },
    note: "The attempt is the master subject's: anyone else's attempt is the same 404 as a missing one, an admin's too.",
  },
  {
    route: '/api/courses/:id/attempts/:attemptId/submit',
    method: 'POST',
    path: '/api/courses/{attemptCourse}/attempts/{attempt}/submit',
    json: { answers: [[5]] },
    expect: { ...apiMaster(400), admin: 404 },
    note: "The owner's answer names an option that does not exist: 400 and nothing graded; anyone else's attempt is a 404.",
  },
  { route: '/api/courses/:id/access', method: 'GET', path: '/api/courses/{course}/access', expect: apiMaster(200) },
  { route: '/api/courses/:id/lessons', method: 'GET', path: '/api/courses/{course}/lessons', expect: apiMaster(200) },
  {
    route: '/api/courses/:id',
    method: 'GET',
    path: '/api/courses/{hiddenCourse}',
    expect: { ...apiMaster(200), master: 404 },
    note: 'Hidden courses: admins only; others get the 404 of a missing course.',
  },
  {
    route: '/api/courses/:id/lessons',
    method: 'GET',
    path: '/api/courses/{premiumCourse}/lessons',
    expect: { ...apiMaster(200), master: 403 },
    note: 'Roles and permissions in the specification: lessons only with access; a premium course without a purchase or grant is 403 (admins bypass).',
  },
  {
    route: '/api/courses/:id/lessons',
    method: 'GET',
    path: '/api/courses/{grantedCourse}/lessons',
    expect: apiMaster(200),
    note: "The same kind of premium course, on which the master subject holds a grant (the grant's owner reads it).",
  },
  { route: '/api/courses/:id/lessons', method: 'POST', path: '/api/courses/{course}/lessons', json: LESSON, expect: apiAdmin(201) },
  {
    route: '/api/courses/:id/lessons/:lessonId',
    method: 'PUT',
    path: '/api/courses/{course}/lessons/{lesson}',
    json: { ...LESSON, order: 1 },
    expect: apiAdmin(200),
  },
  {
    route: '/api/courses/:id/lessons/:lessonId',
    method: 'DELETE',
    path: '/api/courses/{course}/lessons/{lesson}',
    fresh: ['lesson'],
    expect: apiAdmin(200),
  },
  { route: '/api/courses/:id/materials', method: 'GET', path: '/api/courses/{course}/materials', expect: apiMaster(200) },
  { route: '/api/courses/:id/materials', method: 'POST', path: '/api/courses/{course}/materials', json: MATERIAL, expect: apiAdmin(201) },
  {
    route: '/api/courses/:id/materials/:materialId',
    method: 'PUT',
    path: '/api/courses/{course}/materials/{material}',
    json: MATERIAL,
    expect: apiAdmin(200),
  },
  {
    route: '/api/courses/:id/materials/:materialId',
    method: 'DELETE',
    path: '/api/courses/{course}/materials/{material}',
    fresh: ['material'],
    expect: apiAdmin(200),
  },
  {
    route: '/api/courses/:id/use-promo-code',
    method: 'POST',
    path: '/api/courses/{codeCourse}/use-promo-code',
    json: { code: '{courseCode}' },
    freshSubject: true,
    expect: apiMaster(200),
    note: "A course's own code: course readers (E-MASTER, admin) may redeem it; below E-MASTER 403.",
  },
  {
    route: '/api/courses/:id/grants',
    method: 'POST',
    path: '/api/courses/{course}/grants',
    json: { userId: '{user}' },
    fresh: ['user'],
    expect: apiAdmin(201),
  },
  {
    route: '/api/courses/:id/grants/:userId',
    method: 'DELETE',
    path: '/api/courses/{course}/grants/{grant}',
    fresh: ['grant'],
    expect: apiAdmin(200),
  },

  // ── API: chat ──────────────────────────────────────────────────────────────────────────────
  { route: '/api/chat/threads', method: 'GET', path: '/api/chat/threads', expect: apiUser(200) },
  { route: '/api/chat/threads', method: 'POST', path: '/api/chat/threads', json: { subject: 'Ajuda da matriz' }, expect: apiUser(201) },
  { route: '/api/chat/unread-count', method: 'GET', path: '/api/chat/unread-count', expect: apiUser(200) },
  { route: '/api/chat/admin/threads', method: 'GET', path: '/api/chat/admin/threads', expect: apiAdmin(200) },
  { route: '/api/chat/admin/unread-count', method: 'GET', path: '/api/chat/admin/unread-count', expect: apiAdmin(200) },
  {
    route: '/api/chat/threads/:id',
    method: 'GET',
    path: '/api/chat/threads/{thread}',
    expect: { anonymous: 401, basic: 200, tool: 404, master: 404, admin: 200, nonOwner: 404 },
    note: "Another user's ticket is the same 404 as a missing one.",
  },
  {
    route: '/api/chat/threads/:id',
    method: 'DELETE',
    path: '/api/chat/threads/{thread}',
    fresh: ['thread'],
    expect: { anonymous: 401, basic: 403, tool: 403, master: 403, admin: 200, nonOwner: 403 },
    note: 'Ticket deletion is admin only (Roles and permissions in the specification), even for its owner.',
  },
  {
    route: '/api/chat/threads/:id/messages',
    method: 'GET',
    path: '/api/chat/threads/{thread}/messages',
    expect: { anonymous: 401, basic: 200, tool: 404, master: 404, admin: 200, nonOwner: 404 },
  },
  {
    route: '/api/chat/threads/:id/messages',
    method: 'POST',
    path: '/api/chat/threads/{thread}/messages',
    json: { message: 'Mensagem da matriz.' },
    expect: { anonymous: 401, basic: 201, tool: 404, master: 404, admin: 201, nonOwner: 404 },
  },
  {
    route: '/api/chat/threads/:id/close',
    method: 'PATCH',
    path: '/api/chat/threads/{thread}/close',
    fresh: ['thread'],
    expect: { anonymous: 401, basic: 200, tool: 404, master: 404, admin: 200, nonOwner: 404 },
  },
  {
    route: '/api/chat/threads/:id/mark-read-user',
    method: 'POST',
    path: '/api/chat/threads/{thread}/mark-read-user',
    expect: { anonymous: 401, basic: 200, tool: 404, master: 404, admin: 403, nonOwner: 404 },
    note: "The user's side belongs to the ticket's owner; an admin reads the admin side.",
  },
  {
    route: '/api/chat/threads/:id/mark-read-admin',
    method: 'POST',
    path: '/api/chat/threads/{thread}/mark-read-admin',
    expect: { anonymous: 401, basic: 403, tool: 403, master: 403, admin: 200, nonOwner: 403 },
  },

  // ── API: upgrade and the payment provider ──────────────────────────────────────────────────
  {
    route: '/api/upgrade/plans/prices',
    method: 'GET',
    path: '/api/upgrade/plans/prices',
    expect: apiPublic(200),
    note: 'Prices are public (the /upgrade card shows them to visitors).',
  },
  {
    route: '/api/upgrade/create-payment-intent',
    method: 'POST',
    path: '/api/upgrade/create-payment-intent',
    json: { planType: 'E-MASTER', months: 1 },
    expect: { anonymous: 401, basic: 200, tool: 200, master: 400, admin: 400, nonOwner: 'n/a' },
    note: 'A plan not above the current role is refused (400).',
  },
  {
    route: '/api/upgrade/confirm-payment',
    method: 'POST',
    path: '/api/upgrade/confirm-payment',
    json: { paymentIntentId: '{pi}' },
    expect: { anonymous: 401, basic: 200, tool: 403, master: 403, admin: 403, nonOwner: 403 },
    note: "Another user's payment intent is refused (403).",
  },
  {
    route: '/api/test-mode/confirm-card',
    method: 'POST',
    path: '/api/test-mode/confirm-card',
    json: { paymentIntentId: '{pi}', cardNumber: '4000000000000002' },
    expect: { anonymous: 401, basic: 200, tool: 403, master: 403, admin: 403, nonOwner: 403 },
    note: "The test mode's card form: a declined card answers 200 { status: 'failed' } to its owner.",
  },
  {
    route: '/api/stripe/webhook',
    method: 'POST',
    path: '/api/stripe/webhook',
    json: { id: 'evt_matriz', type: 'payment_intent.succeeded' },
    expect: apiPublic(400),
    note: 'Cookies grant nothing here: without a valid Stripe signature every caller gets 400.',
  },
];

/**
 * The row 'admin past the fresh-check window' (decision 060): an admin whose last proof (the
 * sign-in, a code or the password) is older than 10 minutes, against every dangerous action.
 * Each one asks again (the page's step, the API's 403 `freshCheckRequired`, the download's step
 * page) and writes nothing. The ids of the refund and the certificate need not exist: the check
 * comes first. `{user}` is a fresh E-BASIC user per row.
 */
export type FreshCheckRow = Pick<MatrixRow, 'route' | 'method' | 'path' | 'json' | 'form'> & { expect: Outcome };

const askedOnPage = { status: 403, text: 'Confirme que é você' } as const;
const askedOnApi = { status: 403, text: 'freshCheckRequired' } as const;
const askedBeforeDownload = { status: 302, location: '/account/fresh-check' } as const;

export const FRESH_CHECK_ROWS: FreshCheckRow[] = [
  { route: '/admin/users', method: 'POST', path: '/admin/users', form: { intent: 'delete', id: '{user}' }, expect: askedOnPage },
  {
    route: '/admin/users',
    method: 'POST',
    path: '/admin/users',
    form: { intent: 'update', id: '{user}', username: 'u{unique}', email: 'u{unique}@example.com', cpf: '', role: 'admin', proDays: '0' },
    expect: askedOnPage,
  },
  {
    route: '/admin/users',
    method: 'POST',
    path: '/admin/users',
    form: {
      intent: 'create',
      username: 'n{unique}',
      email: 'n{unique}@example.com',
      password: 'senha123',
      cpf: '',
      role: 'admin',
      proDays: '0',
    },
    expect: askedOnPage,
  },
  {
    route: '/admin/refunds',
    method: 'POST',
    path: '/admin/refunds',
    form: { intent: 'approve', paymentId: '900000001' },
    expect: askedOnPage,
  },
  {
    route: '/admin/certificates',
    method: 'POST',
    path: '/admin/certificates',
    form: { intent: 'revoke', certificateId: '900000001' },
    expect: askedOnPage,
  },
  { route: '/api/users/:id', method: 'DELETE', path: '/api/users/{user}', expect: askedOnApi },
  { route: '/api/users/:id', method: 'PATCH', path: '/api/users/{user}', json: { role: 'admin' }, expect: askedOnApi },
  {
    route: '/api/users',
    method: 'POST',
    path: '/api/users',
    json: { username: 'a{unique}', email: 'a{unique}@example.com', password: 'senha123', role: 'admin' },
    expect: askedOnApi,
  },
  { route: '/account/export', method: 'GET', path: '/account/export', expect: askedBeforeDownload },
  { route: '/calculators/history/export', method: 'GET', path: '/calculators/history/export', expect: askedBeforeDownload },
];

/**
 * The row 'admin without two-step' where it is required (ADMIN_TWO_FACTOR=required, decision
 * 055): every row that needs a session answers it as the setup does: pages to 'Minha Conta'
 * (`/account`, where 'Segurança' is), the API 403. `/account` itself, the setup, stays open.
 */
export function withoutTwoStepOutcome(row: MatrixRow): Outcome | null {
  // /account is the setup; the visitors' pages (/auth…) send any signed-in user to /dashboard, which then sends this one to /account.
  if (row.route === '/account' || row.route === '/resources/session-ended' || row.route.startsWith('/auth')) return null;
  // A passkey is a second factor (decision 067): registering one is part of the setup, open to this admin.
  if (row.method === 'POST' && (row.route === '/api/passkeys/register-options' || row.route === '/api/passkeys')) return null;
  const anonymous = row.expect.anonymous;
  // The live stream holds this admin with a 403 (a 401 sent the setup page through 'Sessão expirada' in a loop; decision 067).
  if (row.route === '/resources/live') return { status: 403, text: 'twoFactorSetupRequired' };
  // The other resources that answer visitors themselves (an attachment, a tool's frame) answer it as a visitor.
  if (row.route.startsWith('/resources/')) return anonymous;
  if (anonymous === 401) return { status: 403, text: 'twoFactorSetupRequired' };
  if (typeof anonymous === 'object' && anonymous.status === 302 && anonymous.location === '/auth')
    return { status: 302, location: '/account' };
  return null;
}
