import type { AttemptResult, GradedQuestion } from '~/models/assessments/attempts.server';
import { formatDateTime } from '~/utils/format';
import { formatScore } from '~/utils/score';

/** A graded attempt: the score, and per question the answer given, the right one and the explanation. */

function answerText(question: GradedQuestion): string {
  if (question.answer === null) return 'Em branco';
  if (typeof question.answer === 'number') return `${String(question.answer).replace('.', ',')}${question.unit ? ` ${question.unit}` : ''}`;
  return question.answer.map((index) => question.options[index]).join('; ');
}

function rightText(question: GradedQuestion): string {
  if (question.kind === 'numeric') {
    const value = String(question.numericAnswer).replace('.', ',');
    const tolerance = String(question.tolerance).replace('.', ',');
    return `${value}${question.unit ? ` ${question.unit}` : ''} (tolerância ± ${tolerance})`;
  }
  return question.correct.map((index) => question.options[index]).join('; ');
}

export function AttemptResultView({ result }: { result: AttemptResult }) {
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

/** Each graded question with the answer given, right or wrong, the right answer and its explanation. */
export function GradedQuestionList({ questions }: { questions: GradedQuestion[] }) {
  return (
    <ol className="space-y-4">
      {questions.map((question, index) => (
        <li key={index} className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-medium">
            {index + 1}. {question.prompt}
          </p>
          <p className={question.right ? 'text-green-800' : 'text-red-700'}>
            {question.right ? 'Certa' : 'Errada'}: {answerText(question)}
          </p>
          {question.right ? null : <p>Resposta correta: {rightText(question)}</p>}
          {question.explanation ? <p className="text-slate-600">{question.explanation}</p> : null}
        </li>
      ))}
    </ol>
  );
}
