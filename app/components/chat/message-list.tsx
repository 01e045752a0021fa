import type { ShownMessage } from '~/models/chat/types';
import { StaticMarkupList } from '~/components/static-markup-list';
import { formatDateTime } from '~/utils/format';
import { NEWEST_MESSAGE_ANCHOR } from '~/utils/ticket-path';
import { MessageAttachments } from './message-attachments';

/**
 * The messages of a ticket, in order of arrival, each with its author ('Administrador' or
 * 'Usuário') and time. Text is rendered as text (React escapes it), line breaks kept by CSS.
 * Takes the messages as props so the live layer can merge the ones that arrive while the page
 * is open (keyed by id: a message given twice shows once). The last one carries the anchor every
 * link to a ticket goes to (app/utils/ticket-path.ts).
 *
 * A ticket page shows up to 50 messages that never change once sent: on the server each one's
 * HTML is kept per process (decision 079), keyed by the message itself, the viewer's side and
 * whether it is the last one, so the key names everything the item shows.
 */
export function MessageList({ messages, viewerIsAdmin }: { messages: readonly ShownMessage[]; viewerIsAdmin: boolean }) {
  if (messages.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center" data-testid="chat-messages-empty">
        <p className="font-semibold text-slate-800">Nenhum mensagem ainda</p>
        <p className="mt-1 text-slate-600">Seja o primeiro a enviar uma mensagem</p>
      </div>
    );
  }
  const shown = onceEach(messages);
  const last = shown.length - 1;
  const [side, newestSide] = viewerIsAdmin ? ['a', 'aL'] : ['u', 'uL'];
  return (
    <StaticMarkupList
      as="ol"
      className="space-y-3"
      ariaLabel="Mensagens"
      testId="chat-messages"
      items={shown}
      itemKey={(message, index) => messageKey(message, index === last ? newestSide : side)}
      renderItem={(message, index) => (
        <MessageItem key={message.id} message={message} viewerIsAdmin={viewerIsAdmin} newest={index === last} />
      )}
    />
  );
}

/** Each id once (the live layer may hand one twice), in the order given; the list comes in order of id, so a repeat is rare. */
function onceEach(messages: readonly ShownMessage[]): readonly ShownMessage[] {
  let increasing = true;
  for (let index = 1; index < messages.length && increasing; index++) increasing = messages[index].id > messages[index - 1].id;
  if (increasing) return messages;
  const seen = new Set<number>();
  return messages.filter((message) => !seen.has(message.id) && seen.add(message.id));
}

/**
 * A message's markup key for one viewer's side and place (`a`/`u`, `L` for the newest): every field the item shows,
 * the text last so no field can run into the next. Built by concatenation, not `JSON.stringify` and not kept per
 * object: the page's loader data is parsed anew on every request, so a per-object memo never hit and its WeakMap
 * only fed the collector (bench/profile.md, "`/chat/{id}`, third round").
 */
function messageKey(message: ShownMessage, variant: string): string {
  const files = message.attachments && message.attachments.length > 0 ? JSON.stringify(message.attachments) : '';
  return `chat-message:${variant}:${message.id}:${message.isAdminMessage ? 1 : 0}:${message.createdAt}:${files}:${message.message}`;
}
/** A field added to ShownMessage must join the key above: this stops compiling until it is named here. */
const keyNamesEveryField: Exclude<keyof ShownMessage, 'id' | 'isAdminMessage' | 'createdAt' | 'attachments' | 'message'> extends never
  ? true
  : never = true;
void keyNamesEveryField;

// Few elements and short class lists per message: a ticket page renders up to 100 of them.
function MessageItem({ message, viewerIsAdmin, newest }: { message: ShownMessage; viewerIsAdmin: boolean; newest: boolean }) {
  const own = message.isAdminMessage === viewerIsAdmin;
  return (
    <li
      id={newest ? NEWEST_MESSAGE_ANCHOR : undefined}
      data-testid="chat-message"
      className={`w-fit max-w-[85%] rounded-lg border px-4 py-3 ${own ? 'ml-auto' : ''} ${message.isAdminMessage ? 'border-brand-200 bg-brand-50' : 'bg-white'}`}
    >
      <p className="text-xs text-slate-600">
        <b className="mr-3 text-slate-700">{message.isAdminMessage ? 'Administrador' : 'Usuário'}</b>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words">{message.message}</p>
      <MessageAttachments attachments={message.attachments ?? []} />
    </li>
  );
}
