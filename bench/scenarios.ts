/**
 * What is measured and against what. Every app scenario names its reference, measured on the
 * same machine right before and right after it (bench/run.ts), and the targets it must meet.
 */

import { DEMO_CERTIFICATE } from '../db/seed-constants';

/** What Chromium sends; remix-serve then compresses (brotli). Without it nothing is compressed. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

const PAGE = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const JSON_ACCEPT = { Accept: 'application/json' };

export type ReferenceId = 'ceiling' | 'bare-json' | 'bare-page' | 'bare-page-br';

export type Reference = { id: ReferenceId; label: string; path: string; headers: Record<string, string> };

export const REFERENCES: Record<ReferenceId, Reference> = {
  ceiling: { id: 'ceiling', label: 'raw node:http, 10 KB HTML (ceiling)', path: '/', headers: PAGE },
  'bare-json': { id: 'bare-json', label: 'bare Remix: JSON resource route', path: '/api/json', headers: JSON_ACCEPT },
  'bare-page': { id: 'bare-page', label: 'bare Remix: page', path: '/', headers: PAGE },
  'bare-page-br': {
    id: 'bare-page-br',
    label: 'bare Remix: page, browser Accept-Encoding',
    path: '/',
    headers: { ...PAGE, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING },
  },
};

/** The bare app's references, in the order they are measured on it. */
export const BARE_REFERENCES: ReferenceId[] = ['bare-json', 'bare-page', 'bare-page-br'];

/** Shaft torque (E-BASIC, so the E-TOOL user gets 200), with every input and unit given. */
export const CALCULATOR_PATH =
  '/calculators/torque-eixo?power=7.5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';

/** Beam deflection (E-TOOL) with every input and unit given: a result page with its diagrams (load, V, M, δ), drawn as SVG by the server. */
export const CALCULATOR_FIGURES_PATH =
  '/calculators/deflexao-viga?loadCase=ss-udl&distributedLoad=5&distributedLoad_unit=kN%2Fm&span=4&span_unit=m&elasticModulus=200&elasticModulus_unit=GPa&inertia=835.6&inertia_unit=cm4&fibreDistance=100&fibreDistance_unit=mm';

/** Who a scenario runs as: the demo E-TOOL user unless it says otherwise (courses need E-MASTER). */
export type ScenarioUser = 'tool' | 'master' | 'admin';

/** The demo course the course-page scenario opens (20 lessons, 40 materials); its id is looked up on each database. */
export const BENCH_COURSE_PLACEHOLDER = '{benchCourse}';

/** The demo seed's 500-message ticket and the ticket the write scenario posts to (scripts/demo-chats.ts), looked up on each database. */
export const BENCH_THREAD_PLACEHOLDER = '{benchThread}';
export const BENCH_WRITE_THREAD_PLACEHOLDER = '{benchWriteThread}';

/** NR-10's final assessment and the demo E-MASTER's passed attempt at it (scripts/demo-assessment.ts), looked up on each database. */
export const BENCH_ASSESSMENT_PLACEHOLDER = '{benchAssessment}';
export const BENCH_ATTEMPT_PLACEHOLDER = '{benchAttempt}';
/** A NR-10 lesson with an exercise (scripts/demo-lesson-exercises.ts), read from the course page's link to it. */
export const BENCH_QUIZ_LESSON_PLACEHOLDER = '{benchQuizLesson}';

/** The E-TOOL demo user's 50-calculation project (db/seed-constants.ts's BENCH_PROJECT), looked up on each database. */
export const BENCH_PROJECT_PLACEHOLDER = '{benchProject}';

export type Scenario = {
  id: string;
  label: string;
  path: string;
  kind: 'api' | 'page';
  headers: Record<string, string>;
  reference: ReferenceId;
  /** The app must reach at least this fraction of the reference's requests/s (none: the ratio is shown, not judged). */
  minRatio?: number;
  /** A signed-in page held to issue 33's budget: CPU per request ≤ TARGETS.cpuPerRequestMs and ≥ TARGETS.signedInRatio of the bare page's requests/s. */
  cpuBudget?: true;
  /** CPU per request at most `max` × that of the scenario `of` in the same run (issue 33, item 1: a result page with diagrams against the same page without them). */
  cpuAtMostTimes?: { of: string; max: number };
  /** Sent without the session cookie (a visitor). */
  anonymous?: boolean;
  /** The demo user whose session cookie is sent (default 'tool'). */
  as?: Exclude<ScenarioUser, 'tool'>;
  /** A write: every request sends this method and body (with the app's own Origin), and must answer `status`. */
  write?: { method: 'POST'; body: string; status: number };
};

/**
 * As the demo E-TOOL user (tool@example.com; the session cookie is added at run time), but for the
 * visitor's landing page and the course pages (E-MASTER, master@example.com).
 */
export const APP_SCENARIOS: Scenario[] = [
  { id: 'api-user', label: 'GET /api/user', path: '/api/user', kind: 'api', headers: JSON_ACCEPT, reference: 'bare-json', minRatio: 0.5 },
  {
    id: 'api-tools',
    label: 'GET /api/tools',
    path: '/api/tools',
    kind: 'api',
    headers: JSON_ACCEPT,
    reference: 'bare-json',
    minRatio: 0.4,
  },
  { id: 'home-anonymous', label: 'GET / anonymous', path: '/', kind: 'page', headers: PAGE, reference: 'bare-page', anonymous: true },
  { id: 'home', label: 'GET / as E-TOOL', path: '/', kind: 'page', headers: PAGE, reference: 'bare-page' },
  { id: 'dashboard', label: 'GET /dashboard', path: '/dashboard', kind: 'page', headers: PAGE, reference: 'bare-page', cpuBudget: true },
  { id: 'account', label: 'GET /account', path: '/account', kind: 'page', headers: PAGE, reference: 'bare-page', cpuBudget: true },
  {
    id: 'fresh-check',
    label: 'GET /account/fresh-check (the step before a download)',
    path: '/account/fresh-check?redirectTo=%2Faccount%2Fexport',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
  },
  {
    id: 'calculator',
    label: 'GET /calculators/torque-eixo?… (result)',
    path: CALCULATOR_PATH,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
  },
  {
    id: 'calculator-figures',
    label: 'GET /calculators/deflexao-viga?… (result with diagrams)',
    path: CALCULATOR_FIGURES_PATH,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
    cpuAtMostTimes: { of: 'calculator-figures-blank', max: 1.3 },
  },
  {
    id: 'calculator-figures-blank',
    label: 'GET /calculators/deflexao-viga (the same page without inputs: no result, no diagrams)',
    path: '/calculators/deflexao-viga',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
  },
  { id: 'history', label: 'GET /calculators/history', path: '/calculators/history', kind: 'page', headers: PAGE, reference: 'bare-page' },
  {
    id: 'courses',
    label: 'GET /courses as E-MASTER',
    path: '/courses',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
    as: 'master',
  },
  {
    id: 'course-page',
    label: 'GET /courses/{id} as E-MASTER (20 lessons, 40 materials)',
    path: `/courses/${BENCH_COURSE_PLACEHOLDER}`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'master',
  },
  // Issue 31: the assessment page with a graded attempt (ten questions, answers and explanations), and its
  // 'Enviar respostas' sent again for that attempt: the conditional update finds it graded and answers its grade.
  {
    id: 'assessment-page',
    label: 'GET /courses/{id}/avaliacao?tentativa={id} as E-MASTER (a graded attempt)',
    path: `/courses/${BENCH_ASSESSMENT_PLACEHOLDER}/avaliacao?tentativa=${BENCH_ATTEMPT_PLACEHOLDER}`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
    as: 'master',
  },
  // Issue 31, item 5: how NR-10's assessment teaches (totals and the item analysis of its attempts), as admin.
  {
    id: 'admin-assessment-analytics',
    label: 'GET /admin/courses/{id}/avaliacao as admin (item analysis)',
    path: `/admin/courses/${BENCH_ASSESSMENT_PLACEHOLDER}/avaliacao`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'admin',
  },
  // Issue 31: a lesson's exercise (its questions without answers), and the admin's question bank on the course's admin tab.
  {
    id: 'lesson-quiz',
    label: 'GET /courses/{id}/aulas/{lessonId}/exercicio as E-MASTER',
    path: `/courses/${BENCH_ASSESSMENT_PLACEHOLDER}/aulas/${BENCH_QUIZ_LESSON_PLACEHOLDER}/exercicio`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'master',
  },
  {
    id: 'question-bank',
    label: 'GET /courses/{id}?tab=admin as admin (the question bank, 10 a page)',
    path: `/courses/${BENCH_ASSESSMENT_PLACEHOLDER}?tab=admin`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'admin',
  },
  // Issue 32: a 50-calculation project (every calculator open to E-TOOL, diagrams included; scripts/demo-bench-project.ts):
  // its page (the first 20 calculations, revisions and links) and its Rev. 00 memorial as frozen (what the print and the
  // client's link show; 1.5 MB of HTML). The preview, which computes every calculation again, is measured at 200
  // calculations by bench/project-memorial.ts.
  {
    id: 'project-page',
    label: 'GET /projects/{id} (50 calculations, Rev. 00)',
    path: `/projects/${BENCH_PROJECT_PLACEHOLDER}`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
  },
  {
    id: 'project-memorial',
    label: 'GET /projects/{id}/memorial?rev=0 (50 calculations, frozen)',
    path: `/projects/${BENCH_PROJECT_PLACEHOLDER}/memorial?rev=0`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
  },
  {
    id: 'assessment-submit',
    label: "POST /courses/{id}/avaliacao 'Enviar respostas' of a graded attempt as E-MASTER",
    path: `/courses/${BENCH_ASSESSMENT_PLACEHOLDER}/avaliacao`,
    kind: 'page',
    headers: { ...PAGE, 'Content-Type': 'application/x-www-form-urlencoded' },
    reference: 'bare-page',
    as: 'master',
    write: { method: 'POST', body: `intent=submit&attemptId=${BENCH_ATTEMPT_PLACEHOLDER}&q0=0&q1=1&q2=2%2C5`, status: 302 },
  },
  // Issue 31: 'Minha Conta' → 'Formação', the demo E-MASTER's training record (every course open to them,
  // with progress, attempts and certificates: a handful of grouped queries over one page of courses).
  {
    id: 'training-record',
    label: "GET /account/formacao as E-MASTER ('Formação')",
    path: '/account/formacao',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
    as: 'master',
  },
  {
    id: 'course-certificate-data',
    label: "GET /courses/{id}/certificado as admin ('Dados do certificado')",
    path: `/courses/${BENCH_COURSE_PLACEHOLDER}/certificado`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'admin',
  },
  {
    id: 'admin-promocodes',
    label: 'GET /admin/promocodes as admin',
    path: '/admin/promocodes',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'admin',
  },
  // The user search through the trigram index (decision 013): ~5,000 of the large seed's 50,000 users match 'ana'.
  {
    id: 'admin-users-search',
    label: 'GET /admin/users?q=ana as admin',
    path: '/admin/users?q=ana',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
    as: 'admin',
  },
  // The support chat: the E-TOOL demo user's list, the desk's list, and that user's 500-message ticket (the latest 50 shown;
  // its last message carries a PNG and a PDF, scripts/demo-chats.ts, so the page reads and renders attachments: issue 22).
  { id: 'chats', label: 'GET /chats', path: '/chats', kind: 'page', headers: PAGE, reference: 'bare-page' },
  {
    id: 'admin-chats',
    label: 'GET /admin/chats as admin',
    path: '/admin/chats',
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    as: 'admin',
  },
  {
    id: 'chat-ticket',
    label: 'GET /chat/{id} (500 messages, with attachments)',
    path: `/chat/${BENCH_THREAD_PLACEHOLDER}`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    cpuBudget: true,
  },
  // The public certificate verification (issue 22) as a visitor: the demo E-MASTER user's certificate (db/seed-constants.ts), with its QR code.
  {
    id: 'certificate-verify',
    label: 'GET /certificados/{codigo} anonymous',
    path: `/certificados/${DEMO_CERTIFICATE.code}`,
    kind: 'page',
    headers: PAGE,
    reference: 'bare-page',
    anonymous: true,
  },
  // The plan step as the E-TOOL demo user, who is shown the one plan above theirs (the E-MASTER card).
  { id: 'upgrade', label: 'GET /upgrade (E-MASTER card)', path: '/upgrade', kind: 'page', headers: PAGE, reference: 'bare-page' },
  // Against the bare page fetched the same way (both compressed).
  {
    id: 'dashboard-br',
    label: 'GET /dashboard, browser Accept-Encoding',
    path: '/dashboard',
    kind: 'page',
    headers: { ...PAGE, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING },
    reference: 'bare-page-br',
  },
  // Last, as it writes: the desk answers a ticket (admins post without the per-user flood limit): the session, a JSON
  // body, one transaction and its live events per request. Nothing fixes a ratio for a write; 30 % of the bare JSON
  // route is about half of GET /api/user (measured in process: 1.07 ms against 0.61 ms), so it catches a regression.
  {
    id: 'chat-post',
    label: 'POST /api/chat/threads/{id}/messages as admin (write)',
    path: `/api/chat/threads/${BENCH_WRITE_THREAD_PLACEHOLDER}/messages`,
    kind: 'api',
    headers: { ...JSON_ACCEPT, 'Content-Type': 'application/json' },
    reference: 'bare-json',
    minRatio: 0.3,
    as: 'admin',
    write: { method: 'POST', body: JSON.stringify({ message: 'Resposta do suporte durante o teste de carga.' }), status: 201 },
  },
];

export const DEMO_LOGINS = [
  { email: 'tool@example.com', password: 'senha123' },
  { email: 'basic@example.com', password: 'senha123' },
  { email: 'master@example.com', password: 'senha123' },
  { email: 'admin@example.com', password: 'admin123' },
] as const;

/** The demo account behind each scenario user (their passwords are in DEMO_LOGINS). */
export const SCENARIO_USERS: Record<ScenarioUser, (typeof DEMO_LOGINS)[number]['email']> = {
  tool: 'tool@example.com',
  master: 'master@example.com',
  admin: 'admin@example.com',
};

/** Pages whose JavaScript is weighed, and the budget for `/`. */
export const SCRIPT_PAGES = ['/', '/dashboard'] as const;
/** The new-connection scenario: this many requests each on a new connection, `concurrency` at a time (over 2 s counted apart). */
export const NEW_CONNECTIONS = { full: 1000, quick: 300, concurrency: 50 } as const;

/** Run with WEB_CONCURRENCY=1 and 2 side by side (two servers up, one loaded at a time). */
export const TWO_PROCESS_SCENARIOS = ['dashboard', 'api-user'] as const;

export const TARGETS = {
  /** Signed-in pages (cpuBudget), issue 33: CPU per request, ms, and requests/s as a fraction of the same-minute bare page's. */
  cpuPerRequestMs: 2.5,
  signedInRatio: 0.25,
  /** A scenario's steady p99/p50 over its same-minute reference's p99/p50. */
  tailOverReference: 2,
  /** Requests/s with WEB_CONCURRENCY=2 over WEB_CONCURRENCY=1. */
  twoProcesses: 1.5,
  p99LargeOverSmall: 1.5,
  homeScriptGzipKb: 100,
  coldStartMs: 1500,
  rssMb: 250,
} as const;
