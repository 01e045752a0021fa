import { db } from '../db/client';
import {
  certificates,
  chatMessages,
  chatThreads,
  courses,
  lessonProgress,
  lessons,
  materials,
  notifications,
  payments,
  planPrices,
  promoCodes,
  ticketRatings,
  tools,
  twoFactor,
} from '../db/schema';
import { grantRole, syncUserRole } from '../app/models/accounts/role-grant.server';
import { findUserByEmail, insertUser } from '../app/models/accounts/user.server';
import { foldKey, sortKey } from '../app/utils/fold';
import { hashPassword } from '../app/utils/password.server';
import { demoTickets, seedDemoFiles } from './demo-chats';
import { seedDemoMails } from './demo-mails';
import { seedDemoSignIns } from './demo-sign-ins';
import { BENCH_COURSE, DEMO_ADMIN_TOTP_SECRET, DEMO_CERTIFICATE } from '../db/seed-constants';
import { getEnv } from '../app/utils/env.server';
import { benchCourseLessons, benchCourseMaterials, moreNr10Lessons } from './demo-courses';
import { demoTools } from './demo-tools';
import { seedNr10Assessment } from './demo-assessment';
import { seedBenchProject } from './demo-bench-project';
import { seedNr10LessonExercises } from './demo-lesson-exercises';
import { seedDemoProjects } from './demo-projects';

export const DEMO_USERS = [
  {
    username: 'admin',
    fullName: 'Helena Duarte',
    email: 'admin@example.com',
    password: 'admin123',
    cpf: '52998224725',
    role: 'admin' as const,
    days: null,
  },
  {
    username: 'basico',
    fullName: 'Bruno Almeida',
    email: 'basic@example.com',
    password: 'senha123',
    cpf: '11144477735',
    role: null,
    days: null,
  },
  // The paid demo users hold their plan through a test-mode payment (see demoPayments), not a seed grant.
  {
    username: 'ferramentas',
    fullName: 'Carla Ferreira',
    email: 'tool@example.com',
    password: 'senha123',
    cpf: '39053344705',
    role: 'E-TOOL' as const,
    days: 30,
    paidDaysAgo: 2,
  },
  {
    username: 'mestre',
    fullName: 'Marcos d’Ávila Oliveira',
    email: 'master@example.com',
    password: 'senha123',
    cpf: '15350946056',
    role: 'E-MASTER' as const,
    days: 30,
    paidDaysAgo: 10,
  },
];

const withTitleKeys = (rows: Omit<typeof courses.$inferInsert, 'titleKey'>[]) =>
  rows.map((row) => ({ ...row, titleKey: sortKey(row.title) }));

/** Creates the demo data once; returns false when it is already there. */
export async function seedDemo(now = new Date()): Promise<boolean> {
  if (findUserByEmail('admin@example.com')) return false;
  const hashes = await Promise.all(DEMO_USERS.map((user) => hashPassword(user.password)));

  db.transaction((tx) => {
    const ids: Record<string, number> = {};
    DEMO_USERS.forEach((demo, index) => {
      // The demo addresses count as confirmed, like those of every account older than confirmation.
      const user = insertUser(tx, {
        username: demo.username,
        fullName: demo.fullName,
        email: demo.email,
        cpf: demo.cpf,
        passwordHash: hashes[index],
        emailConfirmedAt: now,
      });
      ids[demo.email] = user.id;
      if (demo.role && 'paidDaysAgo' in demo && demo.paidDaysAgo !== undefined) {
        // A succeeded test-mode card payment of one month, and the grant it gave (source 'payment', as the
        // payment model writes them), so 'Minha Conta' and the 'Reembolsos' tab have something to show:
        // E-TOOL's, 2 days old, can still be refunded; E-MASTER's, 10 days old, no longer.
        const paidAt = new Date(now.getTime() - demo.paidDaysAgo * 86_400_000);
        const payment = tx
          .insert(payments)
          .values({
            userId: user.id,
            payerUsername: demo.username,
            payerEmail: demo.email,
            payerCpf: demo.cpf,
            stripePaymentIntentId: `pi_test_demo_${demo.username}`,
            kind: 'plan',
            planType: demo.role,
            months: 1,
            amountCents: demo.role === 'E-TOOL' ? 2990 : 5990,
            status: 'succeeded',
            method: 'card',
            createdAt: paidAt,
            completedAt: paidAt,
          })
          .returning({ id: payments.id })
          .get();
        grantRole(tx, { userId: user.id, role: demo.role, days: demo.days, source: 'payment', sourceId: payment.id }, paidAt);
        syncUserRole(tx, user.id, now);
      } else if (demo.role) grantRole(tx, { userId: user.id, role: demo.role, days: demo.days, source: 'seed' }, now);
    });
    const adminId = ids['admin@example.com'];
    // Two-step sign-in with the README's fixed secret, so the demo admin can sign in where it is required (decision 055).
    if (getEnv().adminTwoFactor !== 'optional') {
      tx.insert(twoFactor).values({ userId: adminId, secret: DEMO_ADMIN_TOTP_SECRET, enabledAt: now, lastUsedStep: 0 }).run();
    }

    tx.insert(tools)
      .values(demoTools({ toolUserCpf: '39053344705' }).map((tool) => ({ ...tool, createdBy: adminId })))
      .run();

    tx.insert(planPrices)
      .values([
        { planType: 'E-TOOL', monthlyPriceCents: 2990, updatedAt: now, updatedBy: adminId },
        { planType: 'E-MASTER', monthlyPriceCents: 5990, updatedAt: now, updatedBy: adminId },
      ])
      .run();

    const [nr10, plc, dyeing, hidden, bench] = tx
      .insert(courses)
      .values(
        withTitleKeys([
          {
            title: 'NR-10: Segurança em Instalações Elétricas',
            description: 'Curso completo sobre os requisitos da NR-10, análise de riscos e medidas de controle em instalações elétricas.',
            category: 'electrical',
            instructor: 'Eng. Carla Mendes',
            duration: '40 horas',
            level: 'beginner',
            createdBy: adminId,
          },
          {
            title: 'Automação com CLP na Indústria',
            description: 'Programação de controladores lógicos programáveis em Ladder, com exemplos reais de automação industrial.',
            category: 'informatics',
            instructor: 'Eng. Rafael Souza',
            duration: '24 horas',
            level: 'intermediate',
            requiresPromoCode: true,
            createdBy: adminId,
          },
          {
            title: 'Tingimento e Acabamento Têxtil',
            description: 'Processos de tingimento, controle de cor e acabamentos funcionais para tecidos planos e malhas.',
            category: 'textile',
            instructor: 'Eng. Juliana Prado',
            duration: '16 horas',
            level: 'advanced',
            priceCents: 19990,
            createdBy: adminId,
          },
          {
            title: 'Projeto de Vasos de Pressão (em produção)',
            description: 'Dimensionamento de vasos de pressão segundo a NR-13 e o código ASME, ainda em produção.',
            category: 'mechanical',
            instructor: 'Eng. Marcos Lima',
            duration: '30 horas',
            level: 'advanced',
            isHidden: true,
            createdBy: adminId,
          },
          { ...BENCH_COURSE, createdBy: adminId },
        ]),
      )
      .returning({ id: courses.id })
      .all();

    const [intro, risks] = tx
      .insert(lessons)
      .values([
        {
          courseId: nr10.id,
          title: 'Introdução à NR-10',
          description: 'Objetivos, campo de aplicação e responsabilidades previstas na norma.',
          youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          videoSource: 'youtube',
          order: 1,
        },
        {
          courseId: nr10.id,
          title: 'Análise de riscos elétricos',
          description: 'Choque elétrico, arco elétrico e as medidas de controle coletivas e individuais.',
          youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
          videoSource: 'youtube',
          order: 2,
        },
        {
          courseId: plc.id,
          title: 'Fundamentos de Ladder',
          description: 'Contatos, bobinas, temporizadores e contadores na linguagem Ladder.',
          youtubeUrl: '1AbCdEfGhIjKlMnOpQrStUvWxYz012345',
          videoSource: 'drive',
          order: 1,
        },
        {
          courseId: dyeing.id,
          title: 'Corantes reativos',
          description: 'Química dos corantes reativos e o controle do banho de tingimento.',
          youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          videoSource: 'youtube',
          order: 1,
        },
      ])
      .returning({ id: lessons.id })
      .all();

    tx.insert(materials)
      .values([
        {
          courseId: nr10.id,
          lessonId: intro.id,
          title: 'Apostila NR-10',
          description: 'Resumo da norma.',
          fileUrl:
            'https://www.gov.br/trabalho-e-emprego/pt-br/acesso-a-informacao/participacao-social/conselhos-e-orgaos-colegiados/comissao-tripartite-partitaria-permanente/normas-regulamentadora/normas-regulamentadoras-vigentes/nr-10.pdf',
          fileType: 'pdf',
          iconType: 'file',
          downloadable: true,
        },
        {
          courseId: nr10.id,
          lessonId: risks.id,
          title: 'Checklist de análise de risco',
          fileUrl: 'https://example.com/checklist-nr10.xlsx',
          fileType: 'xls',
          iconType: 'file',
          downloadable: true,
        },
        {
          courseId: nr10.id,
          lessonId: null,
          title: 'Portal da NR-10',
          description: 'Página oficial das normas regulamentadoras.',
          fileUrl: 'https://www.gov.br/trabalho-e-emprego/pt-br',
          fileType: 'link',
          iconType: 'link',
          downloadable: false,
        },
        {
          courseId: hidden.id,
          lessonId: null,
          title: 'Roteiro do curso',
          fileUrl: 'https://example.com/roteiro.pdf',
          fileType: 'pdf',
          iconType: 'file',
          downloadable: true,
        },
      ])
      .run();

    // More lessons: NR-10 gets four (each with a material), and the bench's large course twenty
    // lessons with forty materials (scripts/demo-courses.ts).
    const addLessons = (courseId: number, items: ReturnType<typeof moreNr10Lessons>) =>
      items.map(({ lesson, materials: attached }) => {
        const row = tx
          .insert(lessons)
          .values({ ...lesson, courseId })
          .returning({ id: lessons.id })
          .get();
        if (attached.length)
          tx.insert(materials)
            .values(attached.map((material) => ({ ...material, courseId, lessonId: row.id })))
            .run();
        return row.id;
      });
    addLessons(nr10.id, moreNr10Lessons());
    const benchLessons = addLessons(bench.id, benchCourseLessons());
    tx.insert(materials)
      .values(benchCourseMaterials().map((material) => ({ ...material, courseId: bench.id, lessonId: null })))
      .run();

    // The E-MASTER demo user is on their way: 1 of 4 NR-10 lessons done (the dashboard's Cursos
    // card continues there) and, earlier, the first 5 lessons of the large course.
    const masterId = ids['master@example.com'];
    const earlier = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000);
    tx.insert(lessonProgress)
      .values([
        { userId: masterId, lessonId: intro.id, courseId: nr10.id, completedAt: now },
        ...benchLessons.slice(0, 5).map((lessonId, index) => ({
          userId: masterId,
          lessonId,
          courseId: bench.id,
          completedAt: new Date(earlier.getTime() + index * 60_000),
        })),
      ])
      .run();

    // NR-10's final assessment, and the E-MASTER demo user's failed and passed attempts (issue 31).
    seedNr10Assessment(tx, nr10.id, masterId, now);
    seedNr10LessonExercises(tx, nr10.id, { intro: intro.id, risks: risks.id });

    // A short course the E-MASTER demo user finished, and its certificate (db/seed-constants.ts).
    const diagrams = tx
      .insert(courses)
      .values({ ...DEMO_CERTIFICATE.course, titleKey: sortKey(DEMO_CERTIFICATE.course.title), createdBy: adminId })
      .returning()
      .get();
    const diagramLessons = tx
      .insert(lessons)
      .values(
        ['Símbolos e convenções', 'Lendo o unifilar de um quadro'].map((title, index) => ({
          courseId: diagrams.id,
          title,
          description: 'Aula curta com exemplos.',
          youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          videoSource: 'youtube' as const,
          order: index + 1,
        })),
      )
      .returning({ id: lessons.id })
      .all();
    tx.insert(lessonProgress)
      .values(
        diagramLessons.map(({ id }, index) => ({
          userId: masterId,
          lessonId: id,
          courseId: diagrams.id,
          completedAt: new Date(earlier.getTime() - (2 - index) * 3_600_000),
        })),
      )
      .run();
    tx.insert(certificates)
      .values({
        code: DEMO_CERTIFICATE.code,
        userId: masterId,
        courseId: diagrams.id,
        holderName: DEMO_USERS.find((demo) => demo.email === 'master@example.com')!.fullName,
        courseTitle: diagrams.title,
        hours: diagrams.duration,
        instructor: diagrams.instructor,
        completedAt: new Date(earlier.getTime() - 3_600_000),
        issuedAt: earlier,
      })
      .run();

    tx.insert(promoCodes)
      .values([
        {
          code: 'BEMVINDO',
          codeKey: foldKey('BEMVINDO'),
          days: 30,
          maxUses: 100,
          targetRole: 'E-TOOL',
          promoType: 'role',
          createdBy: adminId,
        },
        {
          code: 'MASTER7',
          codeKey: foldKey('MASTER7'),
          days: 7,
          maxUses: 50,
          targetRole: 'E-MASTER',
          promoType: 'role',
          createdBy: adminId,
        },
        { code: 'CLP2025', codeKey: foldKey('CLP2025'), days: 365, maxUses: 20, promoType: 'course', courseId: plc.id, createdBy: adminId },
      ])
      .run();

    tx.insert(notifications)
      .values([
        {
          title: 'Bem-vindo à E-Engenharia',
          message: 'Explore as calculadoras e avalie as ferramentas que você usa.',
          type: 'info',
          targetRole: 'all',
          createdBy: adminId,
        },
        {
          title: 'Novo curso disponível',
          message: 'O curso NR-10 já está disponível para assinantes E-MASTER.',
          type: 'success',
          targetRole: 'all',
          createdBy: adminId,
        },
        {
          title: 'Manutenção programada',
          message: 'A plataforma ficará indisponível no domingo, das 2h às 4h.',
          type: 'warning',
          targetRole: 'all',
          createdBy: adminId,
        },
        {
          title: 'Conheça o plano E-TOOL',
          message: 'Desbloqueie todas as calculadoras E-TOOL por R$ 29,90 ao mês.',
          type: 'info',
          targetRole: 'E-BASIC',
          createdBy: adminId,
        },
      ])
      .run();

    // Support tickets (scripts/demo-chats.ts): the basic user's open one with an unread reply and
    // a closed one; the E-TOOL user's 500-message ticket and the open one the bench writes to.
    const owners = { basic: ids['basic@example.com'], tool: ids['tool@example.com'] };
    for (const ticket of demoTickets(now)) {
      const userId = owners[ticket.owner];
      const thread = tx
        .insert(chatThreads)
        .values({ ...ticket.thread, userId })
        .returning({ id: chatThreads.id })
        .get();
      const inserted = tx
        .insert(chatMessages)
        .values(
          ticket.messages.map(({ from, ...message }) => ({ ...message, threadId: thread.id, userId: from === 'admin' ? adminId : userId })),
        )
        .returning({ id: chatMessages.id })
        .all();
      if (ticket.lastMessageFiles) seedDemoFiles(tx, thread.id, inserted[inserted.length - 1].id, ticket.lastMessageFiles);
      // 'Como foi o atendimento?': the closed ticket is rated, so the support tab's figures show one.
      if (ticket.thread.status === 'closed')
        tx.insert(ticketRatings)
          .values({ threadId: thread.id, userId, adminId, score: 5, comment: 'Resolvido no mesmo dia, obrigado!' })
          .run();
    }

    seedDemoMails(
      tx,
      DEMO_USERS.map((demo) => ({ id: ids[demo.email]!, username: demo.username, email: demo.email })),
    );
    seedDemoSignIns(tx, ids['basic@example.com']!);
  });
  seedDemoProjects();
  seedBenchProject();
  return true;
}
