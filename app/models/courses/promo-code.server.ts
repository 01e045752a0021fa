import { count, and, desc, eq, lt, sql } from 'drizzle-orm';
import { db, preparedShapes, type Executor } from '../../../db/client';
import { courses, promoCodes, promoUsage, type UserRow } from '../../../db/schema';
import { PROMO_CODE_EMPTY, type PromoCodeInput } from '../../schemas/promo-code';
import { AppError } from '../../utils/errors';
import { likePattern, paginate, type Page } from '../../utils/pagination.server';
import { foldKey } from '../../utils/fold';
import { withUniqueConflicts } from '../../utils/unique-conflict';
import { consume } from '../accounts/rate-limit-store.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { assertCourseCodeUsable, grantCourse } from './access.server';
import { grantRole } from '../accounts/role-grant.server';
import { getUserById } from '../accounts/user.server';

type PromoRow = typeof promoCodes.$inferSelect;

export const PROMO_MESSAGES = {
  empty: PROMO_CODE_EMPTY,
  notFound: 'Código promocional inválido.',
  inactive: 'Este código promocional não está mais ativo.',
  expired: 'Este código promocional expirou.',
  exhausted: 'Este código promocional atingiu o limite de usos.',
  alreadyUsed: 'Você já utilizou este código promocional.',
  wrongCourse: 'Este código promocional não é válido para este curso.',
  noCourse: 'Nenhum curso selecionado',
  duplicate: 'Já existe um código promocional com este código.',
  courseNotFound: 'Curso não encontrado',
  missing: 'Código promocional não encontrado',
} as const;

/** Codes are stored as typed and compared on their folded key: 'ÇÃO10' is redeemable as 'ção10'. */
export function findPromoByCode(executor: Executor, code: string): PromoRow | undefined {
  return executor
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.codeKey, foldKey(code)))
    .get();
}

/** Every reason a code cannot be used by this user now, checked before anything is written. */
export function assertRedeemable(executor: Executor, promo: PromoRow | undefined, userId: number | null, now: Date): PromoRow {
  if (!promo) throw new AppError(404, PROMO_MESSAGES.notFound, 'code');
  if (!promo.isActive) throw new AppError(400, PROMO_MESSAGES.inactive, 'code');
  if (promo.expiryDate && promo.expiryDate.getTime() <= now.getTime()) throw new AppError(400, PROMO_MESSAGES.expired, 'code');
  // A course code whose access period is already over would give nothing.
  if (promo.promoType === 'course' && promo.validUntil && promo.validUntil.getTime() <= now.getTime())
    throw new AppError(400, PROMO_MESSAGES.expired, 'code');
  if (promo.usedCount >= promo.maxUses) throw new AppError(409, PROMO_MESSAGES.exhausted, 'code');
  if (userId !== null) {
    const used = executor
      .select({ id: promoUsage.id })
      .from(promoUsage)
      .where(and(eq(promoUsage.promoId, promo.id), eq(promoUsage.userId, userId)))
      .get();
    if (used) throw new AppError(409, PROMO_MESSAGES.alreadyUsed, 'code');
  }
  return promo;
}

export type Redemption = { message: string; user: UserRow; promo: PromoRow };

/**
 * Redeems a code inside the caller's transaction: one conditional UPDATE takes a use only
 * while uses remain, so concurrent redemptions can never pass maxUses. A course code is taken
 * only by someone who can open its course (assertCourseCodeUsable), on every path that redeems.
 */
export function redeemPromoCodeIn(
  tx: Executor,
  input: { userId: number; code: string; courseId?: number | null },
  now = new Date(),
): Redemption {
  const found = findPromoByCode(tx, input.code);
  // On a course's page (courseId given) only that course's code is accepted, never a role code;
  // checked first, so another course's code says nothing about its own state (used up, expired).
  if (found && input.courseId != null && (found.promoType !== 'course' || found.courseId !== input.courseId)) {
    throw new AppError(400, PROMO_MESSAGES.wrongCourse, 'code');
  }
  const promo = assertRedeemable(tx, found, input.userId, now);
  if (promo.promoType === 'course') assertCourseCodeUsable(tx, getUserById(input.userId, tx, now)!, promo.courseId!);
  const taken = tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(and(eq(promoCodes.id, promo.id), lt(promoCodes.usedCount, promoCodes.maxUses)))
    .returning({ id: promoCodes.id })
    .get();
  if (!taken) throw new AppError(409, PROMO_MESSAGES.exhausted, 'code');
  const usage = tx.insert(promoUsage).values({ promoId: promo.id, userId: input.userId, usedAt: now }).returning().get();

  let message: string;
  if (promo.promoType === 'role') {
    grantRole(tx, { userId: input.userId, role: promo.targetRole, days: promo.days, source: 'promo', sourceId: usage.id }, now);
    message = `Código ativado! Você recebeu ${promo.days} dias de acesso ${promo.targetRole}.`;
  } else {
    grantCourse(
      tx,
      { userId: input.userId, courseId: promo.courseId!, source: 'promo', sourceId: usage.id, endsAt: promo.validUntil },
      now,
    );
    message = 'Você agora tem acesso ao curso!';
  }
  return { message, user: getUserById(input.userId, tx, now)!, promo };
}

export function redeemPromoCode(input: { userId: number; code: string; courseId?: number | null }, now = new Date()): Redemption {
  if (!input.code.trim()) throw new AppError(400, PROMO_MESSAGES.empty, 'code');
  return db.transaction((tx) => redeemPromoCodeIn(tx, input, now));
}

/**
 * The activation by a signed-in user (account page, dashboard box, API): every attempt spends
 * a point of the per-account limit, so codes cannot be guessed by trying many.
 */
export async function activatePromoCode(
  input: { userId: number; code: string; courseId?: number | null },
  now = new Date(),
): Promise<Redemption> {
  await consume([['promoAccount', String(input.userId)]]);
  return redeemPromoCode(input, now);
}

export type PromoCodeView = {
  id: number;
  code: string;
  days: number;
  maxUses: number;
  usedCount: number;
  isActive: boolean;
  promoType: PromoRow['promoType'];
  targetRole: PromoRow['targetRole'] | null;
  courseId: number | null;
  courseTitle: string | null;
  expiryDate: string | null;
  validUntil: string | null;
  createdAt: string;
};

function toPromoCodeView(row: PromoRow, courseTitle: string | null): PromoCodeView {
  return {
    id: row.id,
    code: row.code,
    days: row.days,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    isActive: row.isActive,
    promoType: row.promoType,
    targetRole: row.promoType === 'role' ? row.targetRole : null,
    courseId: row.courseId,
    courseTitle,
    expiryDate: row.expiryDate?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PromoListFilter = { q?: string; courseId?: number | null; page?: number; perPage?: number };

/**
 * The admin list (page and API), newest first through promo_codes_created_idx; `courseId`
 * narrows it to one course's codes (promo_codes_course_idx), `q` searches the code (its folded key).
 */
export function listPromoCodes(filter: PromoListFilter = {}): Page<PromoCodeView> {
  const shape: PromoListShape = { course: Boolean(filter.courseId), q: Boolean(filter.q) };
  const values = { courseId: filter.courseId || null, q: filter.q ? likePattern(filter.q) : null };
  return paginate(
    { page: filter.page ?? 1, perPage: filter.perPage ?? 100 },
    {
      count: () => promoCount(shape).get(values)?.value ?? 0,
      rows: (limit, offset) =>
        promoRows(shape)
          .all({ ...values, limit, offset })
          .map((row) => toPromoCodeView(row.promo, row.courseTitle)),
    },
  );
}

/** Whether the list is narrowed to one course's codes and searched: each shape is prepared once per connection. */
type PromoListShape = { course: boolean; q: boolean };

const promoListWhere = (shape: PromoListShape) =>
  and(
    shape.course ? eq(promoCodes.courseId, sql.placeholder('courseId')) : undefined,
    shape.q ? sql`${promoCodes.codeKey} like ${sql.placeholder('q')} escape '\\'` : undefined,
  );

const buildPromoCount = (shape: PromoListShape) => db.select({ value: count() }).from(promoCodes).where(promoListWhere(shape)).prepare();
const buildPromoRows = (shape: PromoListShape) =>
  db
    .select({ promo: promoCodes, courseTitle: courses.title })
    .from(promoCodes)
    .leftJoin(courses, eq(courses.id, promoCodes.courseId))
    .where(promoListWhere(shape))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();

const promoCount = preparedShapes(buildPromoCount);
const promoRows = preparedShapes(buildPromoRows);

const describePromo = (view: PromoCodeView) =>
  `${view.code} (${view.promoType === 'role' ? `cargo ${view.targetRole}` : `curso ${view.courseTitle ?? view.courseId}`}, ${view.days} dias, ${view.maxUses} usos)`;

/**
 * Creates a code for the acting admin (audited in the same transaction); the code is unique
 * whatever its letter case (409), a course code needs an existing course.
 */
export function createPromoCode(actor: AuditActor, input: PromoCodeInput): PromoCodeView {
  return db.transaction((tx) => {
    if (findPromoByCode(tx, input.code)) throw new AppError(409, PROMO_MESSAGES.duplicate, 'code');
    let courseTitle: string | null = null;
    if (input.promoType === 'course') {
      const course = tx.select({ title: courses.title }).from(courses).where(eq(courses.id, input.courseId!)).get();
      if (!course) throw new AppError(400, PROMO_MESSAGES.courseNotFound, 'courseId');
      courseTitle = course.title;
    }
    const row = withUniqueConflicts({ 'promo_codes.code_key': { message: PROMO_MESSAGES.duplicate, field: 'code' } }, () =>
      tx
        .insert(promoCodes)
        .values({
          code: input.code,
          codeKey: foldKey(input.code),
          days: input.days,
          maxUses: input.maxUses,
          promoType: input.promoType,
          targetRole: input.targetRole,
          courseId: input.courseId,
          expiryDate: input.expiryDate,
          validUntil: input.validUntil,
          createdBy: actor.id,
        })
        .returning()
        .get(),
    );
    const view = toPromoCodeView(row, courseTitle);
    recordAudit(tx, actor, {
      action: 'promo.create',
      entityType: 'promo_code',
      entityId: row.id,
      summary: `criado: ${describePromo(view)}`,
    });
    return view;
  });
}

/**
 * Deletes a code and its usage records. Days already granted by it stay: they were given,
 * and taking them back would be a separate, explicit admin action.
 */
export function deletePromoCode(actor: AuditActor, id: number): void {
  db.transaction((tx) => {
    const deleted = tx.delete(promoCodes).where(eq(promoCodes.id, id)).returning().get();
    if (!deleted) throw new AppError(404, PROMO_MESSAGES.missing);
    const courseTitle = deleted.courseId
      ? (tx.select({ title: courses.title }).from(courses).where(eq(courses.id, deleted.courseId)).get()?.title ?? null)
      : null;
    const summary = `excluído: ${describePromo(toPromoCodeView(deleted, courseTitle))}, ${deleted.usedCount} usos feitos`;
    recordAudit(tx, actor, { action: 'promo.delete', entityType: 'promo_code', entityId: id, summary });
  });
}
