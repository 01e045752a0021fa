import type { Executor } from '../db/client';
import { assessmentQuestions } from '../db/schema';

/**
 * The NR-10 demo lessons' exercises (issue 31): practice questions at the end of 'Introdução à NR-10'
 * and 'Análise de riscos elétricos', corrected on the spot with their explanations, not counted for
 * the certificate.
 */

const TRUE_FALSE = JSON.stringify(['Verdadeiro', 'Falso']);

export function seedNr10LessonExercises(tx: Executor, courseId: number, lessonIds: { intro: number; risks: number }): void {
  tx.insert(assessmentQuestions)
    .values([
      {
        courseId,
        lessonId: lessonIds.intro,
        kind: 'single',
        prompt: 'A NR-10 se aplica a quais fases de uma instalação elétrica?',
        options: JSON.stringify([
          'Só à geração',
          'Só à distribuição em alta tensão',
          'Da geração ao consumo, incluindo projeto e manutenção',
        ]),
        correct: JSON.stringify([2]),
        explanation: 'O campo de aplicação vai da geração ao consumo, nas etapas de projeto, construção, montagem, operação e manutenção.',
      },
      {
        courseId,
        lessonId: lessonIds.intro,
        kind: 'true_false',
        prompt: 'Cabe ao empregador manter esquemas unifilares atualizados das instalações elétricas dos seus estabelecimentos.',
        options: TRUE_FALSE,
        correct: JSON.stringify([0]),
        explanation: 'A NR-10 atribui ao empregador manter os esquemas unifilares atualizados (confirme na norma o item).',
      },
      {
        courseId,
        lessonId: lessonIds.risks,
        kind: 'multiple',
        prompt: 'Quais destas são medidas de proteção coletiva?',
        options: JSON.stringify(['Desenergização', 'Luva isolante', 'Barreiras e obstáculos', 'Capacete classe B']),
        correct: JSON.stringify([0, 2]),
        explanation: 'Desenergização e barreiras protegem todos; luva e capacete são EPIs, de proteção individual.',
      },
      {
        courseId,
        lessonId: lessonIds.risks,
        kind: 'numeric',
        prompt: 'Uma corrente de 0,03 A atravessa o corpo. Quanto é isso em mA?',
        numericAnswer: 30,
        tolerance: 0,
        unit: 'mA',
        explanation: '0,03 A × 1000 = 30 mA: acima do limiar de largar, na faixa de risco de parada respiratória.',
      },
    ])
    .run();
}
