import { StaticMarkup } from '~/components/static-markup';
import type { AttemptReview, ReviewQuestion } from '~/models/assessments/graded-review';
import { formatDateTime } from '~/utils/format';
import { formatScore } from '~/utils/score';

/** A graded attempt: the score, and per question the answer given, the right one and the explanation. */

export function AttemptResultView({ result }: { result: AttemptReview }) {
  return (
    <section aria-labelledby="result-title" className="card space-y-4 p-4">
      <div>
        <h2 id="result-title" className="text-lg font-semibold">
          Resultado: {formatScore(result.scorePercent)} — {result.passed ? 'Aprovado' : 'Não aprovado'}
        </h2>
        <p className="text-sm text-slate-600">
          {result.correctCount} de {result.total} questões certas (nota mínima {result.passPercent} %). Enviada em{' '}
          {formatDateTime(result.submittedAt)}.
        </p>
        {result.expired ? <p className="text-sm text-red-700">O tempo terminou antes do envio: as respostas não foram aceitas.</p> : null}
      </div>
      <GradedQuestionList questions={result.questions} />
    </section>
  );
}

// Each text is one node, so the HTML rendered once on the server is the one the browser hydrates (decision 079).
const gradedItems = (questions: ReviewQuestion[]) =>
  questions.map((question, index) => (
    <li key={index} className="rounded-md border border-slate-200 p-3 text-sm">
      <p className="font-medium">{`${index + 1}. ${question.prompt}`}</p>
      <p className={question.right ? 'text-green-800' : 'text-red-700'}>{`${question.right ? 'Certa' : 'Errada'}: ${question.given}`}</p>
      {question.expected === null ? null : <p>{`Resposta correta: ${question.expected}`}</p>}
      {question.explanation ? <p className="text-slate-600">{question.explanation}</p> : null}
    </li>
  ));

/**
 * Each graded question with the answer given, right or wrong, the right answer and its explanation. A
 * correction never changes, so the server renders each one once per process (`StaticMarkup`, keyed by
 * everything it shows).
 */
export function GradedQuestionList({ questions }: { questions: ReviewQuestion[] }) {
  return (
    <StaticMarkup as="ol" className="space-y-4" markupKey={`graded:${JSON.stringify(questions)}`} content={() => gradedItems(questions)} />
  );
}
