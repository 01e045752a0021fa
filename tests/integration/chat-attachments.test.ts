import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '../../db/client';
import { chatAttachmentBytes, chatAttachments, chatMessages, chatThreads } from '../../db/schema';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { backfillAttachmentBytes } from '~/models/chat/attachment-backfill.server';
import { cleanFileName, sniffType, stripMetadata } from '~/models/chat/attachment-bytes';
import { incomingFromFile, removeFilesAfterCommit, storeFiles, threadFileKeys, withStoredFiles } from '~/models/chat/attachments.server';
import { createThread, deleteThread, postMessage } from '~/models/chat/chat.server';
import * as fileRoute from '~/routes/resources+/chat-files.$id';
import * as ticketPage from '~/routes/_app+/chat.$id';
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, MESSAGE_FORM_BYTES } from '~/schemas/chat-attachments';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { jpegWithExif, pngWithText, smallPdf, webpWithExif, windowsExecutable } from './helpers/attachment-files';

/**
 * Issue 22, attachments in support: the bytes decide the type, images lose their metadata, the
 * files are served only to the ticket's owner and admins (404 for everyone else), a refused or
 * failed upload leaves neither a message nor a file, and deleting a ticket or an account removes them.
 */

const diskFull = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const writeFile: typeof real.writeFile = (...args) => {
    if (diskFull.on) return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    return real.writeFile(...args);
  };
  return { ...real, default: { ...real, writeFile }, writeFile };
});

let uploads: string;
beforeAll(() => {
  uploads = mkdtempSync(join(tmpdir(), 'chat-uploads-'));
  process.env.UPLOADS_DIR = uploads;
});
beforeEach(() => resetAllLimits());
afterEach(() => {
  diskFull.on = false;
});

const storedFiles = () => readdirSync(uploads);

type Signed = { id: number; role: 'E-BASIC' | 'admin'; cookie: string };
async function signed(role: 'E-BASIC' | 'admin' = 'E-BASIC'): Promise<Signed> {
  const user = await createUser({ role });
  return { id: user.id, role, cookie: await sessionCookie(user) };
}

const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([new Uint8Array(bytes)], name, { type });

function multipart(path: string, cookie: string, fields: Record<string, string>, files: File[] = []): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const chosen of files) form.append('files', chosen);
  return new Request(`${BASE_URL}${path}`, { method: 'POST', headers: { Cookie: cookie }, body: form });
}

const send = (user: Signed, threadId: number, files: File[], message = 'Segue o print do erro') =>
  call(
    ticketPage.action,
    multipart(`/chat/${threadId}`, user.cookie, { intent: 'send', message }, files),
    { id: String(threadId) },
    { toast: { pending: null } },
  );

const fetchFile = (id: number, cookie?: string) =>
  call(fileRoute.loader, getRequest(`/resources/chat-files/${id}`, { cookie }), { id: String(id) });

const attachmentRows = (threadId: number) => db.select().from(chatAttachments).where(eq(chatAttachments.threadId, threadId)).all();

describe('the bytes', () => {
  test('the type comes from the magic numbers, never the name', () => {
    expect(sniffType(pngWithText())).toBe('image/png');
    expect(sniffType(jpegWithExif())).toBe('image/jpeg');
    expect(sniffType(webpWithExif())).toBe('image/webp');
    expect(sniffType(smallPdf())).toBe('application/pdf');
    expect(sniffType(windowsExecutable())).toBeNull();
    expect(sniffType(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(sniffType(Buffer.from('PK\x03\x04zip', 'latin1'))).toBeNull();
  });

  test('a PNG loses its text and time chunks and keeps its picture', () => {
    const stripped = Buffer.from(stripMetadata('image/png', pngWithText('GPS secreto'))!);
    expect(stripped.includes('GPS secreto')).toBe(false);
    expect(stripped.includes('tEXt')).toBe(false);
    expect(stripped.includes('tIME')).toBe(false);
    for (const kept of ['IHDR', 'IDAT', 'IEND']) expect(stripped.includes(kept)).toBe(true);
    expect(stripMetadata('image/png', pngWithText().subarray(0, 40))).toBeNull();
  });

  test('a JPEG loses APP1–APP15 and comments, keeps JFIF and the scan', () => {
    const original = jpegWithExif('Canon GPS');
    const stripped = Buffer.from(stripMetadata('image/jpeg', original)!);
    expect(stripped.includes('Canon GPS')).toBe(false);
    expect(stripped.includes('JFIF')).toBe(true);
    expect(stripped.subarray(-7).equals(Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]))).toBe(true);
    expect(stripMetadata('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2]))).toBeNull();
  });

  test('a WebP loses EXIF and XMP, its VP8X flags and RIFF size follow', () => {
    const stripped = Buffer.from(stripMetadata('image/webp', webpWithExif('Nikon GPS'))!);
    expect(stripped.includes('Nikon GPS')).toBe(false);
    expect(stripped.includes('VP8L')).toBe(true);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20] & 0x0c).toBe(0);
  });

  test('file names lose folders and control characters and take the real type’s extension', () => {
    expect(cleanFileName('C:\\fotos\\painel.exe', 'image/png')).toBe('painel.png');
    expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(cleanFileName('rel\u202Egnp.exe', 'image/jpeg')).toBe('relgnp.jpg');
    expect(cleanFileName('', 'image/webp')).toBe('anexo.webp');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(94);
  });
});

describe('sending files with a message (the page form, without JavaScript)', () => {
  test('a PNG and a PDF arrive with the message; stored under random names without metadata', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Erro no cálculo' });
    const response = await send(owner, thread.id, [
      file(pngWithText('Rua Secreta 12'), 'tela.png', 'image/png'),
      file(smallPdf(), 'relatório final.pdf', 'application/pdf'),
    ]);
    expect(response.status).toBe(302);
    const rows = attachmentRows(thread.id);
    expect(rows.map((row) => [row.name, row.contentType])).toEqual([
      ['tela.png', 'image/png'],
      ['relatório final.pdf', 'application/pdf'],
    ]);
    const message = db.select().from(chatMessages).where(eq(chatMessages.id, rows[0].messageId)).get();
    expect(message?.message).toBe('Segue o print do erro');
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(storedFiles()).toContain(row.storageKey);
    }
    expect(readFileSync(join(uploads, rows[0].storageKey)).includes('Rua Secreta 12')).toBe(false);

    const page = (await (
      await call(ticketPage.loader, getRequest(`/chat/${thread.id}`, { cookie: owner.cookie }), { id: String(thread.id) })
    ).json()) as {
      messages: { attachments: { id: number; name: string; url: string }[] }[];
    };
    expect(page.messages.at(-1)?.attachments.map((item) => [item.name, item.url])).toEqual(
      rows.map((row) => [row.name, `/resources/chat-files/${row.id}`]),
    );
  });

  test("a browser's boundary (mixed case, as Chromium writes it) is read as sent", async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Boundary do navegador' });
    const boundary = '----WebKitFormBoundaryQx7AbCdEfGh';
    const part = (headers: string, content: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), content, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="intent"', Buffer.from('send')),
      part('Content-Disposition: form-data; name="message"', Buffer.from('Do Chromium')),
      part('Content-Disposition: form-data; name="files"; filename="laudo.pdf"\r\nContent-Type: application/pdf', smallPdf()),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const request = new Request(`${BASE_URL}/chat/${thread.id}`, {
      method: 'POST',
      headers: { Cookie: owner.cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const response = await call(ticketPage.action, request, { id: String(thread.id) }, { toast: { pending: null } });
    expect(response.status).toBe(302);
    expect(attachmentRows(thread.id).map((row) => row.name)).toEqual(['laudo.pdf']);
  });

  test('a renamed executable is refused beside the file field, and nothing is written', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Arquivo estranho' });
    const before = storedFiles().length;
    const response = await send(owner, thread.id, [file(smallPdf(), 'ok.pdf'), file(windowsExecutable(), 'foto.png', 'image/png')]);
    expect(response.status).toBe(415);
    const reply = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error.files).toEqual([ATTACHMENT_MESSAGES.badType]);
    expect(db.select().from(chatMessages).where(eq(chatMessages.threadId, thread.id)).all()).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });

  test('more than three files, a file over 5 MB and a truncated image are refused', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Muitos arquivos' });
    const four = Array.from({ length: 4 }, (_, index) => file(smallPdf(), `doc${index}.pdf`));
    const tooMany = await send(owner, thread.id, four);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { result: { error: Record<string, string[]> } }).result.error.files).toEqual([
      ATTACHMENT_MESSAGES.tooMany,
    ]);

    const big = Buffer.concat([smallPdf(), Buffer.alloc(MAX_ATTACHMENT_BYTES, 0x20)]);
    const tooLarge = await send(owner, thread.id, [file(big, 'grande.pdf')]);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { result: { error: Record<string, string[]> } }).result.error.files).toEqual([
      ATTACHMENT_MESSAGES.tooLarge,
    ]);

    const broken = await send(owner, thread.id, [file(pngWithText().subarray(0, 45), 'quebrada.png')]);
    expect(broken.status).toBe(400);
    expect(attachmentRows(thread.id)).toEqual([]);
  });

  test('a chunked body past the form cap is refused with 413 while it streams', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Envio em partes' });
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > MESSAGE_FORM_BYTES * 2) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request(`${BASE_URL}/chat/${thread.id}`, {
      method: 'POST',
      headers: { Cookie: owner.cookie, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await call(ticketPage.action, request, { id: String(thread.id) });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(MESSAGE_FORM_BYTES + 2 * chunk.length);
  });

  test('a full disk is a clear message, with no message and no file left', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Disco cheio' });
    const before = storedFiles().length;
    diskFull.on = true;
    const response = await send(owner, thread.id, [file(pngWithText(), 'tela.png')]);
    expect(response.status).toBe(507);
    expect(((await response.json()) as { result: { error: Record<string, string[]> } }).result.error.files).toEqual([
      ATTACHMENT_MESSAGES.diskFull,
    ]);
    expect(db.select().from(chatMessages).where(eq(chatMessages.threadId, thread.id)).all()).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });

  test('a transaction that fails removes the files it was given', async () => {
    const before = storedFiles().length;
    const prepared = await storeFiles([file(smallPdf(), 'a.pdf'), file(pngWithText(), 'b.png')].map(incomingFromFile));
    await expect(
      withStoredFiles(prepared, (stored) => {
        expect(storedFiles().length).toBe(before + stored.length);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(storedFiles().length).toBe(before);
  });
});

describe('GET /resources/chat-files/{id}', () => {
  test('the owner and admins get the file with safe headers; another user and a visitor get 404', async () => {
    const owner = await signed();
    const stranger = await signed();
    const admin = await signed('admin');
    const thread = await createThread(owner, { subject: 'Quem vê o anexo' });
    const message = await postMessage(owner, thread.id, 'Anexos', [file(pngWithText(), 'tela.png'), file(smallPdf(), 'laudo.pdf')]);
    const [png, pdf] = message.attachments;

    for (const cookie of [owner.cookie, admin.cookie]) {
      const image = await fetchFile(png.id, cookie);
      expect(image.status).toBe(200);
      expect(image.headers.get('Content-Type')).toBe('image/png');
      expect(image.headers.get('Content-Disposition')).toBe('inline; filename="tela.png"');
      expect(image.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(image.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
      expect(image.headers.get('Content-Security-Policy')).toContain('sandbox');
      expect(image.headers.get('Cache-Control')).toBe('private, no-store');
      expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(stripMetadata('image/png', pngWithText())!))).toBe(true);

      const document = await fetchFile(pdf.id, cookie);
      expect(document.status).toBe(200);
      expect(document.headers.get('Content-Disposition')).toBe('attachment; filename="laudo.pdf"');
      expect(Buffer.from(await document.arrayBuffer()).equals(smallPdf())).toBe(true);
    }

    for (const cookie of [stranger.cookie, undefined]) {
      for (const id of [png.id, pdf.id]) {
        const refused = await fetchFile(id, cookie);
        expect(refused.status).toBe(404);
        expect(await refused.text()).toBe(ATTACHMENT_MESSAGES.notFound);
      }
    }
    expect((await fetchFile(999_999, owner.cookie)).status).toBe(404);
    expect((await call(fileRoute.loader, getRequest('/resources/chat-files/abc', { cookie: owner.cookie }), { id: 'abc' })).status).toBe(
      404,
    );
  });
});

describe('a volume restored from the replica (issue 29 item 3, decision 053)', () => {
  test('the bytes are committed with the message, and a lost file is written again from them, byte for byte', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Volume perdido' });
    const message = await postMessage(owner, thread.id, 'Anexos', [file(pngWithText(), 'tela.png'), file(smallPdf(), 'laudo.pdf')]);
    const [png, pdf] = message.attachments;
    const expected = new Map([
      [png.id, Buffer.from(stripMetadata('image/png', pngWithText())!)],
      [pdf.id, smallPdf()],
    ]);
    for (const [id, bytes] of expected) {
      const row = db.select().from(chatAttachmentBytes).where(eq(chatAttachmentBytes.attachmentId, id)).get();
      expect(Buffer.from(row!.bytes).equals(bytes)).toBe(true);
    }
    // The folder is gone with the volume; the database came back from the replica.
    for (const key of attachmentRows(thread.id).map((row) => row.storageKey)) rmSync(join(uploads, key));
    for (const [id, bytes] of expected) {
      const answer = await fetchFile(id, owner.cookie);
      expect(answer.status).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(storedFiles()).toEqual(expect.arrayContaining(attachmentRows(thread.id).map((row) => row.storageKey)));
  });

  test('a file stored before its bytes went into the database gets them at start; one lost from the folder too stays a 404', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Anexos antigos' });
    const message = await postMessage(owner, thread.id, 'Anexos', [file(smallPdf(), 'antigo.pdf'), file(smallPdf(), 'perdido.pdf')]);
    const [old, lost] = message.attachments;
    const bytesOf = (id: number) => db.select().from(chatAttachmentBytes).where(eq(chatAttachmentBytes.attachmentId, id)).get();
    // As before migration 0023: the bytes only in the folder, and one file gone from it as well.
    db.delete(chatAttachmentBytes)
      .where(inArray(chatAttachmentBytes.attachmentId, [old.id, lost.id]))
      .run();
    const keys = new Map(attachmentRows(thread.id).map((row) => [row.id, row.storageKey]));
    rmSync(join(uploads, keys.get(lost.id)!));

    const counts = backfillAttachmentBytes();
    expect(counts.copied).toBeGreaterThanOrEqual(1);
    expect(counts.missing).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(bytesOf(old.id)!.bytes).equals(smallPdf())).toBe(true);
    expect(bytesOf(lost.id)).toBeUndefined();
    // The volume is lost now: the old file comes back from the database.
    rmSync(join(uploads, keys.get(old.id)!));
    const answer = await fetchFile(old.id, owner.cookie);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(smallPdf())).toBe(true);
    expect((await fetchFile(lost.id, owner.cookie)).status).toBe(404);
    // Nothing left to copy but the lost one: a second start copies nothing.
    expect(backfillAttachmentBytes().copied).toBe(0);
  });

  test('deleting the ticket deletes the committed bytes with it', async () => {
    const owner = await signed();
    const admin = await signed('admin');
    const thread = await createThread(owner, { subject: 'Apagar os bytes' });
    const message = await postMessage(owner, thread.id, 'Anexo', [file(smallPdf(), 'a.pdf')]);
    deleteThread({ ...admin, username: 'admin' }, thread.id);
    expect(db.select().from(chatAttachmentBytes).where(eq(chatAttachmentBytes.attachmentId, message.attachments[0].id)).all()).toEqual([]);
  });
});

describe('deleting', () => {
  test('deleting a ticket removes its files', async () => {
    const owner = await signed();
    const admin = await signed('admin');
    const thread = await createThread(owner, { subject: 'Apagar com anexos' });
    const message = await postMessage(owner, thread.id, 'Anexo', [file(smallPdf(), 'a.pdf')]);
    const key = attachmentRows(thread.id)[0].storageKey;
    deleteThread({ ...admin, username: 'admin' }, thread.id);
    expect(attachmentRows(thread.id)).toEqual([]);
    await vi.waitFor(() => expect(storedFiles()).not.toContain(key));
    expect((await fetchFile(message.attachments[0].id, admin.cookie)).status).toBe(404);
  });

  test('a deletion that rolls back keeps the files', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Exclusão desfeita' });
    await postMessage(owner, thread.id, 'Anexo', [file(smallPdf(), 'a.pdf')]);
    const key = attachmentRows(thread.id)[0].storageKey;
    expect(() =>
      db.transaction((tx) => {
        removeFilesAfterCommit(threadFileKeys(tx, thread.id));
        tx.delete(chatThreads).where(eq(chatThreads.id, thread.id)).run();
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    // Long enough for a removal to have run (the passing deletions above finish within a few ms).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(storedFiles()).toContain(key);
    expect(attachmentRows(thread.id)).toHaveLength(1);
  });

  test('deleting an account removes the files of its tickets', async () => {
    const user = await createUser({ role: 'E-BASIC' });
    const thread = await createThread(user, { subject: 'Conta com anexos' });
    await postMessage(user, thread.id, 'Anexo', [file(pngWithText(), 'a.png')]);
    const key = attachmentRows(thread.id)[0].storageKey;
    expect(storedFiles()).toContain(key);
    await deleteOwnAccount(user.id, 'senha123', '127.0.0.1');
    await vi.waitFor(() => expect(storedFiles()).not.toContain(key));
  });
});
