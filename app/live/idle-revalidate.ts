import { useNavigation, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';

/**
 * A revalidation asked for by the live stream, run only while no navigation is under way.
 * Revalidating in the middle of one aborts its loaders after the server has already spent the
 * flash cookie of the action that redirected, and the action's toast was lost (a close of a
 * ticket, answered by its own 'chat-thread' event, raced its 'Ticket encerrado'). A request that
 * arrives mid-navigation runs once the navigation has ended.
 */
export function useIdleRevalidate(): () => void {
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const busy = navigation.state !== 'idle';
  const latest = useRef({ busy, pending: false, revalidate });
  latest.current.busy = busy;
  latest.current.revalidate = revalidate;

  useEffect(() => {
    if (busy || !latest.current.pending) return;
    latest.current.pending = false;
    latest.current.revalidate();
  }, [busy]);

  return useCallback(() => {
    if (latest.current.busy) latest.current.pending = true;
    else latest.current.revalidate();
  }, []);
}
