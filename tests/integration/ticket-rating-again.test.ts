import { beforeEach, expect, test } from 'vitest';
import { closeThread, createThread } from '~/models/chat/chat.server';
import { rateTicket } from '~/models/chat/ticket-rating.server';
import * as ticketPage from '~/routes/_app+/chat.$id';
import { TICKET_RATING_MESSAGES } from '~/schemas/ticket-rating';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, createUser, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/**
 * Issue 26, item 13: rating a ticket a second time without JavaScript (a second tab, or Back and
 * send again) answered 409 with a page that said nothing: the form that shows its errors is gone
 * once a rating exists. The refusal is now shown on that page, beside the rating given.
 */

const serve = documentHandler([{ id: 'routes/_app+/chat.$id', parentId: 'root', path: 'chat/:id', module: ticketPage }]);

beforeEach(() => resetAllLimits());

test('a second rating sent as a plain form gets 409 and a page that says the ticket was already rated', async () => {
  const owner = await createUser();
  const cookie = await sessionCookie(owner);
  const thread = await createThread(owner, { subject: 'Avaliar duas vezes', message: 'Olá' });
  closeThread(owner, thread.id);
  rateTicket(owner, thread.id, { score: 4, comment: '' });
  const answer = await serve(
    new Request(`${BASE_URL}/chat/${thread.id}`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: BASE_URL,
        Host: new URL(BASE_URL).host,
        'Sec-Fetch-Mode': 'navigate',
      },
      body: 'intent=rate&score=5',
    }),
  );
  expect(answer.status).toBe(409);
  const page = await answer.text();
  expect(page).toContain('aria-label="4 de 5 estrelas"');
  // In the rating's own section, where the person looks: not only in a toast that hides itself.
  const section = page.slice(page.indexOf('id="avaliacao"'), page.indexOf('</section>', page.indexOf('id="avaliacao"')));
  expect(section).toContain('Não foi possível avaliar');
  expect(section).toContain(TICKET_RATING_MESSAGES.already);
});
