import type { Executor } from '../db/client';
import { assessmentAttempts, assessmentQuestions, courseAssessments, courses } from '../db/schema';
import { eq } from 'drizzle-orm';
import { showQuestion } from '../app/models/assessments/attempts.server';
import { gradeAttempt, type Answer } from '../app/models/assessments/grade';

/**
 * The NR-10 demo course's final assessment (issue 31): 17 questions from the norm's basic course (choice,
 * true/false and two numeric ones), 10 drawn per attempt, 70 % to pass, 30 minutes, 3 attempts then
 * 24 h; the course's certificate content; and the demo E-MASTER's two attempts, one failed, one passed.
 */

type NewQuestion = Omit<typeof assessmentQuestions.$inferInsert, 'courseId' | 'options' | 'correct'> & {
  options?: string[];
  correct?: number[];
};

const TRUE_FALSE = ['Verdadeiro', 'Falso'];

export const NR10_QUESTIONS: NewQuestion[] = [
  {
    kind: 'single',
    prompt: 'Pela NR-10, extra-baixa tensão (EBT) é a tensão não superior a:',
    options: [
      '50 V em corrente alternada ou 120 V em corrente contínua',
      '127 V em corrente alternada',
      '220 V em qualquer caso',
      '1000 V em corrente alternada',
    ],
    correct: [0],
    explanation: 'Glossário da NR-10: EBT é a tensão não superior a 50 V CA ou 120 V CC, entre fases ou entre fase e terra.',
  },
  {
    kind: 'single',
    prompt: 'Pela NR-10, alta tensão (AT) é a tensão superior a:',
    options: [
      '1000 V em corrente alternada ou 1500 V em corrente contínua',
      '380 V em corrente alternada',
      '600 V em qualquer caso',
      '13,8 kV',
    ],
    correct: [0],
    explanation: 'Glossário da NR-10: AT é a tensão superior a 1000 V CA ou 1500 V CC, entre fases ou entre fase e terra.',
  },
  {
    kind: 'single',
    prompt: 'Qual é a carga horária mínima do curso básico de segurança em instalações e serviços com eletricidade?',
    options: ['8 horas', '16 horas', '40 horas', '80 horas'],
    correct: [2],
    explanation: 'O curso básico do anexo da NR-10 tem carga horária mínima de 40 horas.',
  },
  {
    kind: 'single',
    prompt: 'Com que periodicidade mínima os trabalhadores autorizados fazem o treinamento de reciclagem?',
    options: ['A cada ano', 'A cada dois anos', 'A cada cinco anos', 'Só quando mudam de função'],
    correct: [1],
    explanation:
      'A reciclagem é bienal, e também ocorre na troca de função ou empresa, no retorno de afastamento maior que três meses e em mudanças significativas nas instalações.',
  },
  {
    kind: 'true_false',
    prompt: 'Trabalhos em instalações elétricas energizadas em alta tensão não podem ser realizados individualmente.',
    options: TRUE_FALSE,
    correct: [0],
    explanation: 'A NR-10 proíbe a realização individual de serviços em instalações energizadas em AT.',
  },
  {
    kind: 'true_false',
    prompt: 'É permitido usar anéis, relógios e outros adornos pessoais em trabalhos em instalações elétricas ou em suas proximidades.',
    options: TRUE_FALSE,
    correct: [1],
    explanation: 'A NR-10 veda o uso de adornos pessoais nesses trabalhos.',
  },
  {
    kind: 'single',
    prompt: 'Na sequência de desenergização da NR-10, qual é o primeiro passo?',
    options: [
      'Constatação da ausência de tensão',
      'Seccionamento',
      'Instalação de aterramento temporário',
      'Sinalização de impedimento de reenergização',
    ],
    correct: [1],
    explanation:
      'A sequência é: seccionamento; impedimento de reenergização; constatação da ausência de tensão; aterramento temporário com equipotencialização; proteção dos elementos energizados na zona controlada; sinalização de impedimento de reenergização.',
  },
  {
    kind: 'multiple',
    prompt: 'Quais destas são medidas de proteção coletiva citadas na NR-10?',
    options: [
      'Desenergização elétrica',
      'Isolação das partes vivas',
      'Luvas isolantes',
      'Bloqueio do religamento automático',
      'Calçado de segurança',
    ],
    correct: [0, 1, 3],
    explanation: 'Luvas e calçados são equipamentos de proteção individual; a norma dá prioridade às medidas coletivas.',
  },
  {
    kind: 'single',
    prompt: 'A partir de que carga instalada o estabelecimento deve manter o Prontuário de Instalações Elétricas?',
    options: ['Acima de 10 kW', 'Acima de 75 kW', 'Acima de 150 kW', 'Em qualquer caso'],
    correct: [1],
    explanation: 'A NR-10 exige o prontuário dos estabelecimentos com carga instalada superior a 75 kW.',
  },
  {
    kind: 'single',
    prompt: 'Para a NR-10, o profissional legalmente habilitado é o trabalhador:',
    options: [
      'Que concluiu curso específico reconhecido pelo sistema oficial de ensino',
      'Previamente qualificado e com registro no competente conselho de classe',
      'Capacitado por profissional habilitado e autorizado, sob sua responsabilidade',
      'Com mais de dois anos de experiência na função',
    ],
    correct: [1],
    explanation: 'Qualificado é quem tem o curso; habilitado é o qualificado com registro no conselho de classe (como o CREA).',
  },
  {
    kind: 'true_false',
    prompt: 'A NR-10 se aplica somente às instalações de alta tensão.',
    options: TRUE_FALSE,
    correct: [1],
    explanation:
      'Ela se aplica a todas as fases, da geração ao consumo, e a quaisquer trabalhos realizados nas instalações elétricas ou em suas proximidades.',
  },
  {
    kind: 'single',
    prompt:
      'A área no entorno de parte condutora energizada, não segregada, cuja aproximação só é permitida a profissionais autorizados, é a:',
    options: ['Zona livre', 'Zona controlada', 'Zona de risco', 'Área classificada'],
    correct: [2],
    explanation:
      'Zona de risco: só profissionais autorizados, com técnicas e instrumentos apropriados. A zona controlada é a seguinte, restrita a autorizados.',
  },
  {
    kind: 'multiple',
    prompt: 'Quais destes itens fazem parte do Prontuário de Instalações Elétricas?',
    options: [
      'Procedimentos e instruções técnicas e administrativas de segurança e saúde',
      'Documentação das inspeções e medições do SPDA e dos aterramentos',
      'Notas fiscais de compra dos condutores',
      'Resultados dos testes de isolação elétrica de EPC e EPI',
    ],
    correct: [0, 1, 3],
    explanation: 'Notas fiscais não integram o prontuário; as demais documentações sim.',
  },
  {
    kind: 'true_false',
    prompt:
      'Os trabalhadores autorizados a intervir em instalações elétricas devem passar por exame de saúde compatível com as atividades.',
    options: TRUE_FALSE,
    correct: [0],
    explanation: 'A NR-10 exige o exame de saúde conforme a NR-7, registrado no prontuário do trabalhador.',
  },
  {
    kind: 'numeric',
    prompt:
      'Uma pessoa toca uma fase de 220 V e a resistência do percurso pelo corpo até a terra é de 1100 Ω. Qual é a corrente pelo corpo?',
    numericAnswer: 200,
    tolerance: 1,
    unit: 'mA',
    explanation: 'I = V / R = 220 / 1100 = 0,2 A = 200 mA: bem acima do limiar de fibrilação ventricular.',
  },
  {
    kind: 'numeric',
    prompt: 'Um circuito de 220 V tem uma queda de tensão de 6,6 V até a carga. Qual é a queda de tensão em %?',
    numericAnswer: 3,
    tolerance: 0.05,
    unit: '%',
    explanation: 'ΔV % = 6,6 / 220 × 100 = 3 %.',
  },
  {
    kind: 'numeric',
    prompt: 'Um aquecedor resistivo monofásico consome 10 A em 220 V. Qual é a sua potência?',
    numericAnswer: 2200,
    tolerance: 1,
    unit: 'W',
    explanation: 'P = V × I = 220 × 10 = 2200 W.',
  },
];

export const NR10_ASSESSMENT = { passPercent: 70, questionsPerAttempt: 10, timeLimitMinutes: 30, maxAttempts: 3, waitHours: 24 };

export const NR10_RECORD = {
  workloadHours: 40,
  instructors: JSON.stringify([
    { name: 'Eng. Carla Mendes', qualification: 'Engenheira eletricista, especialista em segurança do trabalho' },
  ]),
  technicalLead: JSON.stringify({
    name: 'Eng. Carla Mendes',
    profession: 'Engenheira eletricista',
    registration: 'CREA-SP 5069999999 (demonstração)',
  }),
};

/** A fixed draw, so the demo is the same on every setup. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The NR-10 bank, settings and certificate content; then the demo user's failed attempt (3 days ago) and passed one (yesterday). */
export function seedNr10Assessment(tx: Executor, courseId: number, masterId: number, now: Date): void {
  tx.update(courses).set(NR10_RECORD).where(eq(courses.id, courseId)).run();
  tx.insert(courseAssessments)
    .values({ courseId, ...NR10_ASSESSMENT })
    .run();
  const rows = tx
    .insert(assessmentQuestions)
    .values(
      NR10_QUESTIONS.map(({ options = [], correct = [], ...question }) => ({
        ...question,
        courseId,
        options: JSON.stringify(options),
        correct: JSON.stringify(correct),
      })),
    )
    .returning()
    .all();
  const attempt = (daysAgo: number, wrong: number, seed: number) => {
    const random = seeded(seed);
    const shown = rows.slice(seed, seed + NR10_ASSESSMENT.questionsPerAttempt).map((row) => showQuestion(row, random));
    const answers: Answer[] = shown.map((question, index) => {
      if (question.kind === 'numeric') return index < wrong ? question.numericAnswer! * 10 : question.numericAnswer;
      if (index < wrong) return [question.options.findIndex((_, option) => !question.correct.includes(option))];
      return question.correct;
    });
    const grade = gradeAttempt(shown, answers, NR10_ASSESSMENT.passPercent);
    const startedAt = new Date(now.getTime() - daysAgo * 24 * 3_600_000);
    tx.insert(assessmentAttempts)
      .values({
        userId: masterId,
        courseId,
        questions: JSON.stringify(shown),
        passPercent: NR10_ASSESSMENT.passPercent,
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + NR10_ASSESSMENT.timeLimitMinutes * 60_000),
        submittedAt: new Date(startedAt.getTime() + 12 * 60_000),
        answers: JSON.stringify(answers),
        correctCount: grade.correctCount,
        scorePercent: grade.scorePercent,
        passed: grade.passed,
      })
      .run();
  };
  attempt(3, 5, 0);
  attempt(1, 1, 5);
}
