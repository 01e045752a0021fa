import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databasePath, queryTiming } from '../../db/client';
import { createThread, openTicket, postMessage } from '~/models/chat/chat.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { createUser } from '../setup/helpers';

/** How many statements run on the process's connection while `run` runs (every statement reports to queryTiming). */
function statementsDuring<T>(run: () => T): { ran: number; value: T } {
  let ran = 0;
  queryTiming.observe = () => ran++;
  try {
    const value = run();
    return { ran, value };
  } finally {
    queryTiming.observe = null;
  }
}

const texts = (page: { items: { message: string }[] }) => page.items.map((item) => item.message);

/** /chat/{id} keeps a ticket's window of messages per process until anything is written (app/models/chat/chat.server.ts). */
describe("the ticket page's messages kept between views", () => {
  it('reads a window once while nothing is written, and reads it again after any write', async () => {
    resetAllLimits();
    const owner = await createUser({ role: 'E-TOOL' });
    const admin = await createUser({ role: 'admin' });
    const thread = await createThread(owner, { subject: 'Janela guardada', message: 'Primeira' });
    await postMessage(owner, thread.id, 'Segunda');
    const window = { limit: 50 };

    const first = statementsDuring(() => openTicket(owner, thread.id, window));
    expect(texts(first.value)).toEqual(['Primeira', 'Segunda']);
    // Viewed again: the ticket (who may see it, its unread flags) is read again, its messages and files are not.
    const again = statementsDuring(() => openTicket(owner, thread.id, window));
    expect(again.value.items).toEqual(first.value.items);
    expect(again.ran).toBe(first.ran - 2);

    // A reply (it also makes the ticket unread for the owner, whose next view marks it read: a write too).
    await postMessage(admin, thread.id, 'Resposta do suporte');
    expect(texts(openTicket(owner, thread.id, window))).toEqual(['Primeira', 'Segunda', 'Resposta do suporte']);
    expect(texts(openTicket(admin, thread.id, window))).toEqual(['Primeira', 'Segunda', 'Resposta do suporte']);

    // Writes by another process (PRAGMA data_version moves): a message, then a file on it, then the file gone.
    const other = new Database(databasePath());
    try {
      const inserted = other
        .prepare('insert into chat_messages (thread_id, user_id, message, is_admin_message, created_at) values (?, ?, ?, 1, ?)')
        .run(thread.id, admin.id, 'Escrita por outro processo', Date.now() + 60_000);
      expect(texts(openTicket(owner, thread.id, window)).at(-1)).toBe('Escrita por outro processo');
      other
        .prepare(
          "insert into chat_attachments (message_id, thread_id, storage_key, name, content_type, size, created_at) values (?, ?, ?, 'planta.pdf', 'application/pdf', 2048, ?)",
        )
        .run(inserted.lastInsertRowid, thread.id, `kept-window-${thread.id}`, Date.now());
      expect(
        openTicket(owner, thread.id, window)
          .items.at(-1)
          ?.attachments.map((file) => file.name),
      ).toEqual(['planta.pdf']);
      other.prepare('delete from chat_attachments where storage_key = ?').run(`kept-window-${thread.id}`);
      expect(openTicket(owner, thread.id, window).items.at(-1)?.attachments).toEqual([]);
    } finally {
      other.close();
    }

    // An older window is its own entry: the messages before the third.
    const latest = openTicket(owner, thread.id, window).items;
    expect(texts(openTicket(owner, thread.id, { limit: 50, before: latest[2].id }))).toEqual(['Primeira', 'Segunda']);
    expect(texts(openTicket(owner, thread.id, { limit: 2 }))).toEqual(['Resposta do suporte', 'Escrita por outro processo']);
  });
});
