import type { QuestionKind } from '../../utils/value-sets';
import { ptBrNumber } from '../../utils/format';
import { isRight, type Answer, type ShownQuestion } from './grade';

/**
 * Item analysis of a course's final assessment (issue 31, item 5): per question of the bank, across the
 * attempts' snapshots, how often it was shown, the share of right answers and the wrong option chosen
 * most. Pure, so it is tested with hand-made snapshots. Options are shuffled per attempt, so a wrong
 * option is counted by its text (as shown), never by its index; a numeric question's wrong answers are
 * counted by value, which shows the usual slip (a factor of √3, a unit).
 */

export type GradedSnapshot = { questions: ShownQuestion[]; answers: Answer[] };

export type WrongChoice = { label: string; count: number };

export type QuestionStats = {
  /** The bank's question id; 0 for a question deleted before ids were kept (grouped by its prompt). */
  questionId: number;
  kind: QuestionKind;
  /** The prompt of the newest attempt that showed it (a bank edited later keeps the old snapshots). */
  prompt: string;
  shown: number;
  right: number;
  blank: number;
  /** right ÷ shown, 0…1. */
  rightShare: number;
  /** The wrong option (or numeric value) chosen most, ties to the first seen; null when nobody erred with a choice. */
  topWrong: WrongChoice | null;
};

type Tally = Omit<QuestionStats, 'rightShare' | 'topWrong'> & { wrong: Map<string, number> };

const numberLabel = (value: number, unit: string | null) =>
  `${ptBrNumber({ maximumFractionDigits: 6 }).format(value)}${unit ? ` ${unit}` : ''}`;

/** The wrong things an answer chose: options outside the right set, or a number outside the tolerance. */
function wrongChoices(question: ShownQuestion, answer: Answer): string[] {
  if (answer === null) return [];
  if (typeof answer === 'number') return question.kind === 'numeric' ? [numberLabel(answer, question.unit)] : [];
  return answer.filter((index) => !question.correct.includes(index)).flatMap((index) => question.options[index] ?? []);
}

const keyOf = (question: ShownQuestion) => (question.id > 0 ? `#${question.id}` : `?${question.prompt}`);

/**
 * `snapshots` newest first (the prompt kept is the newest). Attempts closed by the time limit have no
 * answers and are left out by the caller: nothing was answered. Sorted hardest first (lowest share of
 * right answers), then by question id.
 */
export function itemAnalysis(snapshots: Iterable<GradedSnapshot>): QuestionStats[] {
  const tallies = new Map<string, Tally>();
  for (const { questions, answers } of snapshots) {
    questions.forEach((question, index) => {
      const answer = answers[index] ?? null;
      const key = keyOf(question);
      let tally = tallies.get(key);
      if (!tally) {
        tally = { questionId: question.id, kind: question.kind, prompt: question.prompt, shown: 0, right: 0, blank: 0, wrong: new Map() };
        tallies.set(key, tally);
      }
      tally.shown += 1;
      if (answer === null || (Array.isArray(answer) && answer.length === 0)) tally.blank += 1;
      else if (isRight(question, answer)) tally.right += 1;
      else for (const label of wrongChoices(question, answer)) tally.wrong.set(label, (tally.wrong.get(label) ?? 0) + 1);
    });
  }
  return [...tallies.values()]
    .map(({ wrong, ...tally }): QuestionStats => {
      let topWrong: WrongChoice | null = null;
      for (const [label, count] of wrong) if (!topWrong || count > topWrong.count) topWrong = { label, count };
      return { ...tally, rightShare: tally.shown === 0 ? 0 : tally.right / tally.shown, topWrong };
    })
    .sort((a, b) => a.rightShare - b.rightShare || a.questionId - b.questionId);
}
