import { randomInt, randomUUID } from 'node:crypto';
import { db } from '../../db/client';
import { courses, lessons, type GrantableRole, type UserRow } from '../../db/schema';
import { grantRole } from '../../app/models/accounts/role-grant.server';
import { startSession } from '../../app/models/accounts/session.server';
import { getUserById, insertUser } from '../../app/models/accounts/user.server';
import { withCheckDigits } from '../../app/utils/cpf';
import { sortKey } from '../../app/utils/fold';
import { hashPassword } from '../../app/utils/password.server';
import { authSessionStorage } from '../../app/utils/session.server';

/** Data factories shared by the integration tests and the Playwright fixtures (no test-runner imports). */
let cachedHash: Promise<string> | undefined;

/** A fresh valid CPF for each call (11 digits, check digits right). */
export function uniqueCpf(): string {
  return withCheckDigits(String(randomInt(100_000_000, 999_999_999)));
}

type CreateUserOptions = {
  role?: GrantableRole | 'E-BASIC';
  days?: number | null;
  cpf?: string | null;
  password?: string;
  username?: string;
  email?: string;
  /** 'Nome completo' (none by default). */
  fullName?: string | null;
  /** false: an address nobody confirmed yet (as after a registration). Default: confirmed, like every account older than confirmation. */
  emailConfirmed?: boolean;
};

/** A user with the given role (admin: permanent; E-TOOL/E-MASTER: `days`, default 30). */
export async function createUser(options: CreateUserOptions = {}): Promise<UserRow & { plainPassword: string }> {
  const id = randomUUID().slice(0, 8);
  const password = options.password ?? 'senha123';
  const passwordHash = options.password ? await hashPassword(password) : await (cachedHash ??= hashPassword('senha123'));
  const user = insertUser(db, {
    username: options.username ?? `user_${id}`,
    email: options.email ?? `user_${id}@example.com`,
    cpf: options.cpf === undefined ? uniqueCpf() : options.cpf,
    passwordHash,
    fullName: options.fullName ?? null,
    emailConfirmedAt: options.emailConfirmed === false ? null : new Date(),
  });
  const role = options.role ?? 'E-BASIC';
  if (role !== 'E-BASIC') {
    const days = role === 'admin' ? null : options.days === undefined ? 30 : options.days;
    grantRole(db, { userId: user.id, role, days, source: 'admin' });
  }
  return { ...getUserById(user.id)!, plainPassword: password };
}

/** A Cookie header for a live session of this user (as after a login). */
export async function sessionCookie(user: Pick<UserRow, 'id'>): Promise<string> {
  const session = await authSessionStorage.getSession();
  session.set('sessionId', startSession(user.id, { userAgent: 'vitest' }));
  const setCookie = await authSessionStorage.commitSession(session);
  return setCookie.split(';')[0];
}

type CourseInsert = typeof courses.$inferInsert;

/** A visible course (free unless `price` is given) with the fields a test does not care about filled in. */
export function createCourse(values: Partial<CourseInsert> & { title: string }): typeof courses.$inferSelect {
  return db
    .insert(courses)
    .values({
      titleKey: sortKey(values.title),
      description: 'Curso do teste.',
      category: 'electrical',
      instructor: 'Eng. Joana Araújo',
      duration: '8 horas',
      level: 'beginner',
      ...values,
    })
    .returning()
    .get();
}

/** A course's lessons in the order of `titles` (a placeholder description and video). */
export function createLessons(courseId: number, titles: readonly string[]): (typeof lessons.$inferSelect)[] {
  return titles.map((title, index) =>
    db
      .insert(lessons)
      .values({ courseId, title, description: 'Aula.', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', order: index + 1 })
      .returning()
      .get(),
  );
}
