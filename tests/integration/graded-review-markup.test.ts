import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GradedQuestionList } from '~/components/assessment/attempt-result';
import { StaticMarkupContext } from '~/components/static-markup';
import type { GradedQuestion } from '~/models/assessments/attempts.server';
import { reviewQuestionOf, type ReviewQuestion } from '~/models/assessments/graded-review';
import { renderStaticMarkup } from '~/plumbing/static-markup.server';

/**
 * Issue 33: a correction's questions are rendered once per process on the server (decision 079), keyed by
 * everything they show: the HTML is the one the browser renders from the same data (so hydration
 * matches), and a correction that reads differently is rendered anew, never served from another's.
 */

const question = (values: Partial<GradedQuestion>): GradedQuestion => ({
  id: 1,
  kind: 'single',
  prompt: 'Qual é o primeiro passo da desenergização?',
  options: ['Sinalização', 'Seccionamento', 'Aterramento'],
  correct: [1],
  numericAnswer: null,
  tolerance: null,
  unit: null,
  explanation: 'O seccionamento vem primeiro.',
  answer: [1],
  right: true,
  ...values,
});

const list = (questions: ReviewQuestion[], server: boolean) => {
  const element = createElement(GradedQuestionList, { questions });
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, element) : element);
};

describe("a correction's questions rendered once per key", () => {
  const review = [
    question({}),
    question({ answer: [0], right: false, explanation: null }),
    question({ kind: 'numeric', options: [], correct: [], numericAnswer: 3.017, tolerance: 0.05, unit: '%', answer: 3.5, right: false }),
    question({ kind: 'multiple', correct: [0, 2], answer: null, right: false }),
  ].map(reviewQuestionOf);

  it('sends the HTML the browser renders from the same questions', () => {
    const onServer = list(review, true);
    expect(onServer).toBe(list(review, false));
    expect(onServer).not.toContain('<!-- -->');
    expect(onServer).toContain('<p class="text-green-800">Certa: Seccionamento</p>');
    expect(onServer).toContain('<p class="text-red-700">Errada: Sinalização</p><p>Resposta correta: Seccionamento</p></li>');
    expect(onServer).toContain('Errada: 3,5 %</p><p>Resposta correta: 3,017 % (tolerância ± 0,05)</p>');
    expect(onServer).toContain('Errada: Em branco</p><p>Resposta correta: Sinalização; Aterramento</p>');
    expect(onServer).toContain('<p class="font-medium">4. Qual é o primeiro passo da desenergização?</p>');
  });

  it('renders a correction anew when anything it shows differs', () => {
    expect(list(review, true)).toContain('O seccionamento vem primeiro.');
    const other = review.map((each) => ({ ...each, explanation: 'Outra explicação.' }));
    expect(list(other, true)).not.toContain('O seccionamento vem primeiro.');
    const wrong = [{ ...review[0], right: false, given: 'Aterramento', expected: 'Seccionamento' }];
    expect(list(wrong, true)).toContain('Errada: Aterramento');
  });
});
