import type { Executor } from '../../../db/client';
import type { NotificationRow, UserRow } from '../../../db/schema';
import { adminPromotionEmail } from '../../emails/admin-promotion';
import { renderEmail } from '../../emails/render';
import { getEnv } from '../../utils/env.server';
import { enqueueMail } from '../mail/outbox.server';
import { publishNotice, writeNotification } from '../notifications/notification.server';

export const ADMIN_PROMOTION_NOTICE = {
  title: 'Você agora é administrador',
  message: 'Um administrador deu à sua conta o cargo de Administrador. Ative a verificação em duas etapas em Minha Conta → Segurança.',
} as const;

/**
 * A user was made an admin (issue 30): they are told by mail (kind `security`, which cannot be
 * switched off) and by a personal notice waiting at their next sign-in, both in the caller's
 * transaction. Returns the notice, to be published once that transaction has committed.
 */
export function tellPromotedAdmin(tx: Executor, user: Pick<UserRow, 'id' | 'username' | 'email'>, now: Date): NotificationRow {
  enqueueMail(tx, {
    userId: user.id,
    to: user.email,
    kind: 'security',
    ...renderEmail(adminPromotionEmail({ username: user.username, when: now, twoFactorRequired: getEnv().adminTwoFactorRequired })),
  });
  return writeNotification(tx, { ...ADMIN_PROMOTION_NOTICE, type: 'warning', userId: user.id, link: '/account#seguranca' });
}

export { publishNotice as publishPromotionNotice };
