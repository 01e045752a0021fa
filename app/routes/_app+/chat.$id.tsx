import { LightLink } from '~/components/ui/light-link';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { MessageComposer } from '~/components/chat/message-composer';
import { MessageList } from '~/components/chat/message-list';
import { StatusBadge } from '~/components/chat/status-badge';
import { TicketRating } from '~/components/chat/ticket-rating';
import { DELETE_TICKET_MESSAGE, TicketActions } from '~/components/chat/ticket-actions';
import { Alert } from '~/components/ui/alert';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { canViewThread, closeThread, deleteThread, openTicket, postMessage, sideOf } from '~/models/chat/chat.server';
import { messageUpload } from '~/models/chat/message-upload.server';
import { getTicketRating, rateTicket } from '~/models/chat/ticket-rating.server';
import { currentEventId } from '~/models/live-bus/live-events.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { CHAT_MESSAGE_WINDOW, CHAT_MESSAGES, chatMessageSchema } from '~/schemas/chat';
import { ticketRatingSchema } from '~/schemas/ticket-rating';
import { isAppError } from '~/utils/errors';
import { handleForm, intent, type FormReply } from '~/utils/form.server';
import { formatDayMonthTime } from '~/utils/format';
import { mergeMessages, useLiveThread } from '~/live/live-thread';
import { pageMeta } from '~/utils/meta';
import { jsonWithToast, redirectWithToast, safeRedirect, type Toast } from '~/utils/toast.server';
import { ticketPath } from '~/utils/ticket-path';
import { urlWithout } from '~/utils/url-state';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Ticket: ${data.thread.subject}` : 'Ticket');

/**
 * /chat/{id} (the specification's 'Ticket view' screen): the ticket, its latest messages (`?before=ID` pages back
 * through older ones, CHAT_MESSAGE_WINDOW at a time), the reply box while it is open, and the
 * admin's deletion (`?confirm=delete`, its own page without JavaScript).
 *
 * Opening the ticket marks it read for the viewer's side, here in the loader: it is the
 * viewer's own read receipt (the specification's behaviour), idempotent (nothing is written when
 * it is already read), and doing it on the GET is what makes it work without JavaScript too.
 *
 * Someone else's ticket, or one that does not exist, goes to / with 'Acesso negado' (the same
 * answer for both, so the page never says whether a ticket exists).
 */

const denied = () => redirectWithToast('/', { title: 'Acesso negado', description: CHAT_MESSAGES.forbidden, type: 'error' });

/** The ticket id of the URL, or the refusal (an id that cannot exist is refused like any other). */
async function ticketId(params: { id?: string }): Promise<number> {
  const value = params.id ?? '';
  if (!/^\d{1,12}$/.test(value)) throw await denied();
  return Number(value);
}

const beforeParam = (params: URLSearchParams) => {
  const value = params.get('before');
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = await ticketId(params);
  const search = new URL(request.url).searchParams;
  const before = beforeParam(search);
  let ticket;
  // Where the messages below stand on the live bus: the tab's stream resumes from here (no await in between).
  const liveCursor = currentEventId();
  try {
    ticket = openTicket(user, id, { before, limit: CHAT_MESSAGE_WINDOW });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw await denied();
    throw error;
  }
  const isAdmin = sideOf(user) === 'admin';
  const { thread, items, hasEarlier, total } = ticket;
  return json({
    thread: {
      id: thread.id,
      subject: thread.subject,
      status: thread.status,
      userName: isAdmin ? thread.userName : null,
      openedAt: formatDayMonthTime(thread.createdAt),
    },
    isAdmin,
    messages: items,
    liveCursor,
    total,
    /** `?before=` of the 'Mensagens anteriores' link, when older messages exist. */
    earlier: hasEarlier && items.length > 0 ? items[0].id : null,
    /** Showing an older window (the latest are one link away). */
    paged: before !== undefined,
    confirmDelete: isAdmin && search.get('confirm') === 'delete',
    /** 'Como foi o atendimento?' (closed tickets): the rating given, or whether this viewer (the owner) may give it. */
    rating: thread.status === 'closed' ? getTicketRating(thread.id) : null,
    canRate: thread.status === 'closed' && thread.userId === user.id,
  });
}

const noFields = z.object({});
const refusal =
  (title: string, description?: string) =>
  (message: string): Toast => ({ title, description: description ?? message, type: 'error' });

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const user = await requireUser(request);
  const id = await ticketId(params);
  if (!canViewThread(user, id)) throw await denied();
  const here = urlWithout(request.url, ['confirm']);
  // The reply box is a multipart form that may carry three files: streamed to disk once the
  // account's point, upload slot and storage allow it (message-upload.server.ts).
  const upload = messageUpload(user);
  const intents = {
    send: intent({
      schema: chatMessageSchema,
      refusalToast: refusal('Erro ao enviar mensagem'),
      run: async ({ message }) => {
        await postMessage(user, id, message, upload.files, upload.admission);
        // The newest message, the one just sent, with the reply box under it (the box's own anchor put the message above the screen).
        return safeRedirect(ticketPath(id));
      },
    }),
    refresh: intent({
      schema: noFields,
      run: () =>
        jsonWithToast(
          args,
          { intent: 'refresh', result: null },
          { title: 'Atualizado', description: 'Mensagens atualizadas com sucesso', type: 'success' },
        ),
    }),
    close: intent({
      schema: noFields,
      refusalToast: refusal('Erro ao finalizar ticket'),
      run: () => {
        closeThread(user, id);
        return redirectWithToast(here, {
          title: 'Ticket encerrado',
          description: 'Este ticket foi finalizado com sucesso',
          type: 'success',
        });
      },
    }),
    rate: intent({
      schema: ticketRatingSchema,
      refusalToast: refusal('Erro ao avaliar'),
      run: (value) => {
        rateTicket(user, id, value);
        return redirectWithToast(here, { title: 'Avaliação enviada', description: 'Obrigado por avaliar o atendimento', type: 'success' });
      },
    }),
    delete: intent({
      schema: noFields,
      refusalToast: refusal('Erro ao excluir ticket', 'Ocorreu um erro ao excluir o ticket'),
      run: () => {
        deleteThread(user, id);
        return redirectWithToast('/admin/chats', { title: 'Ticket excluído', type: 'success' });
      },
    }),
  };
  try {
    return await handleForm(args, intents, { readMultipart: upload.receive });
  } finally {
    await upload.finish();
  }
}

export default function TicketPage() {
  const { thread, isAdmin, messages, liveCursor, total, earlier, paged, confirmDelete, rating, canRate } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  // A rating refused where no rating form is shown (still open, someone else's, or already rated: a second tab
  // or Back and send again without JavaScript) has no form to show its message beside: it is shown on its own.
  const ratingFormShown = canRate && !rating;
  const ratingRefusal = !ratingFormShown && reply?.intent === 'rate' ? Object.values(reply.result?.error ?? {}).flat()[0] : undefined;
  // With JavaScript, new messages arrive over the tab's event stream; without it, 'Atualizar' reloads.
  const liveMessages = useLiveThread<(typeof messages)[number]>({
    threadId: thread.id,
    status: thread.status,
    cursor: liveCursor,
    readAs: isAdmin ? 'admin' : 'user',
  });
  const backTo = isAdmin ? '/admin/chats' : '/chats';

  if (confirmDelete) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ConfirmActionPanel
          title="Excluir ticket"
          message={DELETE_TICKET_MESSAGE}
          intent="delete"
          fields={{}}
          cancelTo={`/chat/${thread.id}`}
        />
      </div>
    );
  }

  const isOpen = thread.status === 'open';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <header className="card">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-bold">Ticket: {thread.subject}</h1>
            <p className="mt-1 text-sm text-slate-600">
              Aberto em {thread.openedAt}
              {thread.userName ? (
                <>
                  {' · '}
                  <span data-testid="chat-user-name">{thread.userName}</span>
                </>
              ) : null}
            </p>
          </div>
          <StatusBadge status={thread.status} />
        </div>
        <div className="mt-4">
          <TicketActions backTo={backTo} isOpen={isOpen} isAdmin={isAdmin} />
        </div>
      </header>

      <section className="mt-6" aria-label="Conversa">
        {earlier !== null ? (
          <p className="mb-3 text-center">
            <LightLink to={`?before=${earlier}`} className="btn-ghost" preventScrollReset>
              Mensagens anteriores
            </LightLink>
          </p>
        ) : null}
        <MessageList messages={paged ? messages : mergeMessages(messages, liveMessages)} viewerIsAdmin={isAdmin} />
        {paged ? (
          <p className="mt-3 text-center">
            <LightLink to={ticketPath(thread.id)} className="btn-ghost">
              Mensagens mais recentes
            </LightLink>
            <span className="sr-only"> ({total} mensagens no total)</span>
          </p>
        ) : null}
      </section>

      <section className="card mt-6" aria-label="Responder">
        {isOpen ? (
          <MessageComposer />
        ) : (
          <p className="text-center text-slate-600" data-testid="chat-closed">
            Este ticket foi encerrado e não aceita mais mensagens
          </p>
        )}
      </section>

      {rating || canRate ? (
        <section className="card mt-6 space-y-4" aria-label="Avaliação do atendimento" id="avaliacao">
          {ratingRefusal ? <Alert title="Não foi possível avaliar">{ratingRefusal}</Alert> : null}
          <TicketRating rating={rating} canRate={canRate} />
        </section>
      ) : ratingRefusal ? (
        <section className="card mt-6" aria-label="Avaliação do atendimento" id="avaliacao">
          <Alert title="Não foi possível avaliar">{ratingRefusal}</Alert>
        </section>
      ) : null}
    </div>
  );
}
