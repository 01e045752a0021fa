import { formatShortDate } from './format';
import { formatScore } from './score';

/**
 * The words of one course of the training record ('Minha Conta' → 'Formação', issue 31): one source
 * for the page and the PDF 'Histórico de formação'.
 */

type Item = {
  lessonsDone: number;
  lessonsTotal: number;
  hasAssessment: boolean;
  attempts: { count: number; bestPercent: number | null; lastAt: string | null; passed: boolean };
  completedAt: string | null;
  certificateCode: string | null;
};

export const TRAINING_RECORD_TITLE = 'Histórico de formação';
export const TRAINING_RECORD_EMPTY = 'Nenhum curso na sua formação ainda. Os cursos que você puder acessar ou começar aparecem aqui.';

export const progressText = (item: Pick<Item, 'lessonsDone' | 'lessonsTotal'>) =>
  item.lessonsTotal === 0 ? 'Sem aulas' : `${item.lessonsDone} de ${item.lessonsTotal} ${item.lessonsTotal === 1 ? 'aula' : 'aulas'}`;

export const progressPercent = (item: Pick<Item, 'lessonsDone' | 'lessonsTotal'>) =>
  item.lessonsTotal === 0 ? 0 : Math.round((100 * item.lessonsDone) / item.lessonsTotal);

/** '2 tentativas · melhor nota 85 % · última em 03/11/2026 · aprovado', or why there is none. */
export function attemptsText(item: Pick<Item, 'hasAssessment' | 'attempts'>): string {
  const { attempts } = item;
  if (attempts.count === 0) return item.hasAssessment ? 'Nenhuma tentativa' : 'Sem avaliação final';
  const parts = [`${attempts.count} ${attempts.count === 1 ? 'tentativa' : 'tentativas'}`];
  if (attempts.bestPercent !== null) parts.push(`melhor nota ${formatScore(attempts.bestPercent)}`);
  if (attempts.lastAt) parts.push(`última em ${formatShortDate(attempts.lastAt)}`);
  parts.push(attempts.passed ? 'aprovado' : 'ainda não aprovado');
  return parts.join(' · ');
}

export const completionText = (item: Pick<Item, 'completedAt'>) => (item.completedAt ? formatShortDate(item.completedAt) : 'Em andamento');

/** The lines of one course in the PDF, label and value. */
export function trainingRecordLines(item: Item): [string, string][] {
  return [
    ['Progresso', progressText(item)],
    ['Avaliação final', attemptsText(item)],
    ['Conclusão', completionText(item)],
    ['Certificado', item.certificateCode ?? 'Não emitido'],
  ];
}
