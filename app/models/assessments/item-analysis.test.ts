import { describe, expect, test } from 'vitest';
import type { ShownQuestion } from './grade';
import { itemAnalysis } from './item-analysis';

const base = { prompt: 'p', numericAnswer: null, tolerance: null, unit: null, explanation: null };

/** Question 7 as two attempts showed it: the options shuffled, so the right one sits at another index. */
const seven = (options: string[], right: string): ShownQuestion => ({
  ...base,
  id: 7,
  kind: 'single',
  prompt: 'Qual é a medida prioritária?',
  options,
  correct: [options.indexOf(right)],
});
const numeric: ShownQuestion = {
  ...base,
  id: 9,
  kind: 'numeric',
  prompt: 'Queda de tensão (%)',
  options: [],
  correct: [],
  numericAnswer: 4,
  tolerance: 0.1,
  unit: '%',
};
const multiple: ShownQuestion = { ...base, id: 3, kind: 'multiple', options: ['Luva', 'Capacete', 'Barreira'], correct: [0, 1] };

describe('item analysis (issue 31)', () => {
  test('groups a question by its id across shuffled snapshots and counts the wrong option by its text', () => {
    const a = seven(['Seccionamento', 'Luvas', 'Placa'], 'Seccionamento');
    const b = seven(['Placa', 'Luvas', 'Seccionamento'], 'Seccionamento');
    const stats = itemAnalysis([
      { questions: [a, numeric], answers: [[0], 4.1] }, // right, right (at the tolerance)
      { questions: [b, numeric], answers: [[1], 6.93] }, // 'Luvas', a √3 slip
      { questions: [a, numeric], answers: [[1], 6.93] }, // 'Luvas' at index 1 here too
      { questions: [b, numeric], answers: [[0], null] }, // 'Placa', blank
      { questions: [b], answers: [[2]] }, // right at index 2
    ]);
    expect(stats).toEqual([
      {
        questionId: 9,
        kind: 'numeric',
        prompt: 'Queda de tensão (%)',
        shown: 4,
        right: 1,
        blank: 1,
        rightShare: 0.25,
        topWrong: { label: '6,93 %', count: 2 },
      },
      {
        questionId: 7,
        kind: 'single',
        prompt: 'Qual é a medida prioritária?',
        shown: 5,
        right: 2,
        blank: 0,
        rightShare: 0.4,
        topWrong: { label: 'Luvas', count: 2 },
      },
    ]);
  });

  test('multiple choice: each wrongly chosen option counts; a missed right option is wrong without a wrong choice', () => {
    const [stats] = itemAnalysis([
      { questions: [multiple], answers: [[0, 1]] },
      { questions: [multiple], answers: [[0]] },
      { questions: [multiple], answers: [[0, 1, 2]] },
      { questions: [multiple], answers: [[2]] },
      { questions: [multiple], answers: [[]] },
    ]);
    expect(stats).toMatchObject({ shown: 5, right: 1, blank: 1, rightShare: 0.2, topWrong: { label: 'Barreira', count: 2 } });
  });

  test('the newest prompt names a question; questions without an id are told apart by prompt; nobody erring gives no wrong option', () => {
    const edited = { ...multiple, prompt: 'Quais são EPIs? (revisada)' };
    const orphanA: ShownQuestion = { ...multiple, id: 0, prompt: 'Antiga A' };
    const orphanB: ShownQuestion = { ...multiple, id: 0, prompt: 'Antiga B' };
    const stats = itemAnalysis([
      {
        questions: [edited, orphanA],
        answers: [
          [0, 1],
          [0, 1],
        ],
      },
      { questions: [multiple, orphanB], answers: [[1, 0], [2]] },
    ]);
    expect(stats.map((row) => [row.questionId, row.prompt, row.rightShare, row.topWrong])).toEqual([
      [0, 'Antiga B', 0, { label: 'Barreira', count: 1 }],
      [0, 'Antiga A', 1, null],
      [3, 'Quais são EPIs? (revisada)', 1, null],
    ]);
  });

  test('no attempts: no rows', () => {
    expect(itemAnalysis([])).toEqual([]);
  });
});
