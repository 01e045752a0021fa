import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';
import { pageRouter, whenIdle } from './router-navigation';

/**
 * A revalidation asked for by the live stream, run only while no navigation is under way.
 * Revalidating in the middle of one aborts its loaders after the server has already spent the
 * flash cookie of the action that redirected, and the action's toast was lost (a close of a
 * ticket, answered by its own 'chat-thread' event, raced its 'Ticket encerrado'; a deletion its
 * 'Ticket excluído'). A request that arrives mid-navigation runs once the navigation has ended.
 * "Under way" is the router's state at the moment of the request (router-navigation.ts), not the
 * one React last rendered, which lags behind it on a busy machine.
 */
export function useIdleRevalidate(): () => void {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  latest.current = revalidate;
  const gate = useRef<ReturnType<typeof whenIdle> | null>(null);

  useEffect(() => {
    const current = whenIdle(pageRouter(), () => latest.current());
    gate.current = current;
    return () => {
      current.dispose();
      if (gate.current === current) gate.current = null;
    };
  }, []);

  return useCallback(() => {
    if (gate.current) gate.current.request();
    else latest.current();
  }, []);
}
