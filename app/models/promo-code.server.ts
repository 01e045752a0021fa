import { and, eq, lt, sql } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { promoCodes, promoUsage, type UserRow } from '../../db/schema';
import { AppError } from '../utils/errors';
import { grantRole } from './role-grant.server';
import { getUserById } from './user.server';

type PromoRow = typeof promoCodes.$inferSelect;

export const PROMO_MESSAGES = {
  empty: 'Por favor, insira um código promocional.',
  notFound: 'Código promocional inválido.',
  inactive: 'Este código promocional não está mais ativo.',
  expired: 'Este código promocional expirou.',
  exhausted: 'Este código promocional atingiu o limite de usos.',
  alreadyUsed: 'Você já utilizou este código promocional.',
  wrongCourse: 'Este código promocional não é válido para este curso.',
  noCourse: 'Nenhum curso selecionado',
} as const;

export function findPromoByCode(executor: Executor, code: string): PromoRow | undefined {
  return executor
    .select()
    .from(promoCodes)
    .where(sql`upper(${promoCodes.code}) = ${code.trim().toUpperCase()}`)
    .get();
}

/** Every reason a code cannot be used by this user now, checked before anything is written. */
export function assertRedeemable(executor: Executor, promo: PromoRow | undefined, userId: number | null, now: Date): PromoRow {
  if (!promo) throw new AppError(404, PROMO_MESSAGES.notFound, 'code');
  if (!promo.isActive) throw new AppError(400, PROMO_MESSAGES.inactive, 'code');
  if (promo.expiryDate && promo.expiryDate.getTime() <= now.getTime()) throw new AppError(400, PROMO_MESSAGES.expired, 'code');
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
 * while uses remain, so concurrent redemptions can never pass maxUses.
 */
export function redeemPromoCodeIn(
  tx: Executor,
  input: { userId: number; code: string; courseId?: number | null },
  now = new Date(),
): Redemption {
  const promo = assertRedeemable(tx, findPromoByCode(tx, input.code), input.userId, now);
  if (promo.promoType === 'course' && input.courseId != null && promo.courseId !== input.courseId) {
    throw new AppError(400, PROMO_MESSAGES.wrongCourse, 'code');
  }
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
    message = 'Você agora tem acesso ao curso!';
  }
  return { message, user: getUserById(input.userId, tx, now)!, promo };
}

export function redeemPromoCode(input: { userId: number; code: string; courseId?: number | null }, now = new Date()): Redemption {
  if (!input.code.trim()) throw new AppError(400, PROMO_MESSAGES.empty, 'code');
  return db.transaction((tx) => redeemPromoCodeIn(tx, input, now));
}
