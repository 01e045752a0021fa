import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import {
  certificates,
  courses,
  lessonProgress,
  lessons,
  type CertificateRow,
  type CertificateStatus,
  type UserRow,
} from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';
import { assertActingAdmin, recordAudit, type AuditActor } from '../audit/audit.server';
import { assertNotSpent, consume } from '../accounts/rate-limit-store.server';
import { inJsonIds, loadOpenCourseFor } from './access.server';
import { readCertificateRecord, type CertificateRecord } from './course-record';
import { lessonTotalsFor } from './lesson-totals.server';

/**
 * Course certificates (issue 22): issued once a user has done every lesson of a course they can open,
 * one valid per user and course (asking again returns it), reissued only when the user's name changed
 * (the old code then answers 'substituído'). Anyone may verify a code at /certificados/{codigo}; the public
 * view carries the name, the course, the hours and the dates, never the e-mail or the CPF. Code format and
 * PDF library: docs/decisions/038-certificate-codes-and-pdf.md.
 */

type Viewer = Pick<UserRow, 'id' | 'role' | 'username' | 'fullName'>;

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificado não encontrado',
  incomplete: 'Conclua todas as aulas do curso para emitir o certificado',
  alreadyRevoked: 'Este certificado já foi revogado',
  revokedForCourse: 'O certificado deste curso foi revogado. Fale com o suporte.',
  needsFullName: 'Informe seu nome completo em Minha Conta para emitir o certificado: é ele que vai impresso.',
} as const;

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 128 random bits in 26 characters (26 × 5 = 130 bits; the top two bits are zero). */
export const CODE_LENGTH = 26;
const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function newCertificateCode(): string {
  let value = BigInt(`0x${randomBytes(16).toString('hex')}`);
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) {
    code = ALPHABET[Number(value & 31n)] + code;
    value >>= 5n;
  }
  return code;
}

/** A typed code as stored: upper case, without spaces or hyphens, O read as 0 and I/L as 1; null when it cannot be one. */
export function normalizeCertificateCode(input: string): string | null {
  if (input.length > 64) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE_PATTERN.test(code) ? code : null;
}

/** The public face of a certificate: what the verification page and the PDF show. */
export type CertificateView = {
  code: string;
  status: CertificateStatus;
  holderName: string;
  courseTitle: string;
  hours: string;
  instructor: string;
  completedAt: string;
  issuedAt: string;
  /** Issue 31's content (workload, syllabus, instructors, technical lead, grade…); null on certificates issued before. */
  record: CertificateRecord | null;
};

export const toCertificateView = (row: CertificateRow): CertificateView => ({
  code: row.code,
  status: row.status,
  holderName: row.holderName,
  courseTitle: row.courseTitle,
  hours: row.hours,
  instructor: row.instructor,
  completedAt: row.completedAt.toISOString(),
  issuedAt: row.issuedAt.toISOString(),
  record: readCertificateRecord(row.record),
});

const validCertificate = (executor: Executor, userId: number, courseId: number) =>
  executor
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), eq(certificates.status, 'valid')))
    .get();

const hasRevoked = (executor: Executor, userId: number, courseId: number) =>
  executor
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), eq(certificates.status, 'revoked')))
    .get() !== undefined;

/** When the last lesson was marked done, or null while any lesson of the course is not done (or it has none). */
function completionOf(executor: Executor, userId: number, courseId: number): Date | null {
  const total = executor.select({ n: count() }).from(lessons).where(eq(lessons.courseId, courseId)).get()?.n ?? 0;
  const done = executor
    .select({ n: count(), last: max(lessonProgress.completedAt) })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
    .get();
  if (total === 0 || !done || done.n < total || !done.last) return null;
  return done.last;
}

/**
 * What the course page and 'Minha Conta' offer: 'Emitir certificado' once complete, the valid code if
 * issued, 'Emitir com o novo nome' when the full name changed since (`renamed`), and the way to
 * 'Nome completo' while there is none (`needsFullName`).
 */
export type CertificateOffer = { complete: boolean; code: string | null; renamed: boolean; needsFullName: boolean };

export function certificateOfferFor(viewer: Pick<UserRow, 'id' | 'fullName'>, courseId: number, executor: Executor = db): CertificateOffer {
  const valid = validCertificate(executor, viewer.id, courseId);
  return {
    complete: completionOf(executor, viewer.id, courseId) !== null,
    code: valid?.code ?? null,
    renamed: valid !== undefined && viewer.fullName !== null && valid.holderName !== viewer.fullName,
    needsFullName: viewer.fullName === null,
  };
}

/**
 * What a new certificate carries beyond the name and course (issue 31), built inside the issue's transaction
 * once the lessons are done; it may refuse (a final assessment not passed) by throwing an AppError.
 */
export type CertificateRecordHook = (tx: Executor, completedAt: Date) => string | null;

/**
 * 'Emitir certificado': the valid certificate of this user and course, made now if there is none, or
 * made anew (the old one 'replaced') when the user's name is no longer the one printed on it (the
 * new one keeps the old one's record: the same certificate under the new name).
 */
export function issueCertificate(viewer: Viewer, courseId: number, now = new Date(), recordFor?: CertificateRecordHook): CertificateView {
  return db.transaction((tx) => {
    const { course } = loadOpenCourseFor(viewer, courseId, tx, now);
    const completedAt = completionOf(tx, viewer.id, courseId);
    if (!completedAt) throw new AppError(409, CERTIFICATE_MESSAGES.incomplete);
    const current = validCertificate(tx, viewer.id, courseId);
    if (!current && hasRevoked(tx, viewer.id, courseId)) throw new AppError(409, CERTIFICATE_MESSAGES.revokedForCourse);
    if (!viewer.fullName) throw new AppError(409, CERTIFICATE_MESSAGES.needsFullName);
    if (current && current.holderName === viewer.fullName) return toCertificateView(current);
    const record = current ? current.record : (recordFor?.(tx, completedAt) ?? null);
    if (current) tx.update(certificates).set({ status: 'replaced', statusChangedAt: now }).where(eq(certificates.id, current.id)).run();
    const row = tx
      .insert(certificates)
      .values({
        code: newCertificateCode(),
        userId: viewer.id,
        courseId,
        holderName: viewer.fullName,
        courseTitle: course.title,
        hours: course.duration,
        instructor: course.instructor,
        completedAt,
        issuedAt: now,
        record,
      })
      .returning()
      .get();
    return toCertificateView(row);
  });
}

/**
 * The public verification: any status (the page says 'substituído' or 'revogado'), or 404. Only codes that
 * match nothing count against the address (30 per 15 minutes); a spent address is refused before looking,
 * so a refusal never tells a right code from a wrong one.
 */
export async function verifyCertificate(input: string, address: string): Promise<CertificateView> {
  await assertNotSpent([['certificateMiss', address]]);
  const code = normalizeCertificateCode(input);
  const row = code ? db.select().from(certificates).where(eq(certificates.code, code)).get() : undefined;
  if (!row) {
    await consume([['certificateMiss', address]]);
    throw new AppError(404, CERTIFICATE_MESSAGES.notFound);
  }
  return toCertificateView(row);
}

/** The user's certificates, newest first: 'Minha Conta' and the personal-data export. */
export function certificatesOf(userId: number, executor: Executor = db): (CertificateView & { courseId: number | null })[] {
  return executor
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .all()
    .map((row) => ({ ...toCertificateView(row), courseId: row.courseId }));
}

/** 'Minha Conta' → 'Certificados': each course whose lessons the user has all done, with its valid code or none yet, and whether it bears an older name. */
export type AccountCertificate = { courseId: number; courseTitle: string; code: string | null; renamed: boolean };

// 'Minha Conta' asks on every view: each read prepared once per connection, the lists of ids as one JSON placeholder.
const progressByCourse = preparedQuery(() =>
  db
    .select({ courseId: lessonProgress.courseId, n: count() })
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, sql.placeholder('userId')))
    .groupBy(lessonProgress.courseId)
    .prepare(),
);
const validCodes = preparedQuery(() =>
  db
    .select({ courseId: certificates.courseId, code: certificates.code, holderName: certificates.holderName })
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, sql.placeholder('userId')),
        eq(certificates.status, 'valid'),
        inJsonIds(certificates.courseId, 'courseIds'),
      ),
    )
    .prepare(),
);
const completedCourses = preparedQuery(() =>
  db
    .select({ courseId: courses.id, courseTitle: courses.title })
    .from(courses)
    .where(inJsonIds(courses.id, 'courseIds'))
    .orderBy(courses.titleKey)
    .prepare(),
);

export function accountCertificates(userId: number, fullName: string | null): AccountCertificate[] {
  const done = progressByCourse().all({ userId });
  if (done.length === 0) return [];
  const totals = lessonTotalsFor(done.map((row) => row.courseId));
  const complete = done.filter((row) => row.n > 0 && totals.get(row.courseId) === row.n).map((row) => row.courseId);
  if (complete.length === 0) return [];
  const courseIds = JSON.stringify(complete);
  const codes = new Map(
    validCodes()
      .all({ userId, courseIds })
      .map((row) => [row.courseId, row]),
  );
  return completedCourses()
    .all({ courseIds })
    .map((row) => {
      const valid = codes.get(row.courseId);
      return { ...row, code: valid?.code ?? null, renamed: valid !== undefined && fullName !== null && valid.holderName !== fullName };
    });
}

export type AdminCertificateItem = CertificateView & { id: number };

/** The admin's list for one course, newest first. */
export function listCourseCertificates(courseId: number, query: { page: number; perPage: number }): Page<AdminCertificateItem> {
  const where = eq(certificates.courseId, courseId);
  return paginate(query, {
    count: () => db.select({ n: count() }).from(certificates).where(where).get()?.n ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(certificates)
        .where(where)
        .orderBy(desc(certificates.issuedAt), desc(certificates.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => ({ ...toCertificateView(row), id: row.id })),
  });
}

/** An admin revokes one certificate (audited); a revoked one stays revoked. */
export function revokeCertificate(actor: AuditActor, id: number, now = new Date()): CertificateView {
  return db.transaction((tx) => {
    assertActingAdmin(tx, actor);
    const row = tx.select().from(certificates).where(eq(certificates.id, id)).get();
    if (!row) throw new AppError(404, CERTIFICATE_MESSAGES.notFound);
    if (row.status === 'revoked') throw new AppError(409, CERTIFICATE_MESSAGES.alreadyRevoked);
    const revoked = tx
      .update(certificates)
      .set({ status: 'revoked', statusChangedAt: now })
      .where(eq(certificates.id, id))
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: 'certificate.revoke',
      entityType: 'certificate',
      entityId: id,
      summary: `certificado ${row.code} (curso #${row.courseId ?? '—'}): ${row.status} → revoked`,
    });
    return toCertificateView(revoked);
  });
}

/**
 * A deleted account's certificates: revoked, the name blanked and the user detached, in the deletion's
 * transaction. The codes keep answering, as 'revogado', so a copy that circulates is not taken as valid.
 */
export function revokeCertificatesOfErasedUser(tx: Executor, userId: number, now = new Date()): number {
  return tx
    .update(certificates)
    .set({ status: 'revoked', statusChangedAt: now, holderName: '', userId: null })
    .where(eq(certificates.userId, userId))
    .returning({ id: certificates.id })
    .all().length;
}
