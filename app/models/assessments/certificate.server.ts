import { and, asc, eq, min } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { assessmentAttempts, courses, lessonProgress, lessons, type UserRow } from '../../../db/schema';
import { ASSESSMENT_TEXTS } from '../../schemas/assessment';
import { AppError } from '../../utils/errors';
import {
  accountCertificates,
  certificateOfferFor,
  issueCertificate,
  type AccountCertificate,
  type CertificateOffer,
  type CertificateView,
} from '../courses/certificate.server';
import { MODALITY, readInstructors, readTechnicalLead, syllabusTopics, type CertificateRecord } from '../courses/course-record';
import { passedAttemptOf, settingsOf } from './attempts.server';

/**
 * The certificate of a course with a final assessment (issue 31): every lesson done and a passed attempt,
 * and on the certificate the content NR-1 lists for a training certificate (workload, syllabus, dates,
 * modality, instructors and their qualification, the technical lead, the passing grade, place and date).
 */

export const ASSESSED_CERTIFICATE_MESSAGES = ASSESSMENT_TEXTS;

/** Where a distance course takes place, printed as the certificate's place. */
export const CERTIFICATE_PLACE = 'Plataforma E-Engenharia (internet)';

/** The course page's offer, and whether its final assessment (if any) is passed. */
export type CourseCertificateOffer = CertificateOffer & { assessment: { passed: boolean } | null };

export function courseCertificateOffer(viewer: Pick<UserRow, 'id' | 'fullName'>, courseId: number): CourseCertificateOffer {
  const offer = certificateOfferFor(viewer, courseId);
  const settings = settingsOf(courseId);
  return { ...offer, assessment: settings ? { passed: passedAttemptOf(db, viewer.id, courseId) !== null } : null };
}

/**
 * 'Minha Conta' → 'Certificados': each completed course, and whether its final assessment (if any) is
 * passed, so a course that still needs it offers 'Faça a avaliação final' instead of 'Emitir certificado'.
 */
export type AccountCertificateOffer = AccountCertificate & { assessment: { passed: boolean } | null };

export function accountCertificateOffers(userId: number, fullName: string | null): AccountCertificateOffer[] {
  return accountCertificates(userId, fullName).map((item) => ({
    ...item,
    assessment: settingsOf(item.courseId) ? { passed: passedAttemptOf(db, userId, item.courseId) !== null } : null,
  }));
}

/** The record a new certificate carries; refuses while the course's final assessment is not passed. */
function recordFor(userId: number, courseId: number, tx: Executor): CertificateRecord {
  const passed = passedAttemptOf(tx, userId, courseId);
  if (settingsOf(courseId, tx) && !passed) throw new AppError(409, ASSESSED_CERTIFICATE_MESSAGES.notPassed);
  const course = tx.select().from(courses).where(eq(courses.id, courseId)).get()!;
  const titles = tx
    .select({ title: lessons.title })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.order), asc(lessons.id))
    .all()
    .map((row) => row.title);
  const firstLesson = tx
    .select({ at: min(lessonProgress.completedAt) })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)))
    .get()?.at;
  const firstAttempt = tx
    .select({ at: min(assessmentAttempts.startedAt) })
    .from(assessmentAttempts)
    .where(and(eq(assessmentAttempts.userId, userId), eq(assessmentAttempts.courseId, courseId)))
    .get()?.at;
  const starts = [firstLesson, firstAttempt].filter((at): at is Date => at instanceof Date);
  return {
    workloadHours: course.workloadHours,
    syllabus: syllabusTopics(course.syllabus, titles),
    instructors: readInstructors(course.instructors),
    technicalLead: readTechnicalLead(course.technicalLead),
    startedAt: new Date(Math.min(...starts.map((at) => at.getTime()))).toISOString(),
    modality: MODALITY,
    gradePercent: passed?.scorePercent ?? null,
    place: CERTIFICATE_PLACE,
  };
}

/** 'Emitir certificado' for any course: the lessons, the final assessment where there is one, the full name. */
export function issueCourseCertificate(
  viewer: Pick<UserRow, 'id' | 'role' | 'username' | 'fullName'>,
  courseId: number,
  now = new Date(),
): CertificateView {
  return issueCertificate(viewer, courseId, now, (tx) => JSON.stringify(recordFor(viewer.id, courseId, tx)));
}
