import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MESSAGE_FORM_BYTES } from '../../schemas/chat-attachments';
import { AppError } from '../../utils/errors';
import { receiveMultipart, type ReceivedFile, type ReceivedMultipart } from '../../utils/multipart-upload.server';
import { consume } from '../accounts/rate-limit-store.server';
import { assertRoomBeforeUpload } from './attachment-storage.server';
import { privateUploadsDirectory, type IncomingFile } from './attachments.server';

/**
 * The ticket page's reply box with files (issue 26): everything that bounds an upload's cost is
 * decided before its body is read. The account's message point is spent (the 30 a minute of
 * the support chat; admins have none), it takes one of its UPLOAD_SLOTS, and its storage is
 * checked; only then is the body streamed to temporary files. An account over its limit, or with
 * uploads already in flight, is answered at once with 429, its body left unread.
 *
 * The slots are counted in this process (a Map): with WEB_CONCURRENCY > 1 each worker counts its
 * own, so an account may have UPLOAD_SLOTS uploads per process; the message points are shared
 * (in the database) whatever the number of processes.
 */

/** Uploads one account may have in flight at once, per process. */
export const UPLOAD_SLOTS = 2;
const inFlight = new Map<number, number>();

/** Proof that an upload was admitted: its message point is spent, so posting it spends no other. */
export type UploadAdmission = { userId: number; release: () => void };

type Uploader = { id: number; role: string };

/** Takes a slot, spends the message point and checks the room, in that order; gives the slot back if any refuses. */
export async function admitUpload(viewer: Uploader): Promise<UploadAdmission> {
  const taken = inFlight.get(viewer.id) ?? 0;
  if (taken >= UPLOAD_SLOTS) throw new AppError(429, ATTACHMENT_MESSAGES.busy);
  inFlight.set(viewer.id, taken + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(viewer.id) ?? 1) - 1;
    if (left > 0) inFlight.set(viewer.id, left);
    else inFlight.delete(viewer.id);
  };
  try {
    if (viewer.role !== 'admin') await consume([['chatMessage', String(viewer.id)]]);
    await assertRoomBeforeUpload(viewer.id);
    return { userId: viewer.id, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Uploads in flight for an account in this process (tests, logs). */
export const uploadsInFlight = (userId: number) => inFlight.get(userId) ?? 0;

/** A received temporary file as an incoming attachment: read from disk, never held whole unless it is an image. */
function fromDisk(file: ReceivedFile): IncomingFile {
  return {
    name: file.name,
    size: file.size,
    async head() {
      const handle = await open(file.path, 'r');
      try {
        const { bytesRead, buffer } = await handle.read(Buffer.alloc(16), 0, 16, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    bytes: () => readFile(file.path),
    chunks: () => createReadStream(file.path),
    // The upload kit wrote it 0600 in the uploads folder itself (`directory` below).
    temporaryPath: file.path,
  };
}

/**
 * One request's upload: `receive` is the form kit's multipart reader (admission, then the body
 * streamed to disk), `files` what arrived, `admission` for postMessage, and `finish` (always,
 * after the answer is ready) gives the slot back and removes the temporary files.
 */
export function messageUpload(viewer: Uploader) {
  let admission: UploadAdmission | null = null;
  let received: ReceivedMultipart | null = null;
  return {
    async receive(request: Request, contentType: string): Promise<FormData> {
      admission = await admitUpload(viewer);
      received = await receiveMultipart(request, contentType, {
        maxBytes: MESSAGE_FORM_BYTES,
        fileField: 'files',
        // One more than allowed: a fourth file is refused beside the field, with the form kept.
        maxFiles: MAX_ATTACHMENTS + 1,
        maxFileBytes: MAX_ATTACHMENT_BYTES,
        maxFields: 8,
        maxFieldBytes: 32 * 1024,
        directory: await privateUploadsDirectory(),
      });
      return received.formData;
    },
    get files(): IncomingFile[] {
      return received?.files.map(fromDisk) ?? [];
    },
    get admission(): UploadAdmission | null {
      return admission;
    },
    async finish(): Promise<void> {
      admission?.release();
      await received?.discard();
    },
  };
}
