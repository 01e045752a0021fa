import { db } from '../../../db/client';
import { AppError } from '../../utils/errors';
import { consume } from '../accounts/rate-limit-store.server';
import { findPromoByCode, PROMO_MESSAGES, redeemPromoCodeIn, type Redemption } from './promo-code.server';

/**
 * The catalogue's 'Acesso Exclusivo' dialog: a course code typed without choosing a course first.
 * The redemption itself is promo-code.server.ts's (limits, expiry, one use per user, the grant);
 * this adds the one rule of that dialog: only course codes, and the course they open.
 */

export const COURSE_CODE_MESSAGES = {
  notForCourses: 'Este código promocional não é válido para cursos.',
} as const;

/** A course code redeemed in the catalogue: the redemption and the course it opened. */
export type CourseRedemption = Redemption & { course: { id: number } };

/**
 * Redeems a course code for whichever course it names. A role code is refused before anything
 * is written, so it stays unused for the account page or the dashboard box; so is the code of a
 * course the user could not open (hidden: 404, redeemPromoCodeIn's rule). Every attempt spends
 * a point of the same per-account limit as the other activations (codes cannot be guessed).
 */
export async function activateCourseCode(input: { userId: number; code: string }, now = new Date()): Promise<CourseRedemption> {
  await consume([['promoAccount', String(input.userId)]]);
  if (!input.code.trim()) throw new AppError(400, PROMO_MESSAGES.empty, 'code');
  return db.transaction((tx) => {
    const found = findPromoByCode(tx, input.code);
    if (found && found.promoType !== 'course') throw new AppError(400, COURSE_CODE_MESSAGES.notForCourses, 'code');
    // Naming the code's own course makes redeemPromoCodeIn refuse anything but that course code.
    const redemption = redeemPromoCodeIn(tx, { userId: input.userId, code: input.code, courseId: found?.courseId ?? null }, now);
    return { ...redemption, course: { id: redemption.promo.courseId! } };
  });
}
