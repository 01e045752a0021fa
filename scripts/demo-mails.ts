import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import { renderEmail } from '../app/emails/render';
import { welcomeEmail } from '../app/emails/welcome';
import { CONFIRM_LINK_DAYS, EMAIL_CONFIRM_PATH, newConfirmationLink } from '../app/models/accounts/email-change.server';
import { enqueueMail, newMessageId } from '../app/models/mail/outbox.server';
import { siteUrl } from '../app/utils/security.server';

/**
 * The demo's mails (docs/mail.md): each demo user's welcome mail, queued as registration queues
 * it (the server's worker delivers them: `.eml` files in data/mail/ with `npm run dev`), and one
 * mail the worker gave up on, so the admin panel's 'E-mails' tab shows 'Reenviar'.
 */
export function seedDemoMails(tx: Tx, users: { id: number; username: string; email: string }[]): void {
  for (const user of users) {
    const mail = renderEmail(welcomeEmail({ confirmUrl: newConfirmationLink(tx, user), days: CONFIRM_LINK_DAYS }));
    enqueueMail(tx, { userId: user.id, to: user.email, kind: 'welcome', ...mail });
  }
  const bounced = renderEmail(welcomeEmail({ confirmUrl: siteUrl(EMAIL_CONFIRM_PATH, 'absolute'), days: CONFIRM_LINK_DAYS }));
  tx.insert(mailOutbox)
    .values({
      messageId: newMessageId('nao-responda@e-engenharia.localhost'),
      userId: null,
      toAddress: 'cliente.antigo@example.com',
      kind: 'welcome',
      subject: bounced.subject,
      textBody: bounced.text,
      htmlBody: bounced.html,
      status: 'failed',
      attempts: 1,
      lastError: '550 5.1.1 <cliente.antigo@example.com>: caixa postal inexistente',
    })
    .run();
}
