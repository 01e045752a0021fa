import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Executor } from '../db/client';
import { chatAttachments, type chatMessages, type chatThreads } from '../db/schema';
import { uploadsDirectory } from '../app/models/chat/attachments.server';
import { sortKey } from '../app/utils/fold';
import { BENCH_THREAD_SUBJECT, BENCH_WRITE_THREAD_SUBJECT } from '../db/seed-constants';

/**
 * The demo seed's support tickets: a conversation for each demo user to find on /chats, and the
 * long ticket the benchmark opens (`GET /chat/{id}` with 500 messages) plus the one its write
 * scenario posts to (their subjects in db/seed-constants.ts).
 */

type NewThread = Omit<typeof chatThreads.$inferInsert, 'userId'>;
type NewMessage = Omit<typeof chatMessages.$inferInsert, 'threadId' | 'userId'> & { from: 'user' | 'admin' };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const BENCH_THREAD_MESSAGES = 500;

const thread = (subject: string, values: Omit<NewThread, 'subject' | 'subjectKey'>): NewThread => ({
  subject,
  subjectKey: sortKey(subject),
  ...values,
});

/** A file attached to a ticket's last message (issue 22): stored like an upload, under a random key in the uploads folder. */
export type DemoFile = { name: string; contentType: 'image/png' | 'application/pdf'; bytes: Buffer };
export type DemoTicket = { owner: 'basic' | 'tool'; thread: NewThread; messages: NewMessage[]; lastMessageFiles?: DemoFile[] };

/** A 1×1 PNG and a one-page PDF: the bench's ticket page renders a message with attachments. */
export const DEMO_FILES: DemoFile[] = [
  {
    name: 'quadro-de-cargas.png',
    contentType: 'image/png',
    bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
  },
  {
    name: 'memorial-descritivo.pdf',
    contentType: 'application/pdf',
    bytes: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  },
];

const USER_LINES = [
  'Bom dia! Revisei o dimensionamento do circuito de iluminação; pode conferir?',
  'A queda de tensão no alimentador deu 3,8 %. Está dentro do limite?',
  'Enviei a nova planilha de cargas com os motores da linha 2.',
  'O disjuntor de 40 A atende o circuito das tomadas industriais?',
  'Obrigado! Vou ajustar a seção do condutor e recalcular.',
];
const ADMIN_LINES = [
  'Conferido: o resultado bate com a NBR 5410 para esse método de instalação.',
  'Sim, o limite para circuitos terminais é 4 %; recomendo folga para expansões.',
  'Recebemos a planilha. Considere o fator de demanda dos motores.',
  'Verifique a coordenação: Ib ≤ In ≤ Iz, e o agrupamento dos cabos na eletrocalha.',
  'Perfeito. Qualquer dúvida, é só responder aqui.',
];

/** The demo tickets, with times relative to `now` (messages in order of arrival, ids and times agreeing). */
export function demoTickets(now: Date): DemoTicket[] {
  const at = (ms: number) => new Date(now.getTime() - ms);
  const long: NewMessage[] = [];
  const start = now.getTime() - 60 * DAY;
  for (let i = 0; i < BENCH_THREAD_MESSAGES; i++) {
    const fromAdmin = i % 2 === 1;
    const lines = fromAdmin ? ADMIN_LINES : USER_LINES;
    long.push({
      from: fromAdmin ? 'admin' : 'user',
      isAdminMessage: fromAdmin,
      message: `${lines[Math.floor(i / 2) % lines.length]} (#${i + 1})`,
      createdAt: new Date(start + i * 2 * 60 * MINUTE),
    });
  }
  const longLast = long[long.length - 1].createdAt as Date;
  return [
    {
      // Open, with an admin reply the user has not opened yet: the unread dot on /chats.
      owner: 'basic',
      thread: thread('Dúvida sobre a calculadora de queda de tensão', {
        status: 'open',
        isAdminUnread: false,
        isUserUnread: true,
        lastMessageAt: at(0),
        createdAt: at(60 * MINUTE),
      }),
      messages: [
        {
          from: 'user',
          isAdminMessage: false,
          message: 'Olá! A calculadora considera a temperatura do condutor?',
          createdAt: at(60 * MINUTE),
        },
        {
          from: 'admin',
          isAdminMessage: true,
          message: 'Sim: você pode escolher 20 °C ou 70 °C, e o limite da NBR 5410 é verificado.',
          createdAt: at(0),
        },
      ],
    },
    {
      // Closed after the problem was solved: no reply box, 'Fechado' in the list.
      owner: 'basic',
      thread: thread('Código promocional não funciona', {
        status: 'closed',
        isAdminUnread: false,
        isUserUnread: false,
        lastMessageAt: at(3 * DAY - 30 * MINUTE),
        createdAt: at(3 * DAY),
      }),
      messages: [
        {
          from: 'user',
          isAdminMessage: false,
          message: 'Tentei usar o código BEMVINDO e apareceu "código inválido".',
          createdAt: at(3 * DAY),
        },
        {
          from: 'admin',
          isAdminMessage: true,
          message: 'O código diferencia apenas letras e números; tente sem espaços. Já ativamos para você.',
          createdAt: at(3 * DAY - 40 * MINUTE),
        },
        { from: 'user', isAdminMessage: false, message: 'Funcionou, obrigado! Pode encerrar.', createdAt: at(3 * DAY - 30 * MINUTE) },
      ],
    },
    {
      // The bench's long ticket: 500 messages over two months, read on both sides.
      owner: 'tool',
      thread: thread(BENCH_THREAD_SUBJECT, {
        status: 'open',
        isAdminUnread: false,
        isUserUnread: false,
        lastMessageAt: longLast,
        createdAt: long[0].createdAt as Date,
      }),
      messages: long,
      lastMessageFiles: DEMO_FILES,
    },
    {
      // New, waiting for the support team: the admin's unread count.
      owner: 'tool',
      thread: thread(BENCH_WRITE_THREAD_SUBJECT, {
        status: 'open',
        isAdminUnread: true,
        isUserUnread: false,
        lastMessageAt: at(2 * 60 * MINUTE),
        createdAt: at(2 * 60 * MINUTE),
      }),
      messages: [
        {
          from: 'user',
          isAdminMessage: false,
          message: 'Vou registrar aqui as dúvidas que surgirem durante a obra.',
          createdAt: at(2 * 60 * MINUTE),
        },
      ],
    },
  ];
}

/** Writes the demo files into the uploads folder and their rows, inside the seed's transaction. */
export function seedDemoFiles(tx: Executor, threadId: number, messageId: number, files: DemoFile[]): void {
  const directory = uploadsDirectory();
  mkdirSync(directory, { recursive: true });
  for (const file of files) {
    const storageKey = randomUUID();
    writeFileSync(join(directory, storageKey), file.bytes);
    tx.insert(chatAttachments)
      .values({ messageId, threadId, storageKey, name: file.name, contentType: file.contentType, size: file.bytes.length })
      .run();
  }
}
