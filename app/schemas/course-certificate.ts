import { z } from 'zod';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from './person-name';

/**
 * 'Dados do certificado' of a course (issue 31, item 3; admins): the workload in hours, the syllabus
 * ('Conteúdo programático', one topic per line; blank: the lesson titles), up to four instructors with
 * their qualification and the technical lead (name, profession, registration such as a CREA number).
 * All of it is printed on certificates issued from now on (issued ones keep their copy), so no field may
 * hold control characters or the invisible marks that reorder text. A plain form: fixed rows, no
 * JavaScript needed to add an instructor.
 */

export const INSTRUCTOR_ROWS = 4;
export const SYLLABUS_LIMITS = { topics: 60, topic: 200 } as const;
export const WORKLOAD_MAX_HOURS = 2000;
/** The form's body cap: the syllabus alone may be 12,120 characters, up to 9 bytes each once URL-encoded. */
export const COURSE_CERTIFICATE_FORM_BYTES = 128 * 1024;

export const COURSE_CERTIFICATE_MESSAGES = {
  workload: `Informe a carga horária em horas, um número inteiro de 1 a ${WORKLOAD_MAX_HOURS}.`,
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  hidden: INVISIBLE_CHARACTERS_MESSAGE,
  topics: `Use no máximo ${SYLLABUS_LIMITS.topics} tópicos, um por linha.`,
  topic: `Cada tópico pode ter no máximo ${SYLLABUS_LIMITS.topic} caracteres.`,
  instructorName: 'Informe o nome do instrutor.',
  instructorQualification: 'Informe a qualificação do instrutor (formação, registro ou experiência).',
  leadName: 'Informe o nome do responsável técnico.',
  leadProfession: 'Informe a profissão do responsável técnico.',
  leadRegistration: 'Informe o registro profissional do responsável técnico (ex.: CREA-SP 5061234567).',
  registration: 'Use letras, números, espaços, ponto, hífen e barra, com ao menos um número (ex.: CREA-SP 5061234567).',
  saved: 'Dados do certificado salvos',
} as const;

const REGISTRATION = /^(?=.*\d)[\p{L}\d .\-/]*$/u;

/** Trimmed, inner runs of spaces collapsed, bounded, nothing invisible; '' when left blank. */
const line = (max: number) =>
  z
    .string()
    .max(max * 4, COURSE_CERTIFICATE_MESSAGES.tooLong(max))
    .refine((value) => !hasInvisibleCharacters(value.trim()), COURSE_CERTIFICATE_MESSAGES.hidden)
    .transform((value) => value.trim().replace(/ {2,}/g, ' '))
    .pipe(z.string().max(max, COURSE_CERTIFICATE_MESSAGES.tooLong(max)))
    .default('');

/** One topic per line: blank lines dropped, each line a `line`. */
const syllabus = z
  .string()
  .max(SYLLABUS_LIMITS.topics * (SYLLABUS_LIMITS.topic + 2), COURSE_CERTIFICATE_MESSAGES.topics)
  .refine((value) => !hasInvisibleCharacters(value.replace(/\r?\n/g, '')), COURSE_CERTIFICATE_MESSAGES.hidden)
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((topic) => topic.trim().replace(/ {2,}/g, ' '))
      .filter(Boolean),
  )
  .refine((topics) => topics.length <= SYLLABUS_LIMITS.topics, COURSE_CERTIFICATE_MESSAGES.topics)
  .refine((topics) => topics.every((topic) => topic.length <= SYLLABUS_LIMITS.topic), COURSE_CERTIFICATE_MESSAGES.topic)
  .default('');

const instructorRows = Object.fromEntries(
  Array.from({ length: INSTRUCTOR_ROWS }, (_, index) => [
    [`instructorName${index}`, line(120)],
    [`instructorQualification${index}`, line(200)],
  ]).flat(),
) as Record<`instructorName${number}` | `instructorQualification${number}`, ReturnType<typeof line>>;

export const courseCertificateSchema = z
  .object({
    workloadHours: z
      .number({ invalid_type_error: COURSE_CERTIFICATE_MESSAGES.workload })
      .int(COURSE_CERTIFICATE_MESSAGES.workload)
      .min(1, COURSE_CERTIFICATE_MESSAGES.workload)
      .max(WORKLOAD_MAX_HOURS, COURSE_CERTIFICATE_MESSAGES.workload)
      .optional(),
    syllabus,
    ...instructorRows,
    technicalLeadName: line(120),
    technicalLeadProfession: line(120),
    technicalLeadRegistration: line(80),
  })
  .superRefine((value, context) => {
    const fields = value as Record<string, unknown>;
    for (let index = 0; index < INSTRUCTOR_ROWS; index += 1) {
      const name = fields[`instructorName${index}`];
      const qualification = fields[`instructorQualification${index}`];
      if (!name && qualification)
        context.addIssue({ code: 'custom', path: [`instructorName${index}`], message: COURSE_CERTIFICATE_MESSAGES.instructorName });
      if (name && !qualification)
        context.addIssue({
          code: 'custom',
          path: [`instructorQualification${index}`],
          message: COURSE_CERTIFICATE_MESSAGES.instructorQualification,
        });
    }
    const lead = [value.technicalLeadName, value.technicalLeadProfession, value.technicalLeadRegistration];
    if (lead.some(Boolean)) {
      if (!value.technicalLeadName)
        context.addIssue({ code: 'custom', path: ['technicalLeadName'], message: COURSE_CERTIFICATE_MESSAGES.leadName });
      if (!value.technicalLeadProfession)
        context.addIssue({ code: 'custom', path: ['technicalLeadProfession'], message: COURSE_CERTIFICATE_MESSAGES.leadProfession });
      if (!value.technicalLeadRegistration)
        context.addIssue({ code: 'custom', path: ['technicalLeadRegistration'], message: COURSE_CERTIFICATE_MESSAGES.leadRegistration });
    }
    if (value.technicalLeadRegistration && !REGISTRATION.test(value.technicalLeadRegistration))
      context.addIssue({ code: 'custom', path: ['technicalLeadRegistration'], message: COURSE_CERTIFICATE_MESSAGES.registration });
  });

export type CourseCertificateForm = z.output<typeof courseCertificateSchema>;

/** What the course keeps: null for a field left blank (the certificate then falls back: lesson titles, `duration`, `instructor`). */
export type CourseCertificateFields = {
  workloadHours: number | null;
  syllabus: string[];
  instructors: { name: string; qualification: string }[];
  technicalLead: { name: string; profession: string; registration: string } | null;
};

export function toCertificateFields(form: CourseCertificateForm): CourseCertificateFields {
  const fields = form as unknown as Record<string, string>;
  const instructors = Array.from({ length: INSTRUCTOR_ROWS }, (_, index) => ({
    name: fields[`instructorName${index}`],
    qualification: fields[`instructorQualification${index}`],
  })).filter((instructor) => instructor.name);
  return {
    workloadHours: form.workloadHours ?? null,
    syllabus: form.syllabus,
    instructors,
    technicalLead: form.technicalLeadName
      ? { name: form.technicalLeadName, profession: form.technicalLeadProfession, registration: form.technicalLeadRegistration }
      : null,
  };
}

/** The form's default values from what the course keeps. */
export function toCertificateForm(fields: CourseCertificateFields): Record<string, string> {
  const values: Record<string, string> = {
    workloadHours: fields.workloadHours === null ? '' : String(fields.workloadHours),
    syllabus: fields.syllabus.join('\n'),
    technicalLeadName: fields.technicalLead?.name ?? '',
    technicalLeadProfession: fields.technicalLead?.profession ?? '',
    technicalLeadRegistration: fields.technicalLead?.registration ?? '',
  };
  for (let index = 0; index < INSTRUCTOR_ROWS; index += 1) {
    values[`instructorName${index}`] = fields.instructors[index]?.name ?? '';
    values[`instructorQualification${index}`] = fields.instructors[index]?.qualification ?? '';
  }
  return values;
}
