import { describe, expect, it, vi } from 'vitest';
import { createLiveHub, planProcesses } from '../../http-server/cluster.js';
import type * as LiveEvents from '~/models/live-bus/live-events.server';

/**
 * The live bus across processes (docs/decisions/026): two copies of the bus module stand for two
 * cluster workers, joined to the primary's hub (http-server/cluster.js) by a message channel that,
 * like cluster IPC, delivers later and in order. tests/production/cluster.spec.ts proves the same
 * on the real cluster.
 */

type Bus = typeof LiveEvents;

async function freshBus(): Promise<Bus> {
  vi.resetModules();
  return import('~/models/live-bus/live-events.server');
}

/** A worker as the hub sees it: `send` reaches the worker's bus on a later turn, in order. */
function join(hub: ReturnType<typeof createLiveHub>, bus: Bus) {
  const inbox: unknown[] = [];
  let receive: (message: unknown) => boolean = () => false;
  const worker = {
    send(message: unknown) {
      // Copied as IPC would (JSON), delivered after the current turn.
      const copy = JSON.parse(JSON.stringify(message));
      setImmediate(() => {
        inbox.push(copy);
        receive(copy);
      });
    },
  };
  receive = bus.connectLiveRelay((message) => {
    const copy = JSON.parse(JSON.stringify(message));
    setImmediate(() => hub.receive(worker, copy));
  });
  return { worker, inbox };
}

/**
 * Every message above takes one turn of the event loop per hop (setImmediate), and no exchange here
 * has more than a few hops: 20 turns settle them all. Counting turns, not milliseconds, keeps a
 * loaded machine (a 20 ms timer firing between two hops) from failing the test.
 */
const settle = async () => {
  for (let turn = 0; turn < 20; turn++) await new Promise((done) => setImmediate(done));
};

describe('the live bus across cluster workers', () => {
  it('numbers every event once for the cluster and delivers it once, in the same order, in every worker', async () => {
    const hub = createLiveHub({ bootId: 'clu5ter' });
    const first = await freshBus();
    const second = await freshBus();
    expect(first).not.toBe(second);
    join(hub, first);
    join(hub, second);
    await settle();
    expect(first.currentEventId()).toBe('clu5ter-0');

    const seen = { first: [] as string[], second: [] as string[] };
    first.subscribe([first.liveChannels.everyone], (event) => seen.first.push(`${event.id} ${JSON.stringify(event.data)}`));
    second.subscribe([second.liveChannels.everyone], (event) => seen.second.push(`${event.id} ${JSON.stringify(event.data)}`));

    const pending = first.publish(first.liveChannels.everyone, 'notifications', { added: 1, role: 'all' });
    expect(pending.sequence).toBe(0); // numbered by the primary, not here
    second.publish(second.liveChannels.everyone, 'notifications', { added: 2, role: 'all' });
    first.publish(first.liveChannels.admins, 'chat-unread', { count: 1 });
    first.publish(first.liveChannels.everyone, 'notifications', { added: 3, role: 'all' });
    await settle();

    expect(seen.first).toEqual([
      'clu5ter-1 {"added":1,"role":"all"}',
      'clu5ter-2 {"added":2,"role":"all"}',
      'clu5ter-4 {"added":3,"role":"all"}',
    ]);
    expect(seen.second).toEqual(seen.first);
    expect(first.currentEventId()).toBe('clu5ter-4');
    expect(second.currentEventId()).toBe('clu5ter-4');
    // A tab resumes on either worker from an id the other gave it.
    expect(second.eventsSince('clu5ter-1', [second.liveChannels.everyone])?.map((event) => event.id)).toEqual(['clu5ter-2', 'clu5ter-4']);
    expect(first.eventsSince('clu5ter-1', [first.liveChannels.admins])?.map((event) => event.id)).toEqual(['clu5ter-3']);
    expect(first.eventsSince('other-1', [first.liveChannels.everyone])).toBeNull();

    // A worker forked again later gets the boot id, the sequence and the events kept.
    const third = await freshBus();
    join(hub, third);
    await settle();
    expect(third.currentEventId()).toBe('clu5ter-4');
    expect(third.eventsSince('clu5ter-0', [third.liveChannels.everyone])?.map((event) => event.id)).toEqual([
      'clu5ter-1',
      'clu5ter-2',
      'clu5ter-4',
    ]);
  });

  it('passes an access change to the other workers after the transaction, so their streams re-read it', async () => {
    const hub = createLiveHub({ bootId: 'acce55' });
    const first = await freshBus();
    const second = await freshBus();
    join(hub, first);
    const { inbox } = join(hub, second);
    await settle();
    const rechecks: number[] = [];
    second.watchAccess((userId) => rechecks.push(userId));
    const before = second.accessVersion(7);

    first.publishAccessChanged(7);
    expect(first.accessVersion(7)).toBeGreaterThan(0); // at once where it changed
    expect(rechecks).toEqual([]); // the others only once it has committed
    await settle();
    expect(rechecks).toEqual([7]);
    expect(second.accessVersion(7)).toBeGreaterThan(before);
    expect(inbox.filter((message) => (message as { kind: string }).kind === 'live:access')).toHaveLength(1);
  });

  it('keeps one process as it was: no relay, the event numbered at once', async () => {
    const alone = await freshBus();
    const event = alone.publish(alone.liveChannels.everyone, 'notifications', { added: 1, role: 'all' });
    expect(event.sequence).toBe(1);
    expect(event.id).toBe(`${alone.currentBootId()}-1`);
  });
});

describe('how many processes', () => {
  it('one per core in production, one elsewhere, WEB_CONCURRENCY when set, and one in Stripe test mode', () => {
    expect(planProcesses({ NODE_ENV: 'production' }, 4)).toEqual({ count: 4, note: null });
    expect(planProcesses({ NODE_ENV: 'development' }, 4)).toEqual({ count: 1, note: null });
    expect(planProcesses({ NODE_ENV: 'production', WEB_CONCURRENCY: '2' }, 1)).toEqual({ count: 2, note: null });
    expect(planProcesses({ WEB_CONCURRENCY: ' 3 ' }, 1)).toEqual({ count: 3, note: null });
    expect(planProcesses({ NODE_ENV: 'production', WEB_CONCURRENCY: '' }, 2)).toEqual({ count: 2, note: null });
    const testMode = planProcesses({ NODE_ENV: 'production', STRIPE_TEST_MODE: '1' }, 2);
    expect(testMode.count).toBe(1);
    expect(testMode.note).toContain('STRIPE_TEST_MODE=1: um processo só em vez de 2');
    for (const bad of ['0', '-1', '1.5', 'dois', '65', '100']) {
      expect(() => planProcesses({ WEB_CONCURRENCY: bad }, 2)).toThrow(/^WEB_CONCURRENCY: use um número inteiro de processos entre 1 e 64/);
    }
  });
});
