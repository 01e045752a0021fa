/**
 * Fills a separate SQLite database with a production-sized data set, so that the benchmark
 * (bench/run.ts) can tell a query that scans a table from one that uses an index.
 *
 *   tsx scripts/seed-large.ts [path/to/large.db] [--fresh] [--scale=0.1]
 *
 * The path comes from the argument, else DATABASE_URL, else bench/.data/large/app.db. An existing
 * file is refused unless --fresh (which deletes it first). Migrations and the demo seed run
 * first, so the demo logins (tool@example.com / senha123, …) work on the large database too.
 *
 * Speed: one better-sqlite3 connection, prepared INSERTs in a few big transactions and ONE
 * argon2 hash shared by every generated user. Data is deterministic (fixed PRNG seed).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
// Types only (erased): the modules themselves are imported after DATABASE_URL is set, in main().
import type { GrantPeriod } from '../app/models/accounts/role-arithmetic';
import { foldKey, sortKey } from '../app/utils/fold';
import { BENCH_COURSE, BENCH_HISTORY_USER } from '../db/seed-constants';
import { calculators, runCalculator, type Calculator } from '../app/calculators';
import { canonicalQuery } from '../app/calculators/view';
import { resultsText } from '../app/calculators/result-text';

type Counts = {
  users: number;
  tools: number;
  ratings: number;
  promoCodes: number;
  redemptions: number;
  notifications: number;
  chatThreads: number;
  messagesPerThread: number;
  courses: number;
  lessonsPerCourse: number;
  history: number;
  courseGrants: number;
  lessonProgress: number;
};

const FULL: Counts = {
  users: 50_000,
  tools: 200,
  ratings: 20_000,
  promoCodes: 5_000,
  redemptions: 50_000,
  notifications: 500,
  chatThreads: 20_000,
  messagesPerThread: 10,
  courses: 200,
  lessonsPerCourse: 20,
  // Not in the list, but without it /calculators/history is the same page on both databases.
  history: 20_000,
  // Course entitlements and lesson progress, so the course pages' per-user reads meet big tables.
  courseGrants: 20_000,
  lessonProgress: 100_000,
};

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'senha123';

// ---------------------------------------------------------------------------------------------
// Arguments

function parseArgs(argv: string[]) {
  let path: string | undefined;
  let fresh = false;
  let scale = 1;
  for (const arg of argv) {
    if (arg === '--fresh') fresh = true;
    else if (arg.startsWith('--scale=')) scale = Number(arg.slice('--scale='.length));
    else if (!arg.startsWith('--')) path = arg;
    else throw new Error(`Argumento desconhecido: ${arg}`);
  }
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale deve estar entre 0 e 1.');
  const url = path ?? process.env.DATABASE_URL ?? 'bench/.data/large/app.db';
  return { path: resolve(url.replace(/^file:(\/\/)?/, '')), fresh, scale };
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20_250_101);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (p: number) => random() < p;

const FIRST = [
  'ana',
  'bruno',
  'carla',
  'diego',
  'eduarda',
  'felipe',
  'gabriela',
  'henrique',
  'isabela',
  'joao',
  'karina',
  'lucas',
  'mariana',
  'nicolas',
  'olivia',
  'pedro',
  'rafaela',
  'samuel',
  'tatiane',
  'vinicius',
];
const LAST = [
  'silva',
  'santos',
  'oliveira',
  'souza',
  'rodrigues',
  'ferreira',
  'alves',
  'pereira',
  'lima',
  'gomes',
  'costa',
  'ribeiro',
  'martins',
  'carvalho',
  'almeida',
  'lopes',
  'soares',
  'fernandes',
  'vieira',
  'barbosa',
];
const DOMAINS = ['example.com', 'exemplo.com.br', 'engenharia.test', 'empresa.test'];
const SUBJECTS = [
  'Dúvida sobre a calculadora',
  'Problema no pagamento',
  'Acesso ao curso',
  'Sugestão de ferramenta',
  'Erro ao salvar resultado',
  'Código promocional não funciona',
];
const SENTENCES = [
  'Olá, preciso de ajuda com o cálculo.',
  'O resultado não bate com a minha planilha.',
  'Obrigado pelo retorno rápido!',
  'Pode verificar a minha assinatura, por favor?',
  'Já atualizamos a ferramenta; tente de novo.',
  'A norma citada é a NBR 5410, seção 6.2.',
  'Consegue enviar um print da tela?',
  'Resolvido, pode fechar o chamado.',
];
const COMMENTS = [
  'Muito útil no dia a dia.',
  'Poderia aceitar mais unidades.',
  'Resultado confiável.',
  'Interface clara.',
  'Faltou o memorial de cálculo.',
];
const CATEGORIES = ['mechanical', 'electrical', 'textile', 'informatics', 'chemical'] as const;
const COURSE_CATEGORIES = [...CATEGORIES, 'other'] as const;
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
const TOOL_LEVELS = ['E-BASIC', 'E-BASIC', 'E-TOOL', 'E-TOOL', 'E-MASTER'] as const;
const NOTIFICATION_TYPES = ['info', 'warning', 'success', 'error'] as const;
const BROADCAST_TARGETS = ['all', 'all', 'all', 'E-BASIC', 'E-TOOL', 'E-MASTER', 'admin'] as const;

// ---------------------------------------------------------------------------------------------
// Users and promo codes carry their folded keys (users.username_key/email_key, promo_codes.code_key
// = foldKey(value), migration 0002), so the seeded accounts log in without waiting for the backfill.

function insertStatement(sqlite: Database.Database, table: string, columns: string[]) {
  const list = columns.map((name) => `"${name}"`).join(', ');
  return sqlite.prepare(`insert into ${table} (${list}) values (${columns.map(() => '?').join(', ')})`);
}

/**
 * Up to 20 valid calculations of one calculator, as a saved one stores them (the canonical query
 * and the main results' text): its example inputs with each number moved by up to ±20 % (within
 * its range), kept when they compute.
 */
function calculationVariants(calculator: Calculator): { query: string; results: string }[] {
  const saved = new Map<string, string>();
  for (let attempt = 0; attempt < 40 && saved.size < 20; attempt++) {
    const params = new URLSearchParams();
    for (const field of calculator.inputs) {
      if (field.kind !== 'number') {
        params.set(field.name, field.default);
        continue;
      }
      const moved = attempt === 0 ? field.default : field.default * (1 + int(-20, 20) / 100);
      const value = Math.min(field.max, Math.max(field.min, field.integer ? Math.round(moved) : Number(moved.toPrecision(4))));
      params.set(field.name, String(value).replace('.', ','));
    }
    const run = runCalculator(calculator, params);
    if (run.ok) saved.set(canonicalQuery(calculator, run), resultsText(run.result.results));
  }
  return [...saved].map(([query, results]) => ({ query, results }));
}

type NewUser = {
  username: string;
  email: string;
  cpf: string | null;
  password: string;
  role: string;
  roleExpiryDate: number | null;
  createdAt: number;
  lastLogin: number | null;
};

function userInserter(sqlite: Database.Database): (user: NewUser) => number {
  // The addresses count as confirmed, as those of accounts that existed before confirmation did (migration 0019).
  const columns = [
    'username',
    'email',
    'cpf',
    'password',
    'role',
    'role_expiry_date',
    'created_at',
    'last_login',
    'username_key',
    'email_key',
    'email_confirmed_at',
  ];
  const statement = insertStatement(sqlite, 'users', columns);
  return (user) =>
    Number(
      statement.run(
        user.username,
        user.email,
        user.cpf,
        user.password,
        user.role,
        user.roleExpiryDate,
        user.createdAt,
        user.lastLogin,
        foldKey(user.username),
        foldKey(user.email),
        user.createdAt,
      ).lastInsertRowid,
    );
}

type NewPromoCode = {
  code: string;
  days: number;
  maxUses: number;
  usedCount: number;
  isActive: boolean;
  targetRole: 'E-TOOL' | 'E-MASTER';
  promoType: 'role' | 'course';
  courseId: number | null;
  expiryDate: number | null;
  validUntil: number | null;
  createdAt: number;
  createdBy: number;
};

function promoCodeInserter(sqlite: Database.Database): (promo: NewPromoCode) => number {
  const columns = [
    'code',
    'days',
    'max_uses',
    'used_count',
    'is_active',
    'target_role',
    'promo_type',
    'course_id',
    'expiry_date',
    'valid_until',
    'created_at',
    'created_by',
    'code_key',
  ];
  const statement = insertStatement(sqlite, 'promo_codes', columns);
  return (p) =>
    Number(
      statement.run(
        p.code,
        p.days,
        p.maxUses,
        p.usedCount,
        p.isActive ? 1 : 0,
        p.targetRole,
        p.promoType,
        p.courseId,
        p.expiryDate,
        p.validUntil,
        p.createdAt,
        p.createdBy,
        foldKey(p.code),
      ).lastInsertRowid,
    );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const { path, fresh, scale } = parseArgs(process.argv.slice(2));
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const counts: Counts = {
    ...FULL,
    users: n(FULL.users),
    ratings: n(FULL.ratings),
    promoCodes: n(FULL.promoCodes),
    redemptions: n(FULL.redemptions),
    chatThreads: n(FULL.chatThreads),
    history: n(FULL.history),
    courseGrants: n(FULL.courseGrants),
    lessonProgress: n(FULL.lessonProgress),
  };

  if (existsSync(path)) {
    if (!fresh) throw new Error(`${path} já existe; use --fresh para apagá-lo e recriá-lo.`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
  // db/client opens DATABASE_URL lazily, on first use: point it at our file before anything touches it.
  process.env.DATABASE_URL = `file:${path}`;
  const { db, sqliteConnection } = await import('../db/client');
  const { applyMigrations } = await import('../db/migrate');
  const { seedDemo } = await import('./seed-demo');
  const { hashPassword } = await import('../app/utils/password.server');
  const { withCheckDigits } = await import('../app/utils/cpf');
  const { addDays, effectiveRole, nextGrantStart } = await import('../app/models/accounts/role-arithmetic');

  applyMigrations(db);
  await seedDemo();
  const sqlite = sqliteConnection();
  const passwordHash = await hashPassword(PASSWORD);
  console.log(`Migrações e dados de demonstração: ${Math.round(performance.now() - started)} ms`);

  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -65536');
  const now = Date.now();
  const past = (maxDays: number) => now - int(0, maxDays * DAY);

  const demo = sqlite.prepare(`select id, email, cpf from users`).all() as { id: number; email: string; cpf: string | null }[];
  const demoId = (email: string) => demo.find((user) => user.email === email)!.id;
  const adminId = demoId('admin@example.com');
  const toolUserId = demoId('tool@example.com');
  const usedCpfs = new Set(demo.map((user) => user.cpf));

  const step = (label: string, work: () => void) => {
    const t0 = performance.now();
    sqlite.transaction(work)();
    console.log(`  ${label}: ${Math.round(performance.now() - t0)} ms`);
  };

  // Courses and lessons.
  const courseIds: number[] = [];
  /** Lesson ids in order, per course (the generated ones and the demo seed's bench course). */
  const courseLessons: { courseId: number; lessonIds: number[] }[] = [];
  step(`${counts.courses} cursos com ${counts.lessonsPerCourse} aulas cada, um material por aula e dois por curso`, () => {
    const course = insertStatement(sqlite, 'courses', [
      'title',
      'title_key',
      'description',
      'category',
      'instructor',
      'duration',
      'level',
      'is_hidden',
      'requires_promo_code',
      'price_cents',
      'created_at',
      'created_by',
    ]);
    const lesson = insertStatement(sqlite, 'lessons', [
      'course_id',
      'title',
      'description',
      'youtube_url',
      'video_source',
      'order',
      'created_at',
    ]);
    const material = insertStatement(sqlite, 'materials', [
      'course_id',
      'lesson_id',
      'title',
      'description',
      'file_url',
      'file_type',
      'icon_type',
      'downloadable',
      'created_at',
    ]);
    for (let i = 1; i <= counts.courses; i++) {
      const createdAt = past(720);
      const title = `Curso ${i}: ${pick(['Fundamentos', 'Projeto', 'Normas', 'Prática'])} de ${pick(['eixos', 'motores', 'redes', 'tecidos', 'reatores', 'CLP'])}`;
      const id = Number(
        course.run(
          title,
          sortKey(title),
          'Conteúdo gerado para o teste de desempenho, com descrição de tamanho realista para a listagem de cursos.',
          pick(COURSE_CATEGORIES),
          `Eng. ${pick(FIRST)} ${pick(LAST)}`,
          `${int(4, 60)} horas`,
          pick(LEVELS),
          chance(0.05) ? 1 : 0,
          chance(0.1) ? 1 : 0,
          chance(0.3) ? int(50, 500) * 100 - 10 : null,
          createdAt,
          adminId,
        ).lastInsertRowid,
      );
      courseIds.push(id);
      const lessonIds: number[] = [];
      for (let order = 1; order <= counts.lessonsPerCourse; order++) {
        const drive = chance(0.1);
        const at = createdAt + order * 60_000;
        const lessonId = Number(
          lesson.run(
            id,
            `Aula ${order}`,
            'Objetivos da aula, exemplos resolvidos e exercícios propostos.',
            drive ? `1${'x'.repeat(32)}` : 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            drive ? 'drive' : 'youtube',
            order,
            at,
          ).lastInsertRowid,
        );
        lessonIds.push(lessonId);
        material.run(
          id,
          lessonId,
          `Apostila da aula ${order}`,
          chance(0.5) ? 'Resumo e exercícios.' : null,
          `https://example.com/cursos/${id}/aula-${order}.pdf`,
          'pdf',
          'file',
          1,
          at,
        );
      }
      material.run(id, null, 'Plano de ensino', null, `https://example.com/cursos/${id}/plano.pdf`, 'pdf', 'file', 1, createdAt);
      material.run(
        id,
        null,
        'Referências',
        'Normas e livros citados.',
        `https://example.com/cursos/${id}/referencias`,
        'link',
        'link',
        0,
        createdAt,
      );
      courseLessons.push({ courseId: id, lessonIds });
    }
    const bench = sqlite.prepare(`select id from courses where title = ?`).get(BENCH_COURSE.title) as { id: number } | undefined;
    if (!bench) throw new Error(`O seed de demonstração não criou o curso "${BENCH_COURSE.title}".`);
    const benchLessons = sqlite.prepare(`select id from lessons where course_id = ? order by "order", id`).all(bench.id) as {
      id: number;
    }[];
    courseLessons.push({ courseId: bench.id, lessonIds: benchLessons.map((row) => row.id) });
  });

  // Tools (their rating columns are filled after the ratings).
  step(`${counts.tools} ferramentas`, () => {
    const tool = insertStatement(sqlite, 'tools', [
      'name',
      'description',
      'category',
      'access_level',
      'link_type',
      'link',
      'created_at',
      'created_by',
    ]);
    for (let i = 1; i <= counts.tools; i++) {
      tool.run(
        `Ferramenta ${i} — ${pick(['tabela', 'conversor', 'planilha', 'simulador', 'ábaco'])} de ${pick(['vazão', 'torque', 'tensão', 'fios', 'sub-redes'])}`,
        'Ferramenta de apoio gerada para o teste de desempenho; a descrição tem o tamanho das reais.',
        pick(CATEGORIES),
        pick(TOOL_LEVELS),
        'external',
        `https://example.com/ferramentas/${i}`,
        past(720),
        adminId,
      );
    }
  });
  const toolIds = (sqlite.prepare(`select id from tools`).all() as { id: number }[]).map((row) => row.id);

  // Users in memory first: their role and expiry come from their grants (promo redemptions,
  // payments, admin), computed with the app's own rules so the stored role is never stale.
  type Draft = NewUser & { grants: (GrantPeriod & { source: string; usage?: number })[] };
  const drafts: Draft[] = [];
  for (let i = 0; i < counts.users; i++) {
    const username = `${pick(FIRST)}.${pick(LAST)}${i}`;
    let cpf: string | null = null;
    if (!chance(0.2)) {
      cpf = withCheckDigits(String(200_000_000 + i * 13));
      if (usedCpfs.has(cpf)) cpf = null;
      else usedCpfs.add(cpf);
    }
    const createdAt = past(1000);
    drafts.push({
      username,
      email: `${username}@${pick(DOMAINS)}`,
      cpf,
      password: passwordHash,
      role: 'E-BASIC',
      roleExpiryDate: null,
      createdAt,
      lastLogin: chance(0.8) ? Math.max(createdAt, past(90)) : null,
      grants: [],
    });
  }

  // Promo codes and who redeemed them (each pair unique); used_count is exactly the redemptions.
  type PromoDraft = NewPromoCode & { users: { user: number; usedAt: number }[] };
  const promos: PromoDraft[] = [];
  for (let i = 0; i < counts.promoCodes; i++) {
    const course = chance(0.1);
    promos.push({
      code: `${pick(['PROMO', 'ENG', 'CURSO', 'BEM', 'VIP'])}${String(i).padStart(5, '0')}`,
      days: pick([7, 15, 30, 60, 90, 365]),
      maxUses: 1,
      usedCount: 0,
      isActive: !chance(0.1),
      targetRole: chance(0.7) ? 'E-TOOL' : 'E-MASTER',
      promoType: course ? 'course' : 'role',
      courseId: course ? pick(courseIds) : null,
      expiryDate: chance(0.3) ? now + int(-180, 180) * DAY : null,
      validUntil: course && chance(0.5) ? now + int(30, 365) * DAY : null,
      createdAt: past(400),
      createdBy: adminId,
      users: [],
    });
  }
  {
    const pairs = new Set<number>();
    let made = 0;
    while (made < counts.redemptions) {
      // Skewed: a few codes are redeemed far more often than the rest.
      const promo = Math.floor(Math.pow(random(), 1.6) * promos.length);
      const user = int(0, drafts.length - 1);
      const key = promo * drafts.length + user;
      if (pairs.has(key)) continue;
      pairs.add(key);
      promos[promo].users.push({ user, usedAt: Math.max(drafts[user].createdAt, past(365)) });
      made++;
    }
    for (const promo of promos) {
      promo.usedCount = promo.users.length;
      promo.maxUses = Math.max(1, promo.usedCount + int(0, 50));
    }
  }

  const insertUser = userInserter(sqlite);
  const insertPromo = promoCodeInserter(sqlite);
  const userIds: number[] = [];
  let grantCount = 0;
  step(`${counts.users} usuários, ${counts.promoCodes} códigos, ${counts.redemptions} resgates e os períodos de acesso`, () => {
    const usage = insertStatement(sqlite, 'promo_usage', ['promo_id', 'user_id', 'used_at']);
    const grant = insertStatement(sqlite, 'role_grants', [
      'user_id',
      'role',
      'starts_at',
      'ends_at',
      'source',
      'source_id',
      'created_at',
      'created_by',
    ]);
    type Usage = { promo: PromoDraft; promoId: number; user: number; usedAt: number };
    const usages: Usage[] = [];
    for (const promo of promos) {
      const promoId = insertPromo(promo);
      for (const use of promo.users) usages.push({ promo, promoId, ...use });
    }
    // Grants in time order per user, each chained after the user's current run of that role.
    usages.sort((a, b) => a.usedAt - b.usedAt);
    usages.forEach((use, index) => {
      if (use.promo.promoType !== 'role') return;
      const draft = drafts[use.user];
      const startsAt = nextGrantStart(draft.grants, use.promo.targetRole, new Date(use.usedAt));
      draft.grants.push({ role: use.promo.targetRole, startsAt, endsAt: addDays(startsAt, use.promo.days), source: 'promo', usage: index });
    });
    for (const draft of drafts) {
      if (chance(0.15)) {
        const role = chance(0.6) ? 'E-TOOL' : 'E-MASTER';
        const startsAt = nextGrantStart(draft.grants, role, new Date(Math.max(draft.createdAt, past(200))));
        draft.grants.push({ role, startsAt, endsAt: addDays(startsAt, 30 * int(1, 12)), source: 'payment' });
      }
      if (chance(0.0005)) draft.grants.push({ role: 'admin', startsAt: new Date(draft.createdAt), endsAt: null, source: 'admin' });
      const effective = effectiveRole(draft.grants, new Date(now));
      draft.role = effective.role;
      draft.roleExpiryDate = effective.expiresAt?.getTime() ?? null;
      userIds.push(insertUser(draft));
    }
    const usageIds = usages.map((use) => Number(usage.run(use.promoId, userIds[use.user], use.usedAt).lastInsertRowid));
    drafts.forEach((draft, index) => {
      for (const g of draft.grants) {
        const sourceId = g.usage === undefined ? null : usageIds[g.usage];
        grant.run(
          userIds[index],
          g.role,
          g.startsAt.getTime(),
          g.endsAt?.getTime() ?? null,
          g.source,
          sourceId,
          g.startsAt.getTime(),
          g.source === 'admin' ? adminId : null,
        );
        grantCount++;
      }
    });
  });

  // Course entitlements: unique (user, course) among active rows; some ended, some superseded
  // (inactive), from codes, purchases and admins. Then lesson progress: users who finished the
  // first lessons of a course, the bench course included (other users' rows it must not read).
  step(`${counts.courseGrants} acessos a cursos e ${counts.lessonProgress} aulas concluídas`, () => {
    const grant = insertStatement(sqlite, 'course_grants', [
      'user_id',
      'course_id',
      'source',
      'source_id',
      'starts_at',
      'ends_at',
      'active',
      'created_at',
      'created_by',
    ]);
    const pairs = new Set<string>();
    for (let made = 0; made < counts.courseGrants; ) {
      const userId = pick(userIds);
      const { courseId } = pick(courseLessons);
      const active = !chance(0.1);
      const key = `${userId}:${courseId}`;
      if (active && pairs.has(key)) continue;
      if (active) pairs.add(key);
      const startsAt = past(300);
      const ending = random();
      const endsAt = ending < 0.3 ? null : ending < 0.6 ? startsAt + int(1, 30) * DAY : now + int(1, 365) * DAY;
      const source = pick(['promo', 'purchase', 'admin'] as const);
      grant.run(userId, courseId, source, null, startsAt, endsAt, active ? 1 : 0, startsAt, source === 'admin' ? adminId : null);
      made++;
    }
    const progress = insertStatement(sqlite, 'lesson_progress', ['user_id', 'lesson_id', 'course_id', 'completed_at']);
    const begun = new Set<string>();
    for (let made = 0; made < counts.lessonProgress; ) {
      const userId = pick(userIds);
      const course = pick(courseLessons);
      const key = `${userId}:${course.courseId}`;
      if (begun.has(key)) continue;
      begun.add(key);
      const first = past(200);
      const done = Math.min(int(1, course.lessonIds.length), counts.lessonProgress - made);
      for (let i = 0; i < done; i++) progress.run(userId, course.lessonIds[i], course.courseId, first + i * 3_600_000);
      made += done;
    }
  });

  // Ratings: unique (tool, user); the tool's average and count come from exactly these rows,
  // rounded like app/models/tools/rating.server.ts (two decimals).
  step(`${counts.ratings} avaliações`, () => {
    const rating = insertStatement(sqlite, 'tool_ratings', ['tool_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at']);
    const seen = new Set<string>();
    const add = (toolId: number, userId: number) => {
      const key = `${toolId}:${userId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      const at = past(365);
      rating.run(
        toolId,
        userId,
        Math.min(5, Math.max(1, Math.round(3.6 + (random() - 0.5) * 4))),
        chance(0.3) ? pick(COMMENTS) : null,
        at,
        at,
      );
      return true;
    };
    for (const toolId of toolIds.slice(0, 30)) add(toolId, toolUserId);
    while (seen.size < counts.ratings) add(pick(toolIds), pick(userIds));
    const totals = sqlite
      .prepare(`select tool_id as toolId, count(*) as count, sum(rating) as sum from tool_ratings group by tool_id`)
      .all() as { toolId: number; count: number; sum: number }[];
    const update = sqlite.prepare(`update tools set average_rating = ?, total_ratings = ? where id = ?`);
    for (const t of totals) update.run(Math.round((t.sum * 100) / t.count) / 100, t.count, t.toolId);
  });

  // Notifications: broadcasts (read by some users) and personal ones (is_read on the row).
  let readCount = 0;
  step(`${counts.notifications} notificações com estados de leitura`, () => {
    const notification = insertStatement(sqlite, 'notifications', [
      'title',
      'message',
      'type',
      'link',
      'target_role',
      'is_read',
      'user_id',
      'created_at',
      'created_by',
      'expires_at',
    ]);
    const read = insertStatement(sqlite, 'notification_reads', ['notification_id', 'user_id', 'read_at']);
    for (let i = 1; i <= counts.notifications; i++) {
      const createdAt = past(180);
      const expiresAt = chance(0.2) ? createdAt + int(1, 60) * DAY : null;
      const personal = i % 5 === 0;
      const userId = personal ? (i % 25 === 0 ? toolUserId : pick(userIds)) : null;
      const id = Number(
        notification.run(
          `Aviso ${i}`,
          'Mensagem gerada para o teste de desempenho, com o tamanho de um aviso real da plataforma.',
          pick(NOTIFICATION_TYPES),
          chance(0.3) ? '/dashboard' : null,
          personal ? 'all' : pick(BROADCAST_TARGETS),
          personal && chance(0.5) ? 1 : 0,
          userId,
          createdAt,
          adminId,
          expiresAt,
        ).lastInsertRowid,
      );
      if (personal) continue;
      const readers = new Set<number>();
      const wanted = int(20, 160);
      while (readers.size < wanted) readers.add(pick(userIds));
      if (chance(0.5)) readers.add(toolUserId);
      for (const reader of readers) read.run(id, reader, createdAt + int(1, 72) * 3_600_000);
      readCount += readers.size;
    }
  });

  // Support chat.
  step(`${counts.chatThreads} conversas com ${counts.chatThreads * counts.messagesPerThread} mensagens`, () => {
    const thread = insertStatement(sqlite, 'chat_threads', [
      'user_id',
      'subject',
      'subject_key',
      'status',
      'is_user_unread',
      'is_admin_unread',
      'last_message_at',
      'created_at',
    ]);
    const message = insertStatement(sqlite, 'chat_messages', ['thread_id', 'user_id', 'message', 'is_admin_message', 'created_at']);
    for (let i = 0; i < counts.chatThreads; i++) {
      const userId = i < 5 ? toolUserId : pick(userIds);
      const createdAt = past(365);
      let at = createdAt;
      const times: number[] = [];
      for (let m = 0; m < counts.messagesPerThread; m++) times.push((at += int(1, 600) * 60_000));
      const lastFromAdmin = (counts.messagesPerThread - 1) % 2 === 1;
      const subject = pick(SUBJECTS);
      const id = Number(
        thread.run(
          userId,
          subject,
          sortKey(subject),
          chance(0.6) ? 'closed' : 'open',
          lastFromAdmin && chance(0.5) ? 1 : 0,
          lastFromAdmin ? 0 : 1,
          times[times.length - 1],
          createdAt,
        ).lastInsertRowid,
      );
      times.forEach((time, m) => {
        const fromAdmin = m % 2 === 1;
        message.run(id, fromAdmin ? adminId : userId, pick(SENTENCES), fromAdmin ? 1 : 0, time);
      });
    }
  });

  // Saved calculator results, so /calculators/history has something to list.
  step(`${counts.history} resultados salvos`, () => {
    const history = insertStatement(sqlite, 'calculation_history', [
      'user_id',
      'calculator_slug',
      'calculator_version',
      'title',
      'query',
      'created_at',
    ]);
    const query =
      'power=7.5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';
    for (let i = 0; i < counts.history; i++) {
      history.run(i < 100 ? toolUserId : pick(userIds), 'torque-eixo', '1.0.0', `Eixo ${i}`, query, past(365));
    }
  });

  // One user with a full history across every calculator, for the CSV export's bench (bench/csv-export.ts).
  const fullHistory = Math.round(BENCH_HISTORY_USER.calculations * scale);
  step(`${fullHistory} cálculos salvos de ${BENCH_HISTORY_USER.email}`, () => {
    const history = insertStatement(sqlite, 'calculation_history', [
      'user_id',
      'calculator_slug',
      'calculator_version',
      'title',
      'query',
      'results',
      'created_at',
    ]);
    const variants = calculators.map((calculator) => ({ calculator, saved: calculationVariants(calculator) }));
    const userId = demoId(BENCH_HISTORY_USER.email);
    for (let i = 0; i < fullHistory; i++) {
      const { calculator, saved } = variants[i % variants.length];
      const { query, results } = saved[int(0, saved.length - 1)];
      history.run(userId, calculator.slug, calculator.version, `${calculator.title} ${i + 1}`, query, results, past(730));
    }
  });

  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const summary = sqlite
    .prepare(
      `select (select count(*) from users) users, (select count(*) from role_grants) grants, (select count(*) from tools) tools,
              (select count(*) from tool_ratings) ratings, (select count(*) from promo_codes) codes, (select count(*) from promo_usage) redemptions,
              (select count(*) from notifications) notifications, (select count(*) from notification_reads) reads,
              (select count(*) from chat_threads) threads, (select count(*) from chat_messages) messages,
              (select count(*) from courses) courses, (select count(*) from lessons) lessons, (select count(*) from materials) materials,
              (select count(*) from course_grants) courseGrants, (select count(*) from lesson_progress) lessonProgress, (select count(*) from calculation_history) history`,
    )
    .get();
  sqlite.close();
  const seconds = (performance.now() - started) / 1000;
  const megabytes = statSync(path).size / 1024 / 1024;
  console.log(
    `Banco grande em ${path}: ${megabytes.toFixed(1)} MB em ${seconds.toFixed(1)} s (${grantCount} períodos, ${readCount} leituras)`,
  );
  console.log(JSON.stringify(summary));
}

await main();
