import { expect, test } from '@playwright/test';
import { launch, startProductionServer, type ProductionServer } from './production-server';
import {
  call,
  countsOf,
  inParallel,
  inspect,
  integrityCheck,
  MANY_CLIENTS_ENV,
  nextAddress,
  registerClient,
  registrationBody,
  runTag,
  sleep,
  type Answer,
  type Client,
} from './load-client';

/**
 * The production server is killed with SIGKILL while it acknowledges writes of
 * every kind (registrations, chat messages, promo redemptions, tool ratings, test-mode card
 * payments), then started again on the same file. Every acknowledged write is there exactly
 * once; an unacknowledged one is there once or not at all, never twice or half done; and the
 * database passes integrity_check.
 */

const KINDS = ['registration', 'message', 'rating', 'promo', 'payment'] as const;
type Kind = (typeof KINDS)[number];
/** Each write's unique value: a username, a message, a rating comment, a user id, a PaymentIntent id. */
type Write = { kind: Kind; value: string; acknowledged: boolean };

const CARD = '4242 4242 4242 4242';
const MESSAGES_PER_CLIENT = 25;

type Member = Client & { id: number };

async function member(server: ProductionServer, username: string): Promise<Member> {
  const client = await registerClient(server, username);
  const me = await call(server, '/api/user', { cookie: client.cookie });
  return { ...client, id: (me.body as { id: number }).id };
}

test('after SIGKILL under mixed writes, every acknowledged write is present exactly once and nothing is half done', async () => {
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({ name: 'crash', seedDemo: true, env: MANY_CLIENTS_ENV });
    const live = server;

    // Users and what they will write to: tickets, the tools an E-BASIC user may rate.
    const members = await inParallel(
      Array.from({ length: 30 }, (_, i) => `cr${runTag}m${i}`),
      3,
      (name) => member(live, name),
    );
    const payers = await inParallel(
      Array.from({ length: 30 }, (_, i) => `cr${runTag}p${i}`),
      3,
      (name) => member(live, name),
    );
    const threads = await inParallel(members, 4, async (client) => {
      const answer = await call(live, '/api/chat/threads', { body: { subject: `Queda ${client.username}` }, cookie: client.cookie });
      expect(answer.status).toBe(201);
      return { client, id: (answer.body as { id: number }).id, sent: 1 };
    });
    const tools = (await call(live, '/api/tools', { cookie: members[0].cookie })).body as Array<{ id: number; locked: boolean }>;
    const usable = tools.filter((tool) => !tool.locked).map((tool) => tool.id);
    expect(usable.length).toBeGreaterThan(0);
    const ratingQueue = members.flatMap((client) => usable.map((toolId) => ({ client, toolId })));
    const promoQueue = [...members];
    const payerQueue = [...payers];

    const writes: Write[] = [];
    const errors = new Map<string, number>();
    const record = (kind: Kind, value: string, acknowledged: boolean, answer: Answer | null) => {
      writes.push({ kind, value, acknowledged });
      const reason = `${kind} ${answer ? `${answer.status} ${(answer.body as { message?: string } | null)?.message ?? ''}`.trim() : 'no answer'}`;
      if (!acknowledged) errors.set(reason, (errors.get(reason) ?? 0) + 1);
    };

    let seq = 0;
    let writing = true;
    const attempt = async (kind: Kind, n: number): Promise<void> => {
      if (kind === 'registration') {
        const username = `cr${runTag}r${n}`;
        const answer = await call(live, '/api/register', { body: registrationBody(username), address: nextAddress() }).catch(() => null);
        return record(kind, username, answer?.status === 201, answer);
      }
      if (kind === 'message') {
        const thread = threads[n % threads.length];
        if (thread.sent >= MESSAGES_PER_CLIENT) return;
        thread.sent++;
        const message = `cr-${runTag}-message-${n}`;
        const answer = await call(live, `/api/chat/threads/${thread.id}/messages`, {
          body: { message },
          cookie: thread.client.cookie,
        }).catch(() => null);
        return record(kind, message, answer?.status === 201, answer);
      }
      if (kind === 'rating') {
        const next = ratingQueue.shift();
        if (!next) return;
        const comment = `cr-${runTag}-rating-${n}`;
        const answer = await call(live, `/api/tools/${next.toolId}/rate`, {
          body: { rating: 1 + (n % 5), comment },
          cookie: next.client.cookie,
        }).catch(() => null);
        return record(kind, comment, answer?.status === 200, answer);
      }
      if (kind === 'promo') {
        const next = promoQueue.shift();
        if (!next) return;
        const answer = await call(live, '/api/promocodes/use', { body: { code: 'BEMVINDO' }, cookie: next.cookie }).catch(() => null);
        return record(kind, String(next.id), answer?.status === 200, answer);
      }
      // One purchase per payer: a second plan of the same level is refused ('Seu plano atual já inclui este plano').
      const payer = payerQueue.shift();
      if (!payer) return;
      const purchase = { planType: n % 2 ? 'E-TOOL' : 'E-MASTER', months: 1 + (n % 3), idempotencyKey: `crash-${runTag}-${n}` };
      const created = await call(live, '/api/upgrade/create-payment-intent', { body: purchase, cookie: payer.cookie }).catch(() => null);
      const intent = (created?.body as { paymentIntentId?: string } | undefined)?.paymentIntentId;
      if (created?.status !== 200 || !intent) return record(kind, `no-intent-${n}`, false, created);
      const card = await call(live, '/api/test-mode/confirm-card', {
        body: { paymentIntentId: intent, cardNumber: CARD },
        cookie: payer.cookie,
      }).catch(() => null);
      if (card?.status !== 200) return record(kind, intent, false, card);
      const confirmed = await call(live, '/api/upgrade/confirm-payment', { body: { paymentIntentId: intent }, cookie: payer.cookie }).catch(
        () => null,
      );
      const succeeded = confirmed?.status === 200 && (confirmed.body as { status?: string }).status === 'succeeded';
      return record(kind, intent, succeeded, confirmed);
    };
    const lane = async (index: number) => {
      while (writing) {
        const n = ++seq;
        await attempt(KINDS[(n + index) % KINDS.length], n);
      }
    };
    const lanes = Promise.all(Array.from({ length: 16 }, (_, index) => lane(index)));

    // The kill lands while every kind is still being written: once half the payers and half the
    // promo redeemers have had their turn (or after 8 s on a slow machine).
    const killAt = Date.now() + 8000;
    while (Date.now() < killAt && (payerQueue.length > payers.length / 2 || promoQueue.length > members.length / 2)) await sleep(50);
    const killed = await server.stop('SIGKILL');
    writing = false;
    await lanes;
    expect(killed.signal).toBe('SIGKILL');

    server = await launch(live.dir, live.dbPath, live.port, live.env);
    const restarted = await call(server, '/api/user', { cookie: members[0].cookie });
    expect(restarted.status).toBe(200);

    const valuesOf = (kind: Kind, acknowledged?: boolean) =>
      writes
        .filter((write) => write.kind === kind && (acknowledged === undefined || write.acknowledged === acknowledged))
        .map((write) => write.value);
    const found = inspect(server.dbPath, (sqlite) => ({
      integrity: integrityCheck(sqlite),
      foreignKeys: sqlite.prepare('pragma foreign_key_check').all(),
      counts: {
        registration: countsOf(sqlite, 'select username from users', valuesOf('registration')),
        message: countsOf(sqlite, 'select message from chat_messages', valuesOf('message')),
        rating: countsOf(sqlite, 'select comment from tool_ratings', valuesOf('rating')),
        promo: countsOf(
          sqlite,
          "select cast(u.user_id as text) from promo_usage u join promo_codes p on p.id = u.promo_id where p.code = 'BEMVINDO'",
          valuesOf('promo'),
        ),
        payment: countsOf(sqlite, "select stripe_payment_intent_id from payments where status = 'succeeded'", valuesOf('payment')),
      } satisfies Record<Kind, Map<string, number>>,
      // Half-done writes: each query lists what breaks one rule that a single transaction keeps.
      halfDone: {
        paymentsWithoutOneGrant: sqlite
          .prepare(
            `select p.stripe_payment_intent_id, (select count(*) from role_grants g where g.source = 'payment' and g.source_id = p.id) as grants
             from payments p where p.status = 'succeeded' and p.kind = 'plan' and p.user_id is not null and grants != 1`,
          )
          .all(),
        grantsWithoutPayment: sqlite
          .prepare(
            "select g.id from role_grants g left join payments p on p.id = g.source_id and p.status = 'succeeded' where g.source = 'payment' and p.id is null",
          )
          .all(),
        paymentsWithoutNotice: sqlite
          .prepare(
            `select p.id from payments p where p.status = 'succeeded' and p.user_id is not null and p.completed_at > ?
             and not exists (select 1 from notifications n where n.user_id = p.user_id and n.title = 'Pagamento realizado!')`,
          )
          .all(Date.now() - 3_600_000),
        redemptionsWithoutOneGrant: sqlite
          .prepare(
            "select u.id from promo_usage u where (select count(*) from role_grants g where g.source = 'promo' and g.source_id = u.id) != 1",
          )
          .all(),
        promoCountsAstray: sqlite
          .prepare('select p.code from promo_codes p where p.used_count != (select count(*) from promo_usage u where u.promo_id = p.id)')
          .all(),
        toolTotalsAstray: sqlite
          .prepare('select t.id from tools t where t.total_ratings != (select count(*) from tool_ratings r where r.tool_id = t.id)')
          .all(),
        searchIndexAstray: sqlite
          .prepare('select (select count(*) from users) - (select count(*) from users_search) as difference')
          .pluck()
          .get(),
      },
    }));

    const report = Object.fromEntries(
      KINDS.map((kind) => {
        const counts = found.counts[kind];
        const acknowledged = valuesOf(kind, true);
        const unacknowledged = valuesOf(kind, false);
        return [
          kind,
          {
            acknowledged: acknowledged.length,
            found: acknowledged.filter((value) => counts.get(value) === 1).length,
            unacknowledged: unacknowledged.length,
            unacknowledgedPresent: unacknowledged.filter((value) => (counts.get(value) ?? 0) > 0).length,
          },
        ];
      }),
    );
    console.log('crash:', JSON.stringify({ ...report, refused: Object.fromEntries(errors) }));
    test.info().annotations.push({ type: 'crash', description: JSON.stringify(report) });

    expect(found.integrity).toEqual(['ok']);
    expect(found.foreignKeys).toEqual([]);
    for (const kind of KINDS) {
      const counts = found.counts[kind];
      expect(valuesOf(kind, true).length, `${kind}: no write was acknowledged`).toBeGreaterThan(0);
      expect(
        valuesOf(kind, true).filter((value) => counts.get(value) !== 1),
        `${kind}: acknowledged but not there once`,
      ).toEqual([]);
      expect(
        [...counts].filter(([, count]) => count > 1),
        `${kind}: written twice`,
      ).toEqual([]);
    }
    expect(found.halfDone).toEqual({
      paymentsWithoutOneGrant: [],
      grantsWithoutPayment: [],
      paymentsWithoutNotice: [],
      redemptionsWithoutOneGrant: [],
      promoCountsAstray: [],
      toolTotalsAstray: [],
      searchIndexAstray: 0,
    });
  } finally {
    await server?.stop('SIGKILL');
  }
});
