import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { MailOutboxRow } from '../../db/schema';
import type { DeliveryFailure } from '../models/mail/delivery.server';

/**
 * How a row of the outbox leaves the process (docs/mail.md): over SMTP with nodemailer when
 * SMTP_URL is set, else as an .eml file in a folder beside the database (development, the demo,
 * MAIL_TRANSPORT=file). Both build the same RFC 5322 message from the row.
 */
export interface MailTransport {
  /** Resolves when the SMTP server accepted the mail (or the file is on disk); rejects with a DeliveryFailure. */
  send(row: MailOutboxRow): Promise<void>;
  close(): void;
  readonly description: string;
}

export function messageOf(row: MailOutboxRow, from: string): SendMailOptions {
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: row.messageId,
    date: row.createdAt,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
  };
}

type SmtpError = Error & { responseCode?: number; code?: string; response?: string };

/** SMTP 5xx is a refusal for good; a 4xx, a lost connection or a timeout may pass later. */
export function failureOf(error: unknown): DeliveryFailure {
  const smtp = error as SmtpError;
  const code = typeof smtp?.responseCode === 'number' ? smtp.responseCode : null;
  const reason = (smtp?.response ?? smtp?.message ?? String(error)).replace(/\s+/g, ' ').trim();
  return { permanent: code !== null && code >= 500 && code < 600, reason: code !== null ? reason : `${smtp?.code ?? 'ERRO'}: ${reason}` };
}

// nodemailer loads with the first mail sent, not when the server starts (issue 33; docs/performance.md).
let loading: Promise<typeof Nodemailer> | undefined;
const nodemailer = () => (loading ??= import('nodemailer'));

/** A transporter made on first use; `close` ends it once made (or when it is). */
function lazyTransporter(make: (module: typeof Nodemailer) => Transporter) {
  let made: Promise<Transporter> | null = null;
  return {
    get: () => (made ??= nodemailer().then(make)),
    close: () => void made?.then((transporter) => transporter.close()),
  };
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = lazyTransporter(({ createTransport }) =>
    createTransport({
      url,
      pool: true,
      maxConnections: 4,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
  const { hostname, port } = new URL(url);
  return {
    description: `SMTP ${hostname}:${port || 'padrão'}`,
    async send(row) {
      try {
        await (await transporter.get()).sendMail(messageOf(row, from));
      } catch (error) {
        throw failureOf(error);
      }
    },
    close: transporter.close,
  };
}

/** The .eml files: `{created}-{id}.eml`, written whole under a temporary name and renamed, so a reader never sees half a mail. */
export function fileTransport(directory: string, from: string): MailTransport {
  const builder = lazyTransporter(({ createTransport }) => createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  let ready: Promise<unknown> | null = null;
  return {
    description: `arquivos .eml em ${directory}`,
    async send(row) {
      try {
        ready ??= mkdir(directory, { recursive: true, mode: 0o700 });
        await ready;
        const info = (await (await builder.get()).sendMail(messageOf(row, from))) as { message: Buffer };
        const name = `${row.createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`;
        const partial = join(directory, `.${name}.tmp`);
        await writeFile(partial, info.message, { mode: 0o600 });
        await rename(partial, join(directory, name));
      } catch (error) {
        ready = null;
        throw { permanent: false, reason: `arquivo: ${(error as Error).message}` } satisfies DeliveryFailure;
      }
    },
    close: builder.close,
  };
}
