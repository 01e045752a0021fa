import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { errorResponse } from './api.server';

/**
 * A multipart form with files, read as it streams (busboy): the text fields into a FormData, each
 * file straight into a temporary file on disk, so an upload holds a few chunks in memory whatever
 * its size (docs/decisions/043). The counts are capped while parsing (fields, files, parts), each
 * field's and file's size too, and the body as a whole; past a cap the rest of the body is left
 * unread and the answer carries `Connection: close`, like `readBodyCapped`.
 *
 * A file larger than `maxFileBytes` is kept cut at `maxFileBytes + 1` bytes: its size says it is
 * too large, and the caller refuses it beside its field.
 */
export type MultipartLimits = {
  /** The whole body. */
  maxBytes: number;
  /** The only field name files are taken from; files under any other name are skipped. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
  /** Where the temporary files go (created 0600); on the same volume as their final place, for a cheap rename. */
  directory: string;
};

/** A file as received: the name the browser gave, its temporary path and its size. */
export type ReceivedFile = { name: string; path: string; size: number };

export type ReceivedMultipart = {
  formData: FormData;
  files: ReceivedFile[];
  /** Removes the temporary files (after the request, whatever happened). */
  discard: () => Promise<void>;
};

export const MULTIPART_MESSAGES = {
  tooLarge: 'Corpo da requisição grande demais.',
  tooManyParts: 'Formulário com campos ou arquivos demais.',
  malformed: 'Formulário inválido.',
} as const;

const refusal = (status: number, message: string) => errorResponse(status, message, {}, { headers: { Connection: 'close' } });

export async function receiveMultipart(request: Request, contentType: string, limits: MultipartLimits): Promise<ReceivedMultipart> {
  if (Number(request.headers.get('Content-Length') ?? 0) > limits.maxBytes) throw refusal(413, MULTIPART_MESSAGES.tooLarge);
  const files: ReceivedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes + 1,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
  } catch {
    throw refusal(400, MULTIPART_MESSAGES.malformed);
  }

  const formData = new FormData();
  const writes: Promise<unknown>[] = [];
  let failure: Response | null = null;
  const fail = (response: Response) => {
    failure ??= response;
    parser.destroy();
  };
  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail(refusal(413, MULTIPART_MESSAGES.tooLarge));
    else formData.append(name, value);
  });
  parser.on('file', (name, stream, info) => {
    // A file input left empty arrives as a part without a file name: not a file.
    if (name !== limits.fileField || !info.filename) {
      stream.resume();
      return;
    }
    const file: ReceivedFile = { name: info.filename, path: join(limits.directory, `incoming-${randomUUID()}.part`), size: 0 };
    files.push(file);
    stream.on('data', (chunk: Buffer) => {
      file.size += chunk.length;
    });
    writes.push(
      pipeline(stream, createWriteStream(file.path, { flags: 'wx', mode: 0o600 })).catch((error: unknown) => fail(writeFailure(error))),
    );
  });
  for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
    parser.on(limit, () => fail(refusal(413, MULTIPART_MESSAGES.tooManyParts)));
  const parsed = new Promise<void>((resolve) => {
    parser.on('error', () => {
      failure ??= refusal(400, MULTIPART_MESSAGES.malformed);
      resolve();
    });
    parser.on('close', resolve);
  });
  const wake = () =>
    new Promise<void>((resolve) => {
      parser.once('drain', resolve);
      void parsed.then(resolve);
    });

  try {
    if (!request.body) throw refusal(400, MULTIPART_MESSAGES.malformed);
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) fail(refusal(413, MULTIPART_MESSAGES.tooLarge));
      if (failure) {
        // Not cancel(): through @remix-run/express that resets the connection before the answer is written (see readBodyCapped).
        reader.releaseLock();
        break;
      }
      if (!parser.write(value)) await wake();
    }
    if (!failure) parser.end();
    await parsed;
    await Promise.all(writes);
    if (failure) throw failure;
    return { formData, files, discard };
  } catch (error) {
    parser.destroy();
    await Promise.all(writes);
    await discard();
    throw error;
  }
}

/** A temporary file that could not be written: a full disk is the clear 507, anything else a failure. */
function writeFailure(error: unknown): Response {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return refusal(507, 'Não há espaço para receber os arquivos agora. Tente novamente mais tarde.');
  return refusal(500, 'Não foi possível receber os arquivos.');
}
