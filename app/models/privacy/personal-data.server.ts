import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import {
  activeSessions,
  calculationHistory,
  chatMessages,
  chatThreads,
  coursePurchases,
  courseGrants,
  courses,
  lessonProgress,
  lessons,
  memorialProfiles,
  notificationReads,
  notifications,
  passkeys,
  payments,
  promoCodes,
  promoUsage,
  recoveryCodes,
  roleGrants,
  toolRatings,
  tools,
  twoFactor,
  users,
} from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { mailsOf } from '../mail/outbox.server';
import { mailChoices } from '../mail/preferences.server';
import { signInsForExport } from '../accounts/sign-ins.server';
import { certificatesOf } from '../courses/certificate.server';
import { projectsOf } from '../projects/personal-data.server';
import { attemptsOf } from '../assessments/personal-data.server';

/**
 * 'Baixar meus dados' (LGPD art. 18 II and V, art. 19): everything the app keeps about one
 * account, in one JSON document, read in one transaction so the parts agree with each other.
 * Left out on purpose: the password hash and recovery token (secrets, not information about the
 * person), session ids (they would let the file's reader sign in), and who in the support team
 * answered a ticket (another person's data: a reply says only that it came from the support).
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const PERSONAL_DATA_FORMAT = 'e-engenharia/dados-pessoais/v1';

export type PersonalData = ReturnType<typeof collect>;

/** The memorial's 'Dados do projeto' (null when never saved). */
const memorialProfileOf = (row: typeof memorialProfiles.$inferSelect | undefined) =>
  row
    ? {
        projectName: row.projectName,
        client: row.client,
        place: row.place,
        engineerName: row.engineerName,
        crea: row.crea,
        art: row.art,
        updatedAt: iso(row.updatedAt),
      }
    : null;

function collect(tx: Executor, userId: number, now: Date) {
  const user = tx.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError(404, 'Usuário não encontrado');

  const threads = tx
    .select()
    .from(chatThreads)
    .where(eq(chatThreads.userId, userId))
    .orderBy(asc(chatThreads.createdAt), asc(chatThreads.id))
    .all();
  const messages = threads.length
    ? tx
        .select()
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.threadId,
            threads.map((thread) => thread.id),
          ),
        )
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
        .all()
    : [];

  const reads = new Map(
    tx
      .select()
      .from(notificationReads)
      .where(eq(notificationReads.userId, userId))
      .all()
      .map((row) => [row.notificationId, row.readAt]),
  );
  // Received: their own notifications, the broadcasts they read, and the broadcasts addressed to them now.
  const received = tx
    .select()
    .from(notifications)
    .where(
      or(
        eq(notifications.userId, userId),
        and(
          isNull(notifications.userId),
          or(
            inArray(notifications.id, [...reads.keys()]),
            and(
              or(eq(notifications.targetRole, 'all'), eq(notifications.targetRole, user.role)),
              or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .all();

  return {
    format: PERSONAL_DATA_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      emailConfirmedAt: iso(user.emailConfirmedAt),
      emailChangedAt: iso(user.emailChangedAt),
      cpf: user.cpf,
      role: user.role,
      roleExpiryDate: iso(user.roleExpiryDate),
      disablePasswordRecovery: user.disablePasswordRecovery,
      stripeCustomerId: user.stripeCustomerId,
      createdAt: iso(user.createdAt),
      lastLogin: iso(user.lastLogin),
    },
    roleGrants: tx
      .select()
      .from(roleGrants)
      .where(eq(roleGrants.userId, userId))
      .orderBy(asc(roleGrants.startsAt), asc(roleGrants.id))
      .all()
      .map((grant) => ({
        role: grant.role,
        source: grant.source,
        startsAt: iso(grant.startsAt),
        endsAt: iso(grant.endsAt),
        revokedAt: iso(grant.revokedAt),
        createdAt: iso(grant.createdAt),
      })),
    courseGrants: tx
      .select({ grant: courseGrants, courseTitle: courses.title })
      .from(courseGrants)
      .innerJoin(courses, eq(courses.id, courseGrants.courseId))
      .where(eq(courseGrants.userId, userId))
      .orderBy(asc(courseGrants.startsAt), asc(courseGrants.id))
      .all()
      .map(({ grant, courseTitle }) => ({
        courseId: grant.courseId,
        course: courseTitle,
        source: grant.source,
        startsAt: iso(grant.startsAt),
        endsAt: iso(grant.endsAt),
        active: grant.active,
      })),
    coursePurchases: tx
      .select({ purchase: coursePurchases, courseTitle: courses.title })
      .from(coursePurchases)
      .innerJoin(courses, eq(courses.id, coursePurchases.courseId))
      .where(eq(coursePurchases.userId, userId))
      .orderBy(asc(coursePurchases.purchasedAt), asc(coursePurchases.id))
      .all()
      .map(({ purchase, courseTitle }) => ({
        courseId: purchase.courseId,
        course: courseTitle,
        priceCents: purchase.priceCents,
        purchasedAt: iso(purchase.purchasedAt),
        expiresAt: iso(purchase.expiresAt),
        active: purchase.active,
      })),
    payments: tx
      .select({ payment: payments, courseTitle: courses.title })
      .from(payments)
      .leftJoin(courses, eq(courses.id, payments.courseId))
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .all()
      .map(({ payment, courseTitle }) => ({
        id: payment.id,
        reference: payment.stripePaymentIntentId,
        kind: payment.kind,
        planType: payment.planType,
        months: payment.months,
        courseId: payment.courseId,
        course: courseTitle,
        amountCents: payment.amountCents,
        method: payment.method,
        status: payment.status,
        createdAt: iso(payment.createdAt),
        completedAt: iso(payment.completedAt),
        refundStatus: payment.refundStatus,
        refundRequestedAt: iso(payment.refundRequestedAt),
        refundedAt: iso(payment.refundedAt),
      })),
    promoCodeRedemptions: tx
      .select({ code: promoCodes.code, usedAt: promoUsage.usedAt })
      .from(promoUsage)
      .innerJoin(promoCodes, eq(promoCodes.id, promoUsage.promoId))
      .where(eq(promoUsage.userId, userId))
      .orderBy(asc(promoUsage.usedAt))
      .all()
      .map((row) => ({ code: row.code, usedAt: iso(row.usedAt) })),
    ratings: tx
      .select({ rating: toolRatings, toolName: tools.name })
      .from(toolRatings)
      .innerJoin(tools, eq(tools.id, toolRatings.toolId))
      .where(eq(toolRatings.userId, userId))
      .orderBy(asc(toolRatings.createdAt), asc(toolRatings.id))
      .all()
      .map(({ rating, toolName }) => ({
        toolId: rating.toolId,
        tool: toolName,
        rating: rating.rating,
        comment: rating.comment,
        createdAt: iso(rating.createdAt),
        updatedAt: iso(rating.updatedAt),
      })),
    chats: threads.map((thread) => ({
      id: thread.id,
      subject: thread.subject,
      status: thread.status,
      createdAt: iso(thread.createdAt),
      lastMessageAt: iso(thread.lastMessageAt),
      messages: messages
        .filter((message) => message.threadId === thread.id)
        .map((message) => ({
          from: message.isAdminMessage ? ('support' as const) : ('you' as const),
          message: message.message,
          createdAt: iso(message.createdAt),
        })),
    })),
    lessonProgress: tx
      .select({
        courseId: lessonProgress.courseId,
        course: courses.title,
        lessonId: lessonProgress.lessonId,
        lesson: lessons.title,
        completedAt: lessonProgress.completedAt,
      })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
      .where(eq(lessonProgress.userId, userId))
      .orderBy(asc(lessonProgress.completedAt))
      .all()
      .map((row) => ({ ...row, completedAt: iso(row.completedAt) })),
    notifications: received.map((row) => {
      const readAt = row.userId === null ? (reads.get(row.id) ?? null) : null;
      return {
        id: row.id,
        title: row.title,
        message: row.message,
        type: row.type,
        link: row.link,
        personal: row.userId !== null,
        receivedAt: iso(row.createdAt),
        read: row.userId === null ? readAt !== null : row.isRead,
        readAt: iso(readAt),
      };
    }),
    calculations: tx
      .select()
      .from(calculationHistory)
      .where(eq(calculationHistory.userId, userId))
      .orderBy(asc(calculationHistory.createdAt), asc(calculationHistory.id))
      .all()
      .map((row) => ({
        calculator: row.calculatorSlug,
        calculatorVersion: row.calculatorVersion,
        title: row.title,
        query: row.query,
        createdAt: iso(row.createdAt),
      })),
    certificates: certificatesOf(userId, tx).map(({ code, status, courseTitle, hours, instructor, completedAt, issuedAt }) => ({
      code,
      status,
      courseTitle,
      hours,
      instructor,
      completedAt,
      issuedAt,
    })),
    assessmentAttempts: attemptsOf(userId, tx),
    projects: projectsOf(userId, tx),
    memorialProfile: memorialProfileOf(tx.select().from(memorialProfiles).where(eq(memorialProfiles.userId, userId)).get()),
    // 'Minha Conta' → 'E-mails', and every mail the platform sent (or will send) to the account (docs/mail.md).
    mailChoices: mailChoices(user, tx).map(({ kind, label, enabled }) => ({ kind, label, enabled })),
    mails: mailsOf(userId, tx).map((mail) => ({
      kind: mail.kind,
      to: mail.toAddress,
      subject: mail.subject,
      status: mail.status,
      queuedAt: iso(mail.createdAt),
      sentAt: iso(mail.sentAt),
    })),
    sessions: tx
      .select()
      .from(activeSessions)
      .where(eq(activeSessions.userId, userId))
      .orderBy(asc(activeSessions.createdAt))
      .all()
      .map((row) => ({
        createdAt: iso(row.createdAt),
        lastSeenAt: iso(row.lastActivity),
        expiresAt: iso(row.expiresAt),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
      })),
    // Whether two-step sign-in is on and how many recovery codes are left; never the secret or the codes.
    twoFactor: twoFactorSummary(tx, userId),
    // The last sign-ins and the browsers the account knows (decision 068); never a browser's id or its digest.
    ...signInsForExport(tx, userId),
    // The passkeys by name and dates; never the credential id or the public key.
    passkeys: tx
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt))
      .all()
      .map((row) => ({ name: row.name, createdAt: iso(row.createdAt), lastUsedAt: iso(row.lastUsedAt) })),
  };
}

function twoFactorSummary(tx: Executor, userId: number) {
  const row = tx.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).get();
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0, recoveryCodesUsed: [] as string[] };
  const codes = tx.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)).all();
  return {
    enabled: true,
    enabledAt: iso(row.enabledAt),
    recoveryCodesLeft: codes.filter((code) => !code.usedAt).length,
    recoveryCodesUsed: codes.flatMap((code) => (code.usedAt ? [iso(code.usedAt)] : [])),
  };
}

/** One user's data, only ever their own: the caller passes the signed-in user's id. */
export function exportPersonalData(userId: number, now = new Date()): PersonalData {
  // A read-only snapshot: a deferred transaction takes no write lock.
  return db.transaction((tx) => collect(tx, userId, now), { behavior: 'deferred' });
}

/** The download's name: ASCII only (a header value), the account id and the day. */
export const personalDataFileName = (userId: number, now = new Date()) =>
  `e-engenharia-meus-dados-${userId}-${now.toISOString().slice(0, 10)}.json`;
