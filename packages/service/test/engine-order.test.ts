import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { commandOf, type StoredAnswer } from '../src/domains/handler.js';
import { tenantContextOf, type Runtime, type TenantCtx } from '../src/domains/context.js';
import { syncHandler } from '../src/domains/sync/index.js';
import { createWriteEngine, ENGINE_CONNECTIONS } from '../src/write-path/index.js';
import { closePosition, openPosition } from '../src/domains/trading/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { memoryLogger } from '../src/lib/logger.js';
import { parseAmount } from '../src/lib/money.js';
import { createPool } from '../src/db/connection.js';
import { pipelinedTransactions, type PipelinedTransactions } from '../src/db/pipelined-transaction.js';
import {
  createTenant,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, operatorOpen } from './trading-helpers.js';
import { balanceOf, holdUser, lastSeqOf, ledgerOf, raiseLimits, sleep, within } from './engine-helpers.js';

/**
 * Two ordering rules of the write engine (issue 28, from the review fixed in 6ef2651), proved on a
 * WriteEngine of the test's own, driven directly rather than through HTTP, so that what shares a round
 * and what starts when is decided by the test, not by timing:
 *
 * - a round whose transaction fails runs its groups again alone in arrival order, and a group put back
 *   holds back every later one on its user (before the fix, each ran alone even after an earlier one on
 *   its user had been put back, so a later one could be applied first);
 * - a market has one name in the engine's queue, so a close (which knows the market's id) and an open by
 *   slug of the same market never run in two rounds at once (before the fix an unknown slug and an id
 *   were two names, and the open overtook the close).
 */

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
/** The test's engines' connections, pipelined as the service's are. */
const enginePool = createPool(inject('databaseUrl'), ENGINE_CONNECTIONS, undefined, { prepare: true, pipeline: true });
const transactions = pipelinedTransactions(enginePool);

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  await raiseLimits(service, tenant);
});
afterAll(async () => {
  await enginePool.end();
  await service?.stop();
});

const request = { requestId: 'engine-order', source: 'engine-order' };

/**
 * A fresh engine (it has learned nothing) running its rounds through `rounds`, with what it logs kept for
 * the test; its commands' contexts read through the service's own pool.
 */
function freshEngine(rounds: PipelinedTransactions = transactions, logged = memoryLogger('warn')) {
  const { log, lines } = logged;
  const engine = createWriteEngine({ transactions: rounds, clock, log });
  const runtime: Runtime = { db: service.db, clock, log, engine };
  const ctx: TenantCtx = tenantContextOf(
    runtime,
    { tenantId: tenant.tenantId, environment: 'sandbox' },
    {
      kind: 'operator',
      keyId: 'test',
    },
  );
  return { engine, ctx, lines };
}

/**
 * The engine's transactions, each run through `around` (its index among the transactions begun, from 0,
 * and the transaction itself to start): a test's hook on the engine's rounds, before BEGIN and after COMMIT
 * or ROLLBACK.
 */
function aroundTransactions(
  around: (index: number, run: () => Promise<unknown>) => Promise<unknown>,
): PipelinedTransactions {
  let begun = 0;
  return <T>(work: Parameters<PipelinedTransactions>[0]) => {
    const index = begun++;
    return around(index, () => transactions(work)) as Promise<T>;
  };
}

const FAILED_ROUND = 'a round of the write engine failed; its groups run alone';

function syncOf(ctx: TenantCtx, externalUserId: string, direction: 'credit' | 'debit', amount: string) {
  const key = { key: uniqueKey('order-sync'), fields: { external_user_id: externalUserId, direction, amount } };
  const movement = { externalUserId, direction, amount: parseAmount(amount)!, resultingBalance: null };
  return commandOf(syncHandler, { ctx, request, key }, movement);
}

/** An engine's answer as a test reads it. */
function parsed(answer: StoredAnswer) {
  return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown>, text: answer.body };
}

/** A promise whose failure is reported where the test awaits it, not as an unhandled rejection meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

describe('a round whose transaction fails', () => {
  it('runs its groups alone in arrival order: a debit put back keeps a later credit of its user behind it', async () => {
    const market = await createMarket(service, tenant);
    const u = await fundedUser(service, tenant.sandboxKey, 'order-u', '50.00');
    const v = await fundedUser(service, tenant.sandboxKey, 'order-v');
    const [x, y] = await Promise.all(['order-x', 'order-y'].map((n) => fundedUser(service, tenant.sandboxKey, n)));
    // An open of 42.42 on this market cannot be written: a stand-in for any failure of a round's transaction.
    const trigger = `refuse_${market.id.replaceAll('-', '_')}`;
    await sql`
      create function ${sql.raw(trigger)}() returns trigger language plpgsql as $$
      begin
        if new.market_id = ${sql.lit(market.id)}::uuid and new.stake_minor = 4242 then raise exception 'refused by test'; end if;
        return new;
      end $$`.execute(service.db);
    await sql`create trigger ${sql.raw(trigger)} before insert on positions for each row execute function ${sql.raw(trigger)}()`.execute(
      service.db,
    );
    // U's row is held from outside when the round runs, and let go by the hook below at one chosen moment:
    // as soon as the first group run alone after the round's failure (g1, arrival order) has ended, put back.
    // A group run alone after that on U would find it free: so g2 must not be run alone at all (g1 having
    // been put back, g2 is held back behind it), or it is applied before g1. Before 6ef2651 it was.
    const held = await holdUser(tenant, u);
    let releasedAfterFailure = false;
    const logged = memoryLogger('warn');
    const failedRounds = () => logged.lines.filter((l) => l.msg === FAILED_ROUND);
    const { engine, ctx } = freshEngine(
      aroundTransactions(async (_index, run) => {
        const afterFailure = failedRounds().length > 0 && !releasedAfterFailure;
        try {
          return await run();
        } finally {
          if (afterFailure) {
            releasedAfterFailure = true;
            await held.release();
          }
        }
      }),
      logged,
    );
    let g1!: Promise<StoredAnswer>;
    let g2!: Promise<StoredAnswer>;
    let g3!: Promise<StoredAnswer>;
    try {
      // One round for g1, g2 and g3, deterministically: every submit below happens in this one tick, before
      // any I/O can complete. The first two (x's and y's credits) each start a round at once and fill the
      // engine's MAX_ROUNDS_IN_FLIGHT (2) lanes (a lane is taken synchronously, in start()), so g1, g2 and g3
      // can only queue. When the first of those two rounds ends, its kick takes the whole queue (g1..g3 touch
      // neither x nor y) as one round. The log's "groups: 3" below checks it was so.
      const first = engine.submit(syncOf(ctx, x!, 'credit', '1.00'));
      const second = engine.submit(syncOf(ctx, y!, 'credit', '1.00'));
      g1 = quiet(engine.submit(syncOf(ctx, u, 'debit', '100.00')));
      g2 = quiet(engine.submit(syncOf(ctx, u, 'credit', '100.00')));
      g3 = quiet(
        openPosition(ctx, request, {
          key: uniqueKey('order-open'),
          fields: { market_slug: market.slug, stake: '42.42', external_user_id: v },
          input: {
            externalUserId: v,
            marketSlug: market.slug,
            outcomeId: market.outcomes[0]!.id,
            stake: parseAmount('42.42')!,
            maxPriceMicro: 1_000_000n,
          },
        }),
      );
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      // The round puts g1 and g2 back (U is held), writes g3, which the trigger refuses: the round fails.
      // Alone, g3 fails again: its request answers 500 internal_error (the route's answer to a failed command).
      await expect(within(g3, 10_000, 'the open the trigger refuses')).rejects.toThrow(/refused by test/);
    } finally {
      await held.release();
      await sql`drop trigger ${sql.raw(trigger)} on positions`.execute(service.db);
      await sql`drop function ${sql.raw(trigger)}()`.execute(service.db);
    }
    expect(failedRounds()[0]?.groups, 'g1, g2 and g3 shared one round, which failed').toBe(3);
    expect(releasedAfterFailure, "U was let go after the first group's run alone").toBe(true);
    const [debit, credit] = [parsed(await within(g1, 10_000, 'g1')), parsed(await within(g2, 10_000, 'g2'))];
    // Alone in arrival order, the debit of 100.00 meets a balance of 50.00; the credit comes after it.
    expect(debit.status, debit.text).toBe(409);
    expect(debit.json.error).toBe('would_overdraw');
    expect(debit.json.message).toMatch(/50\.00/);
    expect(credit.status, credit.text).toBe(200);
    expect(credit.json.balance).toBe('150.00');
    expect(await balanceOf(service, tenant, u)).toBe('150.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('one market, named by id in a close and by slug in an open', () => {
  it('is one name in the queue: an open by slug waits for a close by id of the same market in flight', async () => {
    const market = await createMarket(service, tenant);
    const owner = await fundedUser(service, tenant.sandboxKey, 'order-owner');
    const other = await fundedUser(service, tenant.sandboxKey, 'order-other');
    const position = await operatorOpen(service, tenant.sandboxKey, market, owner, '20.00');
    // What the close pays with the market as it is now, before the open moves its price.
    const quote = await service.api('sandbox', 'POST', `/v1/positions/${position.id}/close-quote`, {
      key: tenant.sandboxKey,
    });
    expect(quote.status, quote.text).toBe(200);
    const since = await lastSeqOf(service, tenant.tenantId);

    // The engine's first transaction (the close's round) waits at BEGIN until the test lets it go; any later
    // one starts at once. The open is submitted only once the close's round has asked to begin, so it cannot
    // come first; and a fresh engine, so nothing it learned from earlier rounds names the market. With two
    // lanes, the open would run at once in the second, were its market not named as the close's is.
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let closeBegins!: () => void;
    const closeBegun = new Promise<void>((resolve) => (closeBegins = resolve));
    const { ctx } = freshEngine(
      aroundTransactions(async (index, run) => {
        if (index === 0) {
          closeBegins();
          await gate;
        }
        return run();
      }),
    );
    const close = quiet(
      closePosition(ctx, request, {
        key: uniqueKey('order-close'),
        fields: { position_id: position.id, min_price: '0' },
        input: { positionId: position.id as string, minPriceMicro: 0n },
      }),
    );
    await within(closeBegun, 10_000, "the close's round");
    await sleep(50);
    let openSettled = false;
    const open = quiet(
      openPosition(ctx, request, {
        key: uniqueKey('order-open'),
        fields: { market_slug: market.slug, stake: '30.00', external_user_id: other },
        input: {
          externalUserId: other,
          marketSlug: market.slug,
          outcomeId: market.outcomes[0]!.id,
          stake: parseAmount('30.00')!,
          maxPriceMicro: 1_000_000n,
        },
      }).finally(() => (openSettled = true)),
    );
    // Time for the open to run in a round of its own, were it (wrongly) allowed to: it answers then.
    await Promise.race([open.catch(() => {}), sleep(1_000)]);
    expect(openSettled, 'the open answered while the close before it on its market had not begun').toBe(false);
    letGo();
    const [closed, opened] = [
      parsed(await within(close, 10_000, 'the close')),
      parsed(await within(open, 10_000, 'the open')),
    ];
    expect(closed.status, closed.text).toBe(200);
    expect(opened.status, opened.text).toBe(201);

    const ledger = await ledgerOf(service, tenant.tenantId, since);
    const credit = ledger.find((r) => r.external_user_id === owner && r.position_id === position.id);
    const debit = ledger.find((r) => r.external_user_id === other && r.position_id === opened.json.id);
    expect(
      credit,
      JSON.stringify(ledger, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    ).toBeDefined();
    expect(debit).toBeDefined();
    expect(credit!.seq < debit!.seq, 'the close, which came first, was applied first').toBe(true);
    // And it paid what the market offered before the open moved the price.
    expect(credit!.amount_minor).toBe(parseAmount(quote.json.proceeds as string)!);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
