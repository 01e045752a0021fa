import { expect } from '@playwright/test';

/**
 * What the end-to-end run's SMTP server received (tests/setup/mailbox-server.ts, started by
 * playwright.config.ts; the app delivers to it over real SMTP).
 */
export type ReceivedMail = {
  messageId: string | null;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export const MAILBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 26}`;

export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits (up to 15 s: the worker polls every 2 s) for a mail to `address` whose subject matches. */
export async function waitForMail(address: string, subject: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).findLast((mail) =>
          typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject),
        );
        return Boolean(found);
      },
      { timeout: 15_000, message: `e-mail "${String(subject)}" para ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in the plain-text body that starts with `prefix` (a path of the site). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  // A prefix with a fragment ('/account#pagamentos') names that exact path and fragment.
  const matches = (url: string) =>
    prefix.includes('#') ? `${new URL(url).pathname}${new URL(url).hash}` === prefix : new URL(url).pathname.startsWith(prefix);
  const link = mail.text.match(/https?:\/\/\S+/g)?.find(matches);
  if (!link) throw new Error(`Nenhum link para ${prefix} em "${mail.subject}":\n${mail.text}`);
  return link;
}
