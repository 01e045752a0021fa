import { asc, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { courses, lessons } from '../../../db/schema';
import type { CourseCertificateFields } from '../../schemas/course-certificate';
import { AppError } from '../../utils/errors';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { COURSE_ACCESS_MESSAGES } from './access.server';
import { readInstructors, readTechnicalLead } from './course-record';

/**
 * 'Dados do certificado' (issue 31, item 3): what an admin sets on a course for its certificates —
 * workload in hours, syllabus, instructors with qualification, technical lead. Certificates copy them at
 * issue (app/models/assessments/certificate.server.ts), so a change reaches only those issued after it.
 */

export type CourseCertificateSettings = { courseId: number; courseTitle: string; lessonTitles: string[]; fields: CourseCertificateFields };

const findCourse = (id: number) => {
  const row = db.select().from(courses).where(eq(courses.id, id)).get();
  if (!row) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
  return row;
};

const syllabusLines = (text: string | null) =>
  (text ?? '')
    .split('\n')
    .map((topic) => topic.trim())
    .filter(Boolean);

export function courseCertificateSettings(courseId: number): CourseCertificateSettings {
  const row = findCourse(courseId);
  return {
    courseId: row.id,
    courseTitle: row.title,
    // The syllabus a certificate prints when none is set (course-record.ts, syllabusTopics).
    lessonTitles: db
      .select({ title: lessons.title })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.order), asc(lessons.id))
      .all()
      .map((lesson) => lesson.title),
    fields: {
      workloadHours: row.workloadHours,
      syllabus: syllabusLines(row.syllabus),
      instructors: readInstructors(row.instructors),
      technicalLead: readTechnicalLead(row.technicalLead),
    },
  };
}

export function saveCourseCertificateFields(actor: AuditActor, courseId: number, fields: CourseCertificateFields): void {
  db.transaction((tx) => {
    const before = tx.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId)).get();
    if (!before) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
    tx.update(courses)
      .set({
        workloadHours: fields.workloadHours,
        syllabus: fields.syllabus.length > 0 ? fields.syllabus.join('\n') : null,
        instructors: fields.instructors.length > 0 ? JSON.stringify(fields.instructors) : null,
        technicalLead: fields.technicalLead ? JSON.stringify(fields.technicalLead) : null,
      })
      .where(eq(courses.id, courseId))
      .run();
    recordAudit(tx, actor, {
      action: 'course.certificate',
      entityType: 'course',
      entityId: courseId,
      summary: `dados do certificado de ${before.title}: ${fields.workloadHours ?? '—'} h, ${fields.syllabus.length} tópico(s), ${fields.instructors.length} instrutor(es), responsável técnico ${fields.technicalLead ? 'definido' : 'não definido'}`,
    });
  });
}
