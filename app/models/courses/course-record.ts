import { z } from 'zod';

/**
 * What issue 31 adds to a course for its certificate (NR-1's list of a training certificate's content):
 * instructors with their qualification and a technical lead, kept as JSON on the course, and the record
 * copied onto a certificate at issue, so the certificate keeps saying what it said.
 */

export const instructorSchema = z.object({ name: z.string().min(1).max(120), qualification: z.string().max(200) });
export const technicalLeadSchema = z.object({
  name: z.string().min(1).max(120),
  profession: z.string().max(120),
  registration: z.string().max(80),
});
export type Instructor = z.infer<typeof instructorSchema>;
export type TechnicalLead = z.infer<typeof technicalLeadSchema>;

export const MODALITY = 'Ensino a distância';

export const certificateRecordSchema = z.object({
  workloadHours: z.number().int().positive().nullable(),
  syllabus: z.array(z.string()),
  instructors: z.array(instructorSchema),
  technicalLead: technicalLeadSchema.nullable(),
  startedAt: z.string(),
  modality: z.string(),
  /** The passing attempt's score in percent; null for a course without a final assessment. */
  gradePercent: z.number().nullable(),
  place: z.string(),
});
export type CertificateRecord = z.infer<typeof certificateRecordSchema>;

function parseJson<T>(text: string | null, schema: z.ZodType<T>): T | null {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const readInstructors = (text: string | null): Instructor[] => parseJson(text, z.array(instructorSchema)) ?? [];
export const readTechnicalLead = (text: string | null): TechnicalLead | null => parseJson(text, technicalLeadSchema);
export const readCertificateRecord = (text: string | null): CertificateRecord | null => parseJson(text, certificateRecordSchema);

/** The syllabus as topics: the course's own lines, or the lesson titles when it has none. */
export function syllabusTopics(syllabus: string | null, lessonTitles: string[]): string[] {
  const lines = (syllabus ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length > 0 ? lines : lessonTitles;
}
