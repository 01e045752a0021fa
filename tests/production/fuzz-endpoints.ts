import {
  CATEGORIES,
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  ICON_TYPES,
  LINK_TYPES,
  MATERIAL_FILE_TYPES,
  NOTIFICATION_TARGETS,
  NOTIFICATION_TYPES,
  PRO_ROLES,
  PROMO_TYPES,
  QUESTION_KINDS,
  ROLES,
  TOOL_LEVELS,
  VIDEO_SOURCES,
} from '../../app/utils/value-sets';
import { DEMO_CERTIFICATE } from '../../db/seed-constants';
import { bool, cpf, date, email, type Field, id, int, link, oneOf, price, str, url, uuid } from './fuzz-values';

export type Role = 'anon' | 'basic' | 'tool' | 'master' | 'admin';

/** The records the fuzz table's good ids point at (read from the seeded database). */
export type Ids = {
  basicUser: number;
  otherUser: number;
  course: number;
  lesson: number;
  material: number;
  tool: number;
  notification: number;
  promo: number;
  contact: number;
  thread: number;
  calculator: string;
  /** The demo E-MASTER's passed attempt at the assessment of `course` (issue 31). */
  attempt: number;
  /** A demo lesson with an exercise (issue 31), and its course. */
  quizLesson: number;
  quizCourse: number;
};

/**
 * One endpoint or page action that takes input. `route` is its pattern in builtRoutes();
 * `params` the good values of its path parameters (each is also fuzzed with bad ids);
 * `fields` its body (JSON for /api, a form for pages); `query` the URL state a GET reads.
 */
export type Endpoint = {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  as: Role;
  params?: Record<string, string>;
  /** The query string the page's form posts to (a dialog's form keeps its dialog open). */
  search?: string;
  fields?: Record<string, Field>;
  intent?: string;
  /** Tells apart two entries of one JSON endpoint that reads different bodies (the two calls of a two-step login). */
  variant?: string;
  /** Public forms carry remix-utils' honeypot field (empty). */
  honeypot?: boolean;
  query?: Record<string, Field>;
  /** Takes no input: only the method, origin and path parameters are fuzzed. */
  noBody?: boolean;
  /** Its path names no record (so the body is never read): the size and field-count checks do not apply. */
  missingRecord?: boolean;
  /** Stripe's webhook: cross-site by design, its signature is its proof. */
  crossSiteExempt?: boolean;
};

export const isApi = (endpoint: Endpoint) => endpoint.route.startsWith('/api/');
export const endpointName = (endpoint: Endpoint) =>
  `${endpoint.method} ${endpoint.route}${endpoint.intent ? ` [${endpoint.intent}]` : ''}${endpoint.variant ? ` (${endpoint.variant})` : ''}`;

const s = String;
// proDays is left out: it means something only for E-TOOL and E-MASTER (dropped for other roles,
// and the role itself may be left out: E-BASIC), so a "bad" proDays is often rightly ignored. Its
// refusals are in tests/integration/admin-users.test.ts.
const userFields = { username: str(3, 50), email, password: str(6, 200), role: oneOf(ROLES, true) };
const toolFields = (_ids: Ids) => ({
  name: str(3, 120),
  description: str(5, 2000),
  category: oneOf(CATEGORIES),
  accessLevel: oneOf(TOOL_LEVELS),
  linkType: oneOf(LINK_TYPES),
  link: str(0, 2000, true),
});
const courseFields = {
  title: str(3, 200),
  description: str(10, 5000),
  category: oneOf(COURSE_CATEGORIES),
  instructor: str(3, 120),
  duration: str(1, 60),
  level: oneOf(COURSE_LEVELS),
  imageUrl: { ...url, optional: true } as Field,
};
/** 'Adicionar questão' / 'Editar questão' (issue 31): one form for every kind of question. */
const questionFields = (ids: Ids) => ({
  kind: oneOf(QUESTION_KINDS),
  lessonId: id(ids.lesson, true),
  prompt: str(1, 1000),
  option1: str(0, 300, true),
  option2: str(0, 300, true),
  option3: str(0, 300, true),
  option4: str(0, 300, true),
  option5: str(0, 300, true),
  correct: oneOf(['1', '2', '3', '4', '5'], true),
  trueFalse: oneOf(['true', 'false'], true),
  numericAnswer: str(0, 32, true),
  tolerance: str(0, 32, true),
  unit: str(0, 20, true),
  explanation: str(0, 2000, true),
});

const lessonFields = {
  title: str(3, 200),
  description: str(10, 5000),
  youtubeUrl: str(5, 2000),
  videoSource: oneOf(VIDEO_SOURCES, true),
  order: int(1, 10_000, true),
};
const materialFields = (ids: Ids) => ({
  title: str(3, 200),
  fileUrl: url,
  fileType: oneOf(MATERIAL_FILE_TYPES),
  iconType: oneOf(ICON_TYPES, true),
  lessonId: id(ids.lesson, true),
});
const promoFields = (_ids: Ids) => ({
  code: str(3, 50),
  days: int(1, 3650, true),
  maxUses: int(1, 1_000_000, true),
  promoType: oneOf(PROMO_TYPES, true),
  targetRole: oneOf(PRO_ROLES, true),
  // courseId is read only for a course code (promoType 'course'), so it is not broken here.
  expiryDate: date,
});
const notificationFields = {
  title: str(3, 120),
  message: str(5, 2000),
  type: oneOf(NOTIFICATION_TYPES, true),
  targetRole: oneOf(NOTIFICATION_TARGETS, true),
  link,
  expiresAt: date,
};
const listQuery = {
  q: str(0, 100, true),
  page: int(1, 1_000_000, true),
  perPage: int(1, 100, true),
  sort: oneOf(['recent', 'name', 'activity'], true),
};

/** The specification's JSON API and the app's additions: every route with an action, and the loaders that read ids or a query. */
export function apiEndpoints(ids: Ids): Endpoint[] {
  const course = { id: s(ids.course) };
  return [
    {
      route: '/api/register',
      method: 'POST',
      as: 'anon',
      fields: { username: str(3, 50), email, cpf, password: str(6, 200), promoCode: str(0, 50, true) },
    },
    { route: '/api/login', method: 'POST', as: 'anon', fields: { email, password: str(6, 200) } },
    // The second call of a two-step sign-in (without a pending login it answers 401).
    { route: '/api/login', method: 'POST', as: 'anon', variant: 'code', fields: { code: str(1, 32) } },
    { route: '/api/recover-password', method: 'POST', as: 'anon', fields: { identifier: str(1, 254), cpf } },
    {
      route: '/api/reset-password',
      method: 'POST',
      as: 'anon',
      fields: { password: str(6, 200), confirmPassword: str(6, 200), token: str(0, 200, true) },
    },
    { route: '/api/logout', method: 'POST', as: 'basic', noBody: true },
    // The fresh check (decision 060): the password or a code renews the caller's own session; a wrong one is 401 and counted like a sign-in guess.
    { route: '/api/fresh-check', method: 'POST', as: 'basic', fields: { password: str(0, 200, true), code: str(0, 32, true) } },
    // Passkeys (decision 067). The options calls read no field (each valid one hands out a challenge: only their method and origin are fuzzed);
    // the answers are objects the library reads, refused with a 4xx whatever their fields.
    { route: '/api/passkeys/login-options', method: 'POST', as: 'anon', noBody: true },
    { route: '/api/passkeys/login', method: 'POST', as: 'anon', fields: { response: str(1, 2000), redirectTo: str(0, 500, true) } },
    { route: '/api/passkeys/register-options', method: 'POST', as: 'basic', noBody: true },
    { route: '/api/passkeys', method: 'POST', as: 'basic', fields: { name: str(1, 60), response: str(1, 2000) } },
    { route: '/api/passkeys/:id', method: 'DELETE', as: 'basic', params: { id: '900000001' }, noBody: true },
    { route: '/api/passkeys/fresh-check-options', method: 'POST', as: 'basic', noBody: true },
    { route: '/api/passkeys/fresh-check', method: 'POST', as: 'basic', fields: { response: str(1, 2000) } },
    {
      route: '/api/profile',
      method: 'PATCH',
      as: 'basic',
      fields: { username: str(3, 50, true), email: { ...email }, newPassword: str(6, 200, true) },
    },
    {
      route: '/api/users/:id/password-recovery',
      method: 'PATCH',
      as: 'basic',
      params: { id: s(ids.basicUser) },
      fields: { disablePasswordRecovery: bool },
    },
    { route: '/api/users', method: 'POST', as: 'admin', fields: userFields },
    { route: '/api/users', method: 'GET', as: 'admin', query: { ...listQuery, role: oneOf(ROLES, true) } },
    {
      route: '/api/users/:id',
      method: 'PATCH',
      as: 'admin',
      params: { id: s(ids.otherUser) },
      fields: { username: str(3, 50, true), email: { ...email, optional: true }, role: oneOf(ROLES, true) },
    },
    { route: '/api/users/:id', method: 'DELETE', as: 'admin', params: { id: s(ids.otherUser) }, noBody: true },
    {
      route: '/api/users/:id/reset-password',
      method: 'PATCH',
      as: 'admin',
      params: { id: s(ids.otherUser) },
      fields: { password: str(6, 200) },
    },
    { route: '/api/tools', method: 'POST', as: 'admin', fields: toolFields(ids) },
    { route: '/api/tools', method: 'GET', as: 'basic', query: { category: oneOf(CATEGORIES, true), ...listQuery } },
    {
      route: '/api/tools/:id',
      method: 'PATCH',
      as: 'admin',
      params: { id: s(ids.tool) },
      fields: { name: str(3, 120, true), category: oneOf(CATEGORIES, true), accessLevel: oneOf(TOOL_LEVELS, true) },
    },
    { route: '/api/tools/:id', method: 'DELETE', as: 'admin', params: { id: s(ids.tool) }, noBody: true },
    {
      route: '/api/tools/:id/rate',
      method: 'POST',
      as: 'master',
      params: { id: s(ids.tool) },
      fields: { rating: int(1, 5), comment: str(0, 1000, true) },
    },
    { route: '/api/tools/:id/ratings', method: 'GET', as: 'master', params: { id: s(ids.tool) } },
    { route: '/api/tools/:id/user-rating', method: 'GET', as: 'master', params: { id: s(ids.tool) } },
    { route: '/api/courses', method: 'POST', as: 'admin', fields: courseFields },
    { route: '/api/courses', method: 'GET', as: 'master', query: { category: oneOf(COURSE_CATEGORIES, true), ...listQuery } },
    { route: '/api/courses/:id', method: 'GET', as: 'master', params: course },
    {
      route: '/api/courses/:id',
      method: 'PATCH',
      as: 'admin',
      params: course,
      fields: { title: str(3, 200, true), level: oneOf(COURSE_LEVELS, true), price: { ...price, optional: true } },
    },
    { route: '/api/courses/:id', method: 'DELETE', as: 'admin', params: course, noBody: true },
    { route: '/api/courses/:id/access', method: 'GET', as: 'master', params: course },
    { route: '/api/courses/:id/lessons', method: 'GET', as: 'master', params: course },
    // Issue 31's attempts API. The demo E-MASTER passed `course`'s assessment: starting is refused (409). The
    // submission names a missing attempt: its body is still read and checked first (400), then 404, so no case writes.
    { route: '/api/courses/:id/attempts', method: 'GET', as: 'master', params: course, query: listQuery },
    { route: '/api/courses/:id/attempts', method: 'POST', as: 'master', params: course, noBody: true },
    { route: '/api/courses/:id/attempts/:attemptId', method: 'GET', as: 'master', params: { ...course, attemptId: s(ids.attempt) } },
    {
      route: '/api/courses/:id/attempts/:attemptId/submit',
      method: 'POST',
      as: 'master',
      params: { ...course, attemptId: '900000001' },
      fields: { answers: str(0, 40) },
    },
    { route: '/api/courses/:id/lessons', method: 'POST', as: 'admin', params: course, fields: lessonFields },
    {
      route: '/api/courses/:id/lessons/:lessonId',
      method: 'PUT',
      as: 'admin',
      params: { ...course, lessonId: s(ids.lesson) },
      fields: lessonFields,
    },
    {
      route: '/api/courses/:id/lessons/:lessonId',
      method: 'DELETE',
      as: 'admin',
      params: { ...course, lessonId: s(ids.lesson) },
      noBody: true,
    },
    { route: '/api/courses/:id/materials', method: 'GET', as: 'master', params: course },
    { route: '/api/courses/:id/materials', method: 'POST', as: 'admin', params: course, fields: materialFields(ids) },
    {
      route: '/api/courses/:id/materials/:materialId',
      method: 'PUT',
      as: 'admin',
      params: { ...course, materialId: s(ids.material) },
      fields: materialFields(ids),
    },
    {
      route: '/api/courses/:id/materials/:materialId',
      method: 'DELETE',
      as: 'admin',
      params: { ...course, materialId: s(ids.material) },
      noBody: true,
    },
    {
      route: '/api/courses/:id/toggle-visibility',
      method: 'PATCH',
      as: 'admin',
      params: course,
      fields: { isHidden: { ...bool, optional: true } },
    },
    { route: '/api/courses/:id/grants', method: 'POST', as: 'admin', params: course, fields: { userId: id(ids.basicUser), endsAt: date } },
    { route: '/api/courses/:id/grants/:userId', method: 'DELETE', as: 'admin', params: { ...course, userId: '900000001' }, noBody: true },
    { route: '/api/courses/:id/use-promo-code', method: 'POST', as: 'master', params: course, fields: { code: str(1, 50) } },
    { route: '/api/promocodes', method: 'POST', as: 'admin', fields: promoFields(ids) },
    { route: '/api/promocodes', method: 'GET', as: 'admin', query: { ...listQuery, courseId: id(ids.course, true) } },
    { route: '/api/promocodes/:id', method: 'DELETE', as: 'admin', params: { id: s(ids.promo) }, noBody: true },
    { route: '/api/promocodes/use', method: 'POST', as: 'basic', fields: { code: str(1, 50), courseId: id(ids.course, true) } },
    { route: '/api/notifications', method: 'POST', as: 'admin', fields: { ...notificationFields, userId: id(ids.basicUser, true) } },
    { route: '/api/notifications/:id', method: 'DELETE', as: 'admin', params: { id: s(ids.notification) }, noBody: true },
    { route: '/api/notifications/:id/read', method: 'PATCH', as: 'basic', params: { id: s(ids.notification) }, noBody: true },
    { route: '/api/chat/threads', method: 'POST', as: 'basic', fields: { subject: str(3, 200), message: str(1, 5000, true) } },
    { route: '/api/chat/threads', method: 'GET', as: 'basic', query: listQuery },
    {
      route: '/api/chat/admin/threads',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, status: oneOf(['all', 'open', 'closed'], true) },
    },
    { route: '/api/chat/threads/:id', method: 'GET', as: 'basic', params: { id: s(ids.thread) } },
    { route: '/api/chat/threads/:id', method: 'DELETE', as: 'admin', params: { id: s(ids.thread) }, noBody: true },
    { route: '/api/chat/threads/:id/close', method: 'PATCH', as: 'basic', params: { id: s(ids.thread) }, noBody: true },
    { route: '/api/chat/threads/:id/mark-read-admin', method: 'POST', as: 'admin', params: { id: s(ids.thread) }, noBody: true },
    { route: '/api/chat/threads/:id/mark-read-user', method: 'POST', as: 'basic', params: { id: s(ids.thread) }, noBody: true },
    {
      route: '/api/chat/threads/:id/messages',
      method: 'GET',
      as: 'basic',
      params: { id: s(ids.thread) },
      query: { before: id(1, true), after: id(1, true), limit: int(1, 500, true) },
    },
    {
      route: '/api/chat/threads/:id/messages',
      method: 'POST',
      as: 'basic',
      params: { id: s(ids.thread) },
      fields: { message: str(1, 5000) },
    },
    { route: '/api/admin/plan-prices', method: 'POST', as: 'admin', fields: { planType: oneOf(PRO_ROLES), monthlyPrice: price } },
    { route: '/api/admin/course-prices', method: 'POST', as: 'admin', fields: { courseId: id(ids.course), price } },
    { route: '/api/admin/force-expiration-check', method: 'POST', as: 'admin', noBody: true },
    {
      route: '/api/upgrade/create-payment-intent',
      method: 'POST',
      as: 'basic',
      fields: { planType: oneOf(PRO_ROLES), months: int(1, 12) },
    },
    { route: '/api/upgrade/confirm-payment', method: 'POST', as: 'basic', fields: { paymentIntentId: str(1, 200) } },
    { route: '/api/test-mode/confirm-card', method: 'POST', as: 'basic', fields: { paymentIntentId: str(1, 200), cardNumber: str(0, 32) } },
    {
      route: '/api/stripe/webhook',
      method: 'POST',
      as: 'anon',
      fields: { id: str(1, 100), type: oneOf(['checkout.session.completed', 'payment_intent.succeeded']) },
      crossSiteExempt: true,
    },
  ];
}

/** Every page action (one entry per intent) and the page loaders that read a path id or URL state. */
export function pageEndpoints(ids: Ids): Endpoint[] {
  const recordId = (good: number) => ({ id: id(good) });
  const course = { id: s(ids.course) };
  const thread = { id: s(ids.thread) };
  const project = { id: '900000001' };
  return [
    { route: '/auth', method: 'POST', as: 'anon', intent: 'login', honeypot: true, fields: { email, password: str(6, 200) } },
    { route: '/auth', method: 'POST', as: 'anon', intent: 'login-code', honeypot: true, fields: { code: str(1, 32) } },
    {
      route: '/auth',
      method: 'POST',
      as: 'anon',
      intent: 'register',
      honeypot: true,
      fields: { username: str(3, 50), email, cpf, password: str(6, 200) },
    },
    { route: '/auth', method: 'POST', as: 'anon', intent: 'recover', honeypot: true, fields: { identifier: str(1, 254), cpf } },
    {
      route: '/auth',
      method: 'POST',
      as: 'anon',
      intent: 'reset',
      honeypot: true,
      fields: { password: str(6, 200), confirmPassword: str(6, 200) },
    },
    { route: '/auth', method: 'POST', as: 'anon', intent: 'recover-email', honeypot: true, fields: { email } },
    { route: '/auth/reset-link', method: 'GET', as: 'anon', query: { token: str(0, 300, true) } },
    { route: '/auth', method: 'GET', as: 'anon', query: { dialog: oneOf(['login', 'register', 'recover'], true), redirectTo: link } },
    { route: '/preview', method: 'GET', as: 'anon', query: { to: link } },
    // Public certificates (issue 22): a bad code is 404 'Certificado não encontrado' (rate-limited per address: then 429).
    { route: '/certificados/:codigo', method: 'GET', as: 'anon', params: { codigo: DEMO_CERTIFICATE.code } },
    { route: '/certificados/:codigo/pdf', method: 'GET', as: 'anon', params: { codigo: DEMO_CERTIFICATE.code } },
    {
      route: '/email/unsubscribe',
      method: 'GET',
      as: 'anon',
      query: { u: str(0, 20, true), k: oneOf(['support-reply', 'plan-reminder', 'receipt'], true), t: str(0, 200, true) },
    },
    {
      route: '/email/unsubscribe',
      method: 'POST',
      as: 'anon',
      intent: 'unsubscribe',
      fields: { 'List-Unsubscribe': oneOf(['One-Click'], true) },
    },
    { route: '/email/confirm', method: 'GET', as: 'anon', query: { token: str(0, 200, true) } },
    { route: '/email/confirm', method: 'POST', as: 'anon', intent: 'confirm-email', fields: {} },
    { route: '/email/revert', method: 'GET', as: 'anon', query: { token: str(0, 200, true) } },
    { route: '/email/revert', method: 'POST', as: 'anon', intent: 'revert-email', fields: {} },
    {
      route: '/contact',
      method: 'POST',
      as: 'anon',
      intent: 'contact',
      honeypot: true,
      fields: { name: str(1, 100), email, subject: str(1, 150), message: str(1, 5000) },
    },
    { route: '/logout', method: 'POST', as: 'basic', noBody: true },
    { route: '/account', method: 'POST', as: 'basic', intent: 'profile', fields: { username: str(3, 50), email } },
    {
      route: '/account',
      method: 'POST',
      as: 'basic',
      intent: 'password',
      fields: { currentPassword: str(1, 200), newPassword: str(6, 200) },
    },
    { route: '/account', method: 'POST', as: 'basic', intent: 'promo', fields: { code: str(1, 50) } },
    { route: '/account', method: 'POST', as: 'basic', intent: 'refund', fields: { paymentId: id(900_000_001) } },
    // Deleting the account asks for the password; the good value is never the demo user's, so even a well-formed case is refused.
    { route: '/account', method: 'POST', as: 'basic', intent: 'delete-account', fields: { password: str(1, 200) } },
    // No passkey has this id (404); within the fresh-check window of the fuzz's own session, so the removal's check is not what answers.
    { route: '/account', method: 'POST', as: 'basic', intent: 'passkey-remove', fields: { passkeyId: id(900_000_001) } },
    { route: '/account', method: 'POST', as: 'basic', intent: 'recovery', fields: { disablePasswordRecovery: oneOf(['true', 'false']) } },
    { route: '/account', method: 'POST', as: 'basic', intent: 'two-factor-start', fields: {} },
    { route: '/account', method: 'POST', as: 'basic', intent: 'two-factor-cancel', fields: {} },
    { route: '/account', method: 'POST', as: 'basic', intent: 'two-factor-confirm', fields: { code: str(1, 32) } },
    { route: '/account', method: 'POST', as: 'basic', intent: 'two-factor-recovery-codes', fields: { code: str(1, 32) } },
    { route: '/account', method: 'POST', as: 'basic', intent: 'two-factor-disable', fields: { password: str(1, 200), code: str(1, 32) } },
    {
      route: '/account/fresh-check',
      method: 'POST',
      as: 'basic',
      intent: 'renew',
      fields: { freshCheckSecret: str(1, 200), redirectTo: str(0, 500, true) },
    },
    { route: '/account/fresh-check', method: 'GET', as: 'basic', query: { redirectTo: str(0, 500, true) } },
    // 'Últimos acessos' pages its sign-ins by `acessos` (decision 068): any value shows a page, never a 500.
    { route: '/account', method: 'GET', as: 'basic', query: { acessos: int(1, 5, true) } },
    // 'Formação' (issue 31): a bad page number falls back to the first page, never a 500.
    { route: '/account/formacao', method: 'GET', as: 'basic', query: { page: int(1, 1_000_000, true) } },
    // The demo user's address is confirmed: 'Reenviar link' is refused (409) before it spends or writes anything.
    { route: '/account', method: 'POST', as: 'basic', intent: 'resend-confirmation', fields: {} },
    { route: '/dashboard', method: 'POST', as: 'basic', intent: 'promo', fields: { code: str(1, 50) } },
    {
      route: '/dashboard',
      method: 'POST',
      as: 'master',
      search: `?dialog=rate&tool=${ids.tool}`,
      intent: 'rate',
      fields: { toolId: id(ids.tool), rating: int(1, 5), comment: str(0, 1000, true) },
    },
    {
      route: '/dashboard',
      method: 'GET',
      as: 'basic',
      query: { dialog: oneOf(['rate'], true), tool: id(ids.tool, true), category: oneOf(CATEGORIES, true) },
    },
    { route: '/notifications', method: 'POST', as: 'basic', intent: 'read', fields: { id: id(ids.notification) } },
    {
      route: '/calculators/:slug',
      method: 'POST',
      as: 'master',
      params: { slug: ids.calculator },
      intent: 'save',
      fields: { title: str(1, 120), query: str(0, 4096) },
    },
    {
      route: '/calculators/:slug',
      method: 'GET',
      as: 'master',
      params: { slug: ids.calculator },
      query: { torque: str(0, 20, true), unit: oneOf(['N.m'], true) },
    },
    {
      route: '/calculators/:slug/report',
      method: 'GET',
      as: 'master',
      params: { slug: ids.calculator },
      query: { torque: str(0, 20, true) },
    },
    {
      route: '/calculators/:slug/report',
      method: 'POST',
      as: 'master',
      params: { slug: ids.calculator },
      intent: 'project',
      fields: {
        projectName: str(0, 120, true),
        client: str(0, 120, true),
        place: str(0, 160, true),
        engineerName: str(0, 120, true),
        crea: str(0, 30, true),
        art: str(0, 40, true),
      },
    },
    // Projects (issue 32): the E-TOOL user on a project that is not theirs (every good body is a 404, nothing is written).
    { route: '/projects', method: 'GET', as: 'tool', query: listQuery },
    {
      route: '/projects',
      method: 'POST',
      as: 'tool',
      intent: 'create',
      fields: {
        name: str(1, 120),
        client: str(0, 120, true),
        place: str(0, 160, true),
        art: str(0, 40, true),
        engineerName: str(0, 120, true),
        crea: str(0, 30, true),
        description: str(0, 2000, true),
        status: oneOf(['draft', 'issued', 'archived']),
      },
    },
    {
      route: '/projects/:id',
      method: 'GET',
      as: 'tool',
      params: project,
      query: { page: str(0, 12, true), revisoes: str(0, 12, true), links: str(0, 12, true) },
    },
    {
      route: '/projects/:id',
      method: 'POST',
      as: 'tool',
      params: project,
      intent: 'update',
      fields: {
        name: str(1, 120),
        client: str(0, 120, true),
        place: str(0, 160, true),
        art: str(0, 40, true),
        engineerName: str(0, 120, true),
        crea: str(0, 30, true),
        description: str(0, 2000, true),
        status: oneOf(['draft', 'issued', 'archived']),
      },
    },
    {
      route: '/projects/:id',
      method: 'POST',
      as: 'tool',
      params: project,
      intent: 'move',
      fields: { calculationId: id(900_000_001), direction: oneOf(['up', 'down']) },
    },
    {
      route: '/projects/:id',
      method: 'POST',
      as: 'tool',
      params: project,
      intent: 'duplicate',
      fields: { calculationId: id(900_000_001) },
    },
    { route: '/projects/:id', method: 'POST', as: 'tool', params: project, intent: 'remove', fields: { calculationId: id(900_000_001) } },
    { route: '/projects/:id', method: 'POST', as: 'tool', params: project, intent: 'issue', fields: {} },
    { route: '/projects/:id', method: 'POST', as: 'tool', params: project, intent: 'revoke', fields: { linkId: id(900_000_001) } },
    // 'Adicionar ao projeto' from a result and from the history, to a project that is not the user's.
    {
      route: '/calculators/:slug',
      method: 'POST',
      as: 'tool',
      params: { slug: 'torque-eixo' },
      intent: 'add-to-project',
      fields: { projectId: id(900_000_001), title: str(1, 120), query: str(0, 4096) },
    },
    {
      route: '/calculators/history',
      method: 'POST',
      as: 'tool',
      intent: 'add-to-project',
      fields: { projectId: id(900_000_001), historyId: id(900_000_001) },
    },
    {
      route: '/projects/:id',
      method: 'POST',
      as: 'tool',
      params: project,
      intent: 'rename',
      fields: { calculationId: id(900_000_001), title: str(1, 120) },
    },
    {
      route: '/projects/:id',
      method: 'POST',
      as: 'tool',
      params: project,
      intent: 'share',
      fields: { revision: int(0, 999), days: int(1, 365, true) },
    },
    { route: '/projects/:id/export', method: 'GET', as: 'tool', params: project, query: { format: oneOf(['csv', 'json'], true) } },
    { route: '/projects/:id/memorial', method: 'GET', as: 'tool', params: project, query: { rev: str(0, 5, true) } },
    { route: '/projects/:id/new', method: 'GET', as: 'tool', params: project, query: { calculator: str(0, 80, true) } },
    { route: '/projects/:id/new/:slug', method: 'GET', as: 'tool', params: { ...project, slug: 'torque-eixo' } },
    {
      route: '/projects/:id/new/:slug',
      method: 'POST',
      as: 'tool',
      params: { ...project, slug: 'torque-eixo' },
      intent: 'save',
      fields: { title: str(1, 120), query: str(0, 4096) },
    },
    { route: '/projects/:id/calculations/:calculationId', method: 'GET', as: 'tool', params: { ...project, calculationId: '900000001' } },
    {
      route: '/projects/:id/calculations/:calculationId',
      method: 'POST',
      as: 'tool',
      params: { ...project, calculationId: '900000001' },
      intent: 'save',
      fields: { title: str(1, 120), query: str(0, 4096) },
    },
    { route: '/p/:token', method: 'GET', as: 'anon', params: { token: 'A'.repeat(43) } },
    { route: '/calculators/history', method: 'POST', as: 'basic', intent: 'delete', fields: { id: id(900_000_001) } },
    {
      route: '/calculators/history',
      method: 'GET',
      as: 'basic',
      query: { ...listQuery, calculator: str(0, 80, true), from: date, to: date },
    },
    {
      route: '/calculators/history/export',
      method: 'GET',
      as: 'basic',
      query: { q: str(0, 100, true), calculator: str(0, 80, true), from: date, to: date },
    },
    { route: '/chat/new', method: 'POST', as: 'basic', intent: 'create', fields: { subject: str(3, 200), message: str(5, 5000) } },
    { route: '/chat/:id', method: 'POST', as: 'basic', params: thread, intent: 'send', fields: { message: str(1, 5000) } },
    { route: '/chat/:id', method: 'POST', as: 'basic', params: thread, intent: 'close', noBody: true },
    {
      route: '/chat/:id',
      method: 'POST',
      as: 'basic',
      params: thread,
      intent: 'rate',
      fields: { score: int(1, 5), comment: str(0, 1000, true) },
    },
    { route: '/chat/:id', method: 'POST', as: 'admin', params: thread, intent: 'delete', noBody: true },
    { route: '/chat/:id', method: 'GET', as: 'basic', params: thread, query: { before: id(1, true), confirm: oneOf(['delete'], true) } },
    // A receipt is its payer's alone: the demo E-BASIC user has no paid payment, so every id is the same 404.
    { route: '/account/receipts/:id', method: 'GET', as: 'basic', params: { id: '1' } },
    { route: '/chats', method: 'GET', as: 'basic', query: listQuery },
    { route: '/courses', method: 'POST', as: 'master', intent: 'promo', fields: { code: str(3, 50) } },
    {
      route: '/courses',
      method: 'GET',
      as: 'master',
      query: { ...listQuery, category: oneOf(COURSE_CATEGORIES, true), level: oneOf(COURSE_LEVELS, true), dialog: oneOf(['promo'], true) },
    },
    { route: '/courses/:id', method: 'POST', as: 'master', params: course, intent: 'unlock', fields: { code: str(1, 50) } },
    { route: '/courses/:id', method: 'POST', as: 'master', params: course, intent: 'certificate', fields: {} },
    // The demo E-MASTER passed NR-10's assessment (ids.course): 'start' is refused (409) and a good
    // attempt id of someone else is a 404, so no case writes.
    { route: '/admin/courses/:id/avaliacao', method: 'GET', as: 'admin', params: course, query: { page: int(1, 1_000_000, true) } },
    // Its CSV takes only the course id (and asks the fresh check once the admin's sign-in is 10 minutes old).
    { route: '/admin/courses/:id/avaliacao/export', method: 'GET', as: 'admin', params: course },
    { route: '/courses/:id/avaliacao', method: 'POST', as: 'master', params: course, intent: 'start', fields: {} },
    {
      route: '/courses/:id/avaliacao',
      method: 'POST',
      as: 'master',
      params: course,
      intent: 'submit',
      fields: { attemptId: int(1, Number.MAX_SAFE_INTEGER), q0: str(0, 40, true), q1: str(0, 40, true) },
    },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'master',
      params: course,
      intent: 'progress',
      fields: { lessonId: id(ids.lesson), done: oneOf(['true', 'false']) },
    },
    // 'Dados do certificado' (issue 31): what the course's next certificates print.
    {
      route: '/courses/:id/certificado',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'certificate-fields',
      fields: {
        workloadHours: int(1, 2000, true),
        syllabus: str(0, 12_000, true),
        instructorName0: str(0, 120, true),
        instructorQualification0: str(0, 200, true),
        technicalLeadName: str(0, 120, true),
        technicalLeadProfession: str(0, 120, true),
        technicalLeadRegistration: str(0, 80, true),
      },
    },
    { route: '/courses/:id', method: 'POST', as: 'admin', params: course, intent: 'create-lesson', fields: lessonFields },
    // Issue 31: a lesson's exercise (practice, graded on the server, nothing stored).
    {
      route: '/courses/:id/aulas/:lessonId/exercicio',
      method: 'GET',
      as: 'master',
      params: { id: String(ids.quizCourse), lessonId: String(ids.quizLesson) },
    },
    {
      route: '/courses/:id/aulas/:lessonId/exercicio',
      method: 'POST',
      as: 'master',
      params: { id: String(ids.quizCourse), lessonId: String(ids.quizLesson) },
      intent: 'quiz',
      fields: { version: str(0, 400), q0: str(0, 40, true), q1: str(0, 40, true) },
    },
    // Issue 31: the question bank and the final assessment's settings on the course's admin tab.
    { route: '/courses/:id', method: 'POST', as: 'admin', params: course, intent: 'create-question', fields: questionFields(ids) },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'update-question',
      fields: { ...questionFields(ids), questionId: int(900_000_000, Number.MAX_SAFE_INTEGER) },
    },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'delete-question',
      fields: { questionId: int(900_000_000, Number.MAX_SAFE_INTEGER) },
    },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'assessment-settings',
      fields: {
        passPercent: int(1, 100, true),
        questionsPerAttempt: int(1, 20, true),
        timeLimitMinutes: int(1, 600, true),
        maxAttempts: int(1, 100, true),
        waitHours: int(1, 8760, true),
      },
    },
    // Removes the demo course's assessment in the fuzz database: later 'start' cases answer 404 instead of 409.
    { route: '/courses/:id', method: 'POST', as: 'admin', params: course, intent: 'remove-assessment', fields: {} },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'update-lesson',
      fields: { ...lessonFields, lessonId: id(ids.lesson) },
    },
    { route: '/courses/:id', method: 'POST', as: 'admin', params: course, intent: 'delete-lesson', fields: { lessonId: id(ids.lesson) } },
    { route: '/courses/:id', method: 'POST', as: 'admin', params: course, intent: 'create-material', fields: materialFields(ids) },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'update-material',
      fields: { ...materialFields(ids), materialId: id(ids.material) },
    },
    {
      route: '/courses/:id',
      method: 'POST',
      as: 'admin',
      params: course,
      intent: 'delete-material',
      fields: { materialId: id(ids.material) },
    },
    {
      route: '/courses/:id',
      method: 'GET',
      as: 'master',
      params: course,
      query: {
        tab: oneOf(['overview', 'content', 'admin'], true),
        lesson: id(ids.lesson, true),
        dialog: oneOf(['lesson', 'material'], true),
      },
    },
    { route: '/tools/:id', method: 'GET', as: 'master', params: { id: s(ids.tool) } },
    { route: '/resources/tool-frame/:id', method: 'GET', as: 'master', params: { id: s(ids.tool) } },
    { route: '/resources/chat-files/:id', method: 'GET', as: 'basic', params: { id: s(ids.thread) } },
    { route: '/upgrade', method: 'POST', as: 'basic', intent: 'checkout', fields: { plan: oneOf(PRO_ROLES), months: int(1, 12) } },
    {
      route: '/upgrade',
      method: 'POST',
      as: 'basic',
      intent: 'test-card',
      fields: {
        plan: oneOf(PRO_ROLES),
        months: int(1, 12),
        cardNumber: str(16, 16),
        expiry: oneOf(['12/30']),
        cvc: oneOf(['123']),
        idempotencyKey: uuid,
      },
    },
    { route: '/upgrade', method: 'POST', as: 'basic', intent: 'confirm', fields: { paymentIntentId: oneOf(['pi_fuzz_missing']) } },
    {
      route: '/upgrade',
      method: 'POST',
      as: 'basic',
      intent: 'notice',
      fields: { kind: oneOf(['intent-error', 'provider-error']), message: str(0, 500, true) },
    },
    {
      route: '/upgrade',
      method: 'GET',
      as: 'basic',
      query: { plan: oneOf(PRO_ROLES, true), months: int(1, 12, true), courseId: id(ids.course, true), step: oneOf(['pay'], true) },
    },
    {
      route: '/test-mode/checkout/:sessionId',
      method: 'POST',
      as: 'basic',
      params: { sessionId: 'cs_test_fuzz_missing' },
      missingRecord: true,
      intent: 'card',
      fields: { cardNumber: str(16, 32) },
    },
    {
      route: '/test-mode/checkout/:sessionId',
      method: 'POST',
      as: 'basic',
      params: { sessionId: 'cs_test_fuzz_missing' },
      missingRecord: true,
      intent: 'pix',
      noBody: true,
    },
    { route: '/admin/users', method: 'POST', as: 'admin', intent: 'create', fields: userFields },
    {
      route: '/admin/users',
      method: 'POST',
      as: 'admin',
      intent: 'update',
      fields: { id: id(ids.otherUser), username: str(3, 50), email, role: oneOf(ROLES) },
    },
    { route: '/admin/users', method: 'POST', as: 'admin', intent: 'reset', fields: { id: id(ids.otherUser), password: str(6, 200) } },
    // The fresh check's step posts the dangerous action again with the code or password beside its fields.
    {
      route: '/admin/users',
      method: 'POST',
      as: 'admin',
      intent: 'delete',
      fields: { ...recordId(ids.otherUser), freshCheckSecret: str(0, 200, true) },
    },
    { route: '/admin/users', method: 'POST', as: 'admin', intent: 'two-factor-off', fields: recordId(ids.otherUser) },
    { route: '/admin/users', method: 'POST', as: 'admin', intent: 'expire', noBody: true },
    {
      route: '/admin/users',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, role: oneOf(ROLES, true), dialog: oneOf(['edit-user'], true), user: id(ids.otherUser, true) },
    },
    { route: '/admin/tools', method: 'POST', as: 'admin', intent: 'create', fields: toolFields(ids) },
    { route: '/admin/tools', method: 'POST', as: 'admin', intent: 'update', fields: { id: id(ids.tool), ...toolFields(ids) } },
    { route: '/admin/tools', method: 'POST', as: 'admin', intent: 'delete', fields: recordId(ids.tool) },
    {
      route: '/admin/tools',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, category: oneOf(CATEGORIES, true), access: oneOf(TOOL_LEVELS, true) },
    },
    { route: '/admin/courses', method: 'POST', as: 'admin', intent: 'create', fields: courseFields },
    { route: '/admin/courses', method: 'POST', as: 'admin', intent: 'update', fields: { id: id(ids.course), ...courseFields } },
    {
      route: '/admin/courses',
      method: 'POST',
      as: 'admin',
      intent: 'visibility',
      fields: { id: id(ids.course), isHidden: oneOf(['true', 'false']) },
    },
    { route: '/admin/courses', method: 'POST', as: 'admin', intent: 'delete', fields: recordId(ids.course) },
    {
      route: '/admin/courses',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, dialog: oneOf(['edit-course'], true), course: id(ids.course, true) },
    },
    { route: '/admin/promocodes', method: 'POST', as: 'admin', intent: 'create', fields: promoFields(ids) },
    { route: '/admin/promocodes', method: 'POST', as: 'admin', intent: 'delete', fields: recordId(ids.promo) },
    { route: '/admin/promocodes', method: 'GET', as: 'admin', query: { ...listQuery, courseId: id(ids.course, true) } },
    {
      route: '/admin/notifications',
      method: 'POST',
      as: 'admin',
      intent: 'send',
      fields: { ...notificationFields, message: str(10, 2000) },
    },
    { route: '/admin/notifications', method: 'POST', as: 'admin', intent: 'delete', fields: recordId(ids.notification) },
    {
      route: '/admin/prices',
      method: 'POST',
      as: 'admin',
      intent: 'plan-price',
      fields: { planType: oneOf(PRO_ROLES, true), monthlyPrice: str(1, 30) },
    },
    {
      route: '/admin/prices',
      method: 'POST',
      as: 'admin',
      intent: 'course-price',
      fields: { courseId: id(ids.course), price: str(1, 30) },
    },
    { route: '/admin/prices', method: 'POST', as: 'admin', intent: 'remove-course-price', fields: { courseId: id(ids.course) } },
    { route: '/admin/refunds', method: 'POST', as: 'admin', intent: 'approve', fields: { paymentId: id(900_000_001) } },
    { route: '/admin/refunds', method: 'POST', as: 'admin', intent: 'reject', fields: { paymentId: id(900_000_001) } },
    {
      route: '/admin/refunds',
      method: 'GET',
      as: 'admin',
      query: { page: int(1, 1_000_000, true), confirm: oneOf(['approve-refund', 'reject-refund'], true), payment: id(1, true) },
    },
    ...(['open', 'read', 'unread', 'archive', 'unarchive'] as const).map(
      (name): Endpoint => ({ route: '/admin/inbox', method: 'POST', as: 'admin', intent: name, fields: recordId(ids.contact) }),
    ),
    {
      route: '/admin/inbox',
      method: 'GET',
      as: 'admin',
      query: {
        ...listQuery,
        filter: oneOf(['unread', 'all', 'archived'], true),
        dialog: oneOf(['message'], true),
        message: id(ids.contact, true),
      },
    },
    {
      route: '/admin/emails',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, status: oneOf(['pending', 'sending', 'sent', 'failed'], true) },
    },
    { route: '/admin/emails', method: 'POST', as: 'admin', intent: 'resend', fields: recordId(900_000_001) },
    {
      route: '/admin/certificates',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, course: id(ids.course, true), confirm: id(1, true) },
    },
    { route: '/admin/certificates', method: 'POST', as: 'admin', intent: 'revoke', fields: { certificateId: id(900_000_001) } },
    {
      route: '/admin/audit',
      method: 'GET',
      as: 'admin',
      query: { ...listQuery, action: oneOf(['user.create'], true), actor: id(1, true) },
    },
    { route: '/admin/chats', method: 'GET', as: 'admin', query: { ...listQuery, status: oneOf(['all', 'open', 'closed'], true) } },
  ];
}
