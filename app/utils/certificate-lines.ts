import { formatShortDate } from './format';
import { formatScore } from './score';

/**
 * The lines issue 31 adds to a certificate (NR-1's list of a training certificate's content), as label
 * and value: one source for the PDF's second page and the public verification page.
 */

type Instructor = { name: string; qualification: string };
type TechnicalLead = { name: string; profession: string; registration: string };
type Record = {
  workloadHours: number | null;
  instructors: Instructor[];
  technicalLead: TechnicalLead | null;
  startedAt: string;
  modality: string;
  gradePercent: number | null;
  place: string;
};
type Certificate = {
  holderName: string;
  courseTitle: string;
  hours: string;
  instructor: string;
  completedAt: string;
  issuedAt: string;
  code: string;
};

/** 'Eng. Ana Souza, Engenheira eletricista, CREA-SP 123456' */
export const technicalLeadLine = (lead: TechnicalLead) => [lead.name, lead.profession, lead.registration].filter(Boolean).join(', ');
export const instructorLine = (instructor: Instructor) =>
  instructor.qualification ? `${instructor.name} (${instructor.qualification})` : instructor.name;

export const workloadText = (certificate: Pick<Certificate, 'hours'>, record: Pick<Record, 'workloadHours'> | null) =>
  record?.workloadHours ? `${record.workloadHours} horas` : certificate.hours;

export function certificateRecordLines(certificate: Certificate, record: Record): [string, string][] {
  const lines: [string, string][] = [
    ['Participante', certificate.holderName],
    ['Curso', certificate.courseTitle],
    ['Carga horária', workloadText(certificate, record)],
    ['Modalidade', record.modality],
    ['Período', `de ${formatShortDate(record.startedAt)} a ${formatShortDate(certificate.completedAt)}`],
  ];
  const instructors = record.instructors.length > 0 ? record.instructors.map(instructorLine).join('; ') : certificate.instructor;
  lines.push([record.instructors.length > 1 ? 'Instrutores' : 'Instrutor', instructors]);
  if (record.technicalLead) lines.push(['Responsável técnico', technicalLeadLine(record.technicalLead)]);
  if (record.gradePercent !== null) lines.push(['Nota na avaliação final', formatScore(record.gradePercent)]);
  lines.push(['Local e data de emissão', `${record.place}, ${formatShortDate(certificate.issuedAt)}`]);
  lines.push(['Código de verificação', certificate.code]);
  return lines;
}
