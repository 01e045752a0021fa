import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { chatAttachments, chatMessages, notifications } from '../../db/schema';
import { stripMetadata } from '~/models/chat/attachment-bytes';
import { COPIES_ON_VOLUME, freeVolumeBytes, totalAttachmentBytes, WRITES_PER_MESSAGE } from '~/models/chat/attachment-storage.server';
import { createThread } from '~/models/chat/chat.server';
import * as ticketPage from '~/routes/_app+/chat.$id';
import { ATTACHMENT_MESSAGES, MESSAGE_FORM_BYTES } from '~/schemas/chat-attachments';
import { consume, resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, createUser, sessionCookie } from '../setup/helpers';
import {
  jpegOfTinySegments,
  jpegWithSecondImage,
  pngOfSize,
  pngOfTinyChunks,
  pngWithText,
  smallPdf,
  webpOfTinyChunks,
} from './helpers/attachment-files';

/**
 * Issue 26, items 2, 8, 9 and 12: an upload's cost is bounded before its body is read (the
 * message point, one of two upload slots per account, the storage quotas), an image's structure
 * walk is bounded, every image of a JPEG loses its metadata (only the first is kept), pictures
 * over 40 megapixels are refused, and the files are private (0700/0600).
 */

let uploads: string;
beforeAll(() => {
  uploads = mkdtempSync(join(tmpdir(), 'chat-upload-limits-'));
  process.env.UPLOADS_DIR = join(uploads, 'uploads');
});
beforeEach(() => resetAllLimits());
afterEach(() => {
  delete process.env.UPLOADS_USER_QUOTA_MB;
  delete process.env.UPLOADS_TOTAL_QUOTA_MB;
  delete process.env.UPLOADS_MIN_FREE_MB;
});

type Signed = { id: number; role: 'E-BASIC' | 'admin'; cookie: string };
async function signed(role: 'E-BASIC' | 'admin' = 'E-BASIC'): Promise<Signed> {
  const user = await createUser({ role });
  return { id: user.id, role, cookie: await sessionCookie(user) };
}

type Reply = { result: { error: Record<string, string[]> } };
const filesError = async (response: Response) => ((await response.json()) as Reply).result.error.files;

function send(user: Signed, threadId: number, files: Array<[Uint8Array, string]>) {
  const form = new FormData();
  form.append('intent', 'send');
  form.append('message', 'Segue o anexo');
  for (const [bytes, name] of files) form.append('files', new File([new Uint8Array(bytes)], name));
  const request = new Request(`${BASE_URL}/chat/${threadId}`, { method: 'POST', headers: { Cookie: user.cookie }, body: form });
  return call(ticketPage.action, request, { id: String(threadId) }, { toast: { pending: null } });
}

const BOUNDARY = 'limites26';
/**
 * A multipart upload whose file part streams `fileBytes` of PDF only as it is read, and holds
 * its last piece until `finish()`: `pulled()` says how much of the body the server asked for.
 */
function streamedUpload(user: Signed, threadId: number, fileBytes: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\nAnexo grande\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let pulled = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pulled === 0) {
        pulled += head.length;
        controller.enqueue(head);
      } else if (pulled < fileBytes) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      } else {
        await held;
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  const request = new Request(`${BASE_URL}/chat/${threadId}`, {
    method: 'POST',
    headers: { Cookie: user.cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return {
    answer: () => call(ticketPage.action, request, { id: String(threadId) }, { toast: { pending: null } }),
    pulled: () => pulled,
    finish: () => release(),
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe('the cost of an upload is bounded before its body is read', () => {
  test('an account over its 30 messages a minute gets 429 without the server reading the body', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Limite de mensagens' });
    // Opening the ticket spent the first of the 30 points; these spend the rest.
    for (let spent = 1; spent < 30; spent += 1) await consume([['chatMessage', String(owner.id)]]);
    const upload = streamedUpload(owner, thread.id, 10 * 1024 * 1024);
    upload.finish();
    const response = await within(upload.answer(), 5_000);
    expect(response.status).toBe(429);
    expect(response.headers.get('Connection')).toBe('close');
    expect(upload.pulled()).toBeLessThan(256 * 1024);
  });

  test('an account has at most two uploads in flight: a third is refused at once, unread', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Envios em paralelo' });
    const first = streamedUpload(owner, thread.id, 1024 * 1024);
    const second = streamedUpload(owner, thread.id, 1024 * 1024);
    const answers = [first.answer(), second.answer()];
    await expect.poll(() => first.pulled() >= 1024 * 1024 && second.pulled() >= 1024 * 1024).toBe(true);
    const third = streamedUpload(owner, thread.id, 1024 * 1024);
    third.finish();
    const refused = await within(third.answer(), 5_000);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.busy);
    expect(third.pulled()).toBeLessThan(256 * 1024);
    first.finish();
    second.finish();
    expect((await Promise.all(answers)).map((response) => response.status)).toEqual([302, 302]);
    // The slots came back: the next upload goes through.
    expect((await send(owner, thread.id, [[smallPdf(), 'depois.pdf']])).status).toBe(302);
  });

  test.each([
    ['PNG of 400k empty chunks', pngOfTinyChunks(), 'tela.png'],
    ['JPEG of 1.2M empty APP0 segments', jpegOfTinySegments(), 'foto.jpg'],
    ['WebP of 600k empty chunks', webpOfTinyChunks(), 'foto.webp'],
  ])('a %s is refused as too complex, not walked to the end', async (_name, bytes, name) => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Imagem estranha' });
    const response = await send(owner, thread.id, [[bytes, name]]);
    expect(response.status).toBe(400);
    expect(await filesError(response)).toEqual([ATTACHMENT_MESSAGES.tooComplex]);
  });
});

describe('storage quotas', () => {
  const fiveHundredKb = () => Buffer.concat([smallPdf(), Buffer.alloc(500 * 1024, 0x20)]);

  test('an account past its quota is refused with a clear message, and nothing is written', async () => {
    process.env.UPLOADS_USER_QUOTA_MB = '1';
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Cota da conta' });
    expect((await send(owner, thread.id, [[fiveHundredKb(), 'a.pdf']])).status).toBe(302);
    const over = await send(owner, thread.id, [
      [fiveHundredKb(), 'b.pdf'],
      [fiveHundredKb(), 'c.pdf'],
    ]);
    expect(over.status).toBe(507);
    expect(await filesError(over)).toEqual([ATTACHMENT_MESSAGES.userQuota(1)]);
    expect(db.select().from(chatMessages).where(eq(chatMessages.threadId, thread.id)).all()).toHaveLength(1);
    expect(readdirSync(process.env.UPLOADS_DIR!).filter((name) => !name.endsWith('.part'))).toHaveLength(
      db.select().from(chatAttachments).all().length,
    );
    // Another account still has its own room.
    const other = await signed();
    const otherThread = await createThread(other, { subject: 'Outra conta' });
    expect((await send(other, otherThread.id, [[fiveHundredKb(), 'd.pdf']])).status).toBe(302);
  });

  test('the site past its total quota refuses uploads and tells the admins; nearing it warns them first', async () => {
    const MB = 1024 * 1024;
    const used = totalAttachmentBytes();
    // A quota a little above what is stored, and a file that brings the total to 90 % of it (past the 80 % warning).
    const quotaMb = Math.ceil(used / MB) + 4;
    process.env.UPLOADS_TOTAL_QUOTA_MB = String(quotaMb);
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Cota do site' });
    const filler = Buffer.concat([smallPdf(), Buffer.alloc(Math.round((0.9 * quotaMb * MB - used) / COPIES_ON_VOLUME), 0x20)]);
    expect((await send(owner, thread.id, [[filler, 'a.pdf']])).status).toBe(302);
    const adminNotice = (title: string) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.title, title), eq(notifications.targetRole, 'admin')))
        .all();
    await expect.poll(() => adminNotice('Espaço de anexos acabando').length).toBe(1);

    expect(totalAttachmentBytes()).toBe(used + COPIES_ON_VOLUME * filler.length);
    process.env.UPLOADS_TOTAL_QUOTA_MB = String(Math.floor(totalAttachmentBytes() / MB));
    // Refused before the body is read: the kit's page with the message.
    const refused = await send(owner, thread.id, [[smallPdf(), 'b.pdf']]);
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.diskFull);
    await expect.poll(() => adminNotice('Anexos recusados: espaço esgotado').length).toBe(1);
    // A second refusal the same day does not repeat the notice.
    expect((await send(owner, thread.id, [[smallPdf(), 'c.pdf']])).status).toBe(507);
    expect(adminNotice('Anexos recusados: espaço esgotado')).toHaveLength(1);
  });

  test("the site's total counts each file twice, its bytes in the database and its copy in the folder (decision 059)", async () => {
    const MB = 1024 * 1024;
    const used = totalAttachmentBytes();
    process.env.UPLOADS_TOTAL_QUOTA_MB = String(Math.ceil(used / MB) + 2);
    const room = Number(process.env.UPLOADS_TOTAL_QUOTA_MB) * MB - used;
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Duas cópias' });
    // Fits the room once but not twice: refused, and nothing is written.
    const tooBig = Buffer.concat([smallPdf(), Buffer.alloc(Math.round(0.75 * room), 0x20)]);
    const refused = await send(owner, thread.id, [[tooBig, 'grande.pdf']]);
    expect(refused.status).toBe(507);
    expect(await filesError(refused)).toEqual([ATTACHMENT_MESSAGES.diskFull]);
    expect(totalAttachmentBytes()).toBe(used);
    // Fits twice: stored, and the total grows by both copies.
    const fits = Buffer.concat([smallPdf(), Buffer.alloc(Math.round(0.4 * room), 0x20)]);
    expect((await send(owner, thread.id, [[fits, 'cabe.pdf']])).status).toBe(302);
    expect(totalAttachmentBytes()).toBe(used + COPIES_ON_VOLUME * fits.length);
  });

  test('the floor keeps room for a whole message written three times: folder, WAL and database file (decision 059)', async () => {
    const MB = 1024 * 1024;
    const free = (await freeVolumeBytes())!;
    // Room for the message once or twice above the floor, not three times.
    process.env.UPLOADS_MIN_FREE_MB = String(Math.floor((free - (WRITES_PER_MESSAGE - 1) * MESSAGE_FORM_BYTES) / MB));
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Piso do volume' });
    const refused = await send(owner, thread.id, [[smallPdf(), 'a.pdf']]);
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.diskFull);
  });

  test('a volume whose free space would fall under the floor refuses uploads', async () => {
    process.env.UPLOADS_MIN_FREE_MB = '9999999';
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Volume cheio' });
    const refused = await send(owner, thread.id, [[smallPdf(), 'a.pdf']]);
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.diskFull);
  });
});

describe('images', () => {
  test('a JPEG with a second image keeps only the first: the second one’s EXIF and GPS are gone', () => {
    const stripped = Buffer.from(stripMetadata('image/jpeg', jpegWithSecondImage('GPS -23.5505,-46.6333'))!);
    expect(stripped.includes('GPS -23.5505')).toBe(false);
    expect(stripped.includes('Exif')).toBe(false);
    expect(stripped.indexOf(Buffer.from([0xff, 0xd8]), 2)).toBe(-1);
    expect(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  test('an image over 40 megapixels is refused with a clear message; 40 megapixels pass', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Imagem gigante' });
    const huge = await send(owner, thread.id, [[pngOfSize(25_000, 25_000), 'gigante.png']]);
    expect(huge.status).toBe(413);
    expect(await filesError(huge)).toEqual([ATTACHMENT_MESSAGES.tooManyPixels]);
    expect((await send(owner, thread.id, [[pngOfSize(8_000, 5_000), 'grande.png']])).status).toBe(302);
  });
});

describe('file modes', () => {
  test('the uploads folder is 0700 and each file 0600, like mail/ and backups/', async () => {
    const owner = await signed();
    const thread = await createThread(owner, { subject: 'Permissões' });
    expect(
      (
        await send(owner, thread.id, [
          [pngWithText(), 'a.png'],
          [smallPdf(), 'b.pdf'],
        ])
      ).status,
    ).toBe(302);
    const directory = process.env.UPLOADS_DIR!;
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    const keys = db.select().from(chatAttachments).where(eq(chatAttachments.threadId, thread.id)).all();
    expect(keys).toHaveLength(2);
    for (const row of keys) {
      expect(statSync(join(directory, row.storageKey)).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(directory, row.storageKey)).length).toBe(row.size);
    }
  });
});
