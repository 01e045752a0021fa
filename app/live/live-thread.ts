import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useIdleRevalidate } from './idle-revalidate';
import { noop, useLiveStore } from './live';
import type { ChatMessageEventData, ChatThreadEventData } from './protocol';

/** The ticket page's part of the live updates (kept out of the root chunk). */

const EMPTY: readonly never[] = [];

export type LiveThreadOptions = {
  threadId: number;
  /** The ticket's status as the page's loader read it: a change from the stream reloads the page's data. */
  status: string;
  /** The event id the page's loader read its messages at (`currentEventId()`): nothing after it is missed. */
  cursor: string | null;
  /** The viewer's side: a message from the other side, arriving while the page is seen, is marked read. */
  readAs: 'user' | 'admin';
};

/** POST /api/chat/threads/{id}/mark-read-{side}, once the page is visible (a failure is only logged, as the specification's JSON API says). */
function markReadWhenSeen(threadId: number, side: 'user' | 'admin', pending: { current: boolean }) {
  const send = () => {
    pending.current = false;
    fetch(`/api/chat/threads/${threadId}/mark-read-${side}`, { method: 'POST', credentials: 'same-origin' }).catch((error: unknown) =>
      console.error('mark-read failed', error),
    );
  };
  if (document.visibilityState === 'visible') send();
  else if (!pending.current) {
    pending.current = true;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      if (pending.current) send();
    };
    document.addEventListener('visibilitychange', onVisible);
  }
}

/**
 * The ticket on screen: while the component is mounted the tab's stream carries its messages.
 * Returns those that arrived since the loader read its own (merge them with `mergeMessages`).
 * The other side's messages are marked read while the page is seen; a change of the ticket's
 * status, or its deletion, reloads the page's data.
 */
export function useLiveThread<Message extends { id: number }>({ threadId, status, cursor, readAs }: LiveThreadOptions): readonly Message[] {
  const store = useLiveStore();
  const revalidate = useIdleRevalidate();
  const pendingRead = useRef(false);

  useEffect(() => store?.watchThread(threadId, cursor), [store, threadId, cursor]);
  useEffect(
    () =>
      store?.onEvent((event) => {
        if (event.type === 'chat-thread') {
          const data = event.data as ChatThreadEventData | null;
          if (data?.threadId === threadId && (data.deleted || data.status !== status)) revalidate();
        } else if (event.type === 'chat-message') {
          const data = event.data as ChatMessageEventData<{ isAdminMessage?: boolean }> | null;
          const fromOtherSide = data?.threadId === threadId && data.message?.isAdminMessage === (readAs === 'user');
          if (fromOtherSide) markReadWhenSeen(threadId, readAs, pendingRead);
        }
      }),
    [store, threadId, status, readAs, revalidate],
  );
  return useSyncExternalStore(
    store?.subscribe ?? noop,
    () => (store ? (store.messagesOf(threadId) as readonly Message[]) : (EMPTY as readonly Message[])),
    () => EMPTY as readonly Message[],
  );
}

/** The loader's messages and the live ones, each id once, in order of arrival (id). */
export function mergeMessages<Message extends { id: number }>(loaded: readonly Message[], live: readonly Message[]): Message[] {
  if (live.length === 0) return [...loaded];
  const byId = new Map<number, Message>();
  for (const message of loaded) byId.set(message.id, message);
  for (const message of live) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
