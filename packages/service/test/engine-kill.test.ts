import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call, type Response } from './helpers.js';
import {
  allTransactions,
  balanceOf,
  cents,
  money,
  newSite,
  newTenant,
  send,
  startService,
  untilFinal,
  useProcessSites,
  type SyncRequest,
} from './process-fixture.js';
import { terminate, type ServiceProcess } from './service-process.js';

/**
 * The write engine killed with a full queue (issue 28, "crash safety unchanged"): the real service as a
 * child process (process-fixture.ts) gets hundreds of opens on two markets, single syncs (credits and
 * debits) and batches at once, and is SIGKILLed while most are still queued or in a round. After a
 * restart, every request is sent again with its key and body until it has a final answer: an answer given
 * before the kill comes back byte for byte, anything else applies now, and nothing is applied twice.
 */

useProcessSites();

type Movement = { external_user_id: string; direction: 'credit' | 'debit'; amount: string };
type Ask =
  | { kind: 'open'; key: string; body: Record<string, string> }
  | { kind: 'sync'; key: string; body: Movement }
  | { kind: 'batch'; key: string; items: (Movement & { idempotency_key: string })[] };

describe('the write engine as a process', () => {
  it(
    'loses nothing answered and doubles nothing across a SIGKILL with a full queue',
    { timeout: 180_000 },
    async () => {
      const site = await newSite();
      let service = await startService(site);
      const users = Array.from({ length: 20 }, (_, i) => `kill-user-${i}`);
      const { tenantId, apiKey } = await newTenant(service, users);
      for (const user of users) {
        const funded = await send(service, apiKey, {
          kind: 'single',
          key: `fund-${user}`,
          body: { external_user_id: user, direction: 'credit', amount: '1000.00' },
        });
        expect(funded.status, funded.text).toBe(200);
      }
      const outcomes: string[][] = [];
      for (const slug of ['kill-a', 'kill-b']) {
        const market = await call(service.platform, 'POST', '/platform/v1/markets', {
          key: ADMIN_TOKEN,
          body: {
            slug,
            title: `Kill ${slug}`,
            outcomes: [{ title: 'Yes' }, { title: 'No' }],
            opens_at: '2020-01-01T00:00:00Z',
            closes_at: '2100-01-01T00:00:00Z',
            max_stake_per_position: '50.00',
            max_open_stake_per_user: '1000.00',
            liquidity: '1000',
            sandbox_influence: null, // the fixture trusts its own sandbox traffic
          },
        });
        expect(market.status, market.text).toBe(201);
        const enabled = await call(service.platform, 'PUT', `/platform/v1/tenants/${tenantId}/markets/${slug}`, {
          key: ADMIN_TOKEN,
        });
        expect(enabled.status).toBe(200);
        outcomes.push(market.json.outcomes.map((o: { id: string }) => o.id));
      }

      // 300 opens, 120 single syncs and 10 batches of 10, interleaved; no debit can overdraw.
      const asks: Ask[] = [];
      for (let i = 0; i < 300; i++) {
        asks.push({
          kind: 'open',
          key: `open-${i}`,
          body: {
            external_user_id: users[i % users.length]!,
            market_slug: i % 2 ? 'kill-b' : 'kill-a',
            outcome_id: outcomes[i % 2]![Math.floor(i / 2) % 2]!,
            stake: money(100 + (i % 7) * 25),
            max_price: '1',
          },
        });
        if (i % 5 < 2) {
          const n = asks.length;
          const direction = n % 3 === 0 ? 'debit' : 'credit';
          const body: Movement = { external_user_id: users[(i * 7) % users.length]!, direction, amount: money(50 + i) };
          asks.push({ kind: 'sync', key: `sync-${n}`, body });
        }
        if (i % 30 === 29) {
          const n = asks.length;
          const items = Array.from({ length: 10 }, (_, j) => ({
            idempotency_key: `batch-${n}-item-${j}`,
            external_user_id: users[(n + j) % users.length]!,
            direction: (j % 4 === 3 ? 'debit' : 'credit') as Movement['direction'],
            amount: money(10 + j),
          }));
          asks.push({ kind: 'batch', key: `batch-${n}`, items });
        }
      }
      const expected = new Map(users.map((u) => [u, 100_000]));
      const movementsOf = (ask: Ask): Movement[] =>
        ask.kind === 'sync' ? [ask.body] : ask.kind === 'batch' ? ask.items : [];
      for (const ask of asks) {
        if (ask.kind === 'open') {
          const user = ask.body.external_user_id!;
          expected.set(user, expected.get(user)! - cents(ask.body.stake!));
        }
        for (const m of movementsOf(ask)) {
          const sign = m.direction === 'credit' ? 1 : -1;
          expected.set(m.external_user_id, expected.get(m.external_user_id)! + sign * cents(m.amount));
        }
      }

      const ask = (s: ServiceProcess, a: Ask): Promise<Response> =>
        a.kind === 'open'
          ? call(s.sandbox, 'POST', '/v1/positions', { key: apiKey, idempotencyKey: a.key, body: a.body })
          : send(s, apiKey, (a.kind === 'sync' ? { kind: 'single', key: a.key, body: a.body } : a) as SyncRequest);

      const beforeKill = new Map<Ask, Response>();
      await Promise.all(
        asks.map(async (a) => {
          const res = await ask(service, a).catch(() => null); // null: the kill cut it off
          if (res === null) return;
          beforeKill.set(a, res);
          // At the first answer: a round answers its commands together, so a later trigger can find every
          // round already answered on a loaded machine, and the kill would meet an empty queue.
          if (beforeKill.size === 1) service.child.kill('SIGKILL');
        }),
      );
      expect(await service.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(beforeKill.size, 'the kill came with requests still queued').toBeLessThan(asks.length);
      for (const [a, res] of beforeKill) expect(res.status, `${a.key} before the kill: ${res.text}`).toBeLessThan(300);

      service = await startService(site);
      const final = new Map<Ask, Response>();
      await Promise.all(asks.map(async (a) => final.set(a, await untilFinal(() => ask(service, a)))));
      for (const [a, first] of beforeKill) {
        expect(final.get(a)!.status).toBe(first.status);
        expect(final.get(a)!.text, `the replay of ${a.key} is its answer from before the kill`).toBe(first.text);
      }

      // Every request applied exactly once: one ledger row each, and no other row.
      const rowOf = new Map<string, string>();
      for (const [a, res] of final) {
        if (a.kind === 'open') {
          expect(res.status, `${a.key}: ${res.text}`).toBe(201);
          rowOf.set(a.key, res.json.open_transaction_id);
        } else if (a.kind === 'sync') {
          expect(res.status, `${a.key}: ${res.text}`).toBe(200);
          rowOf.set(a.key, res.json.transaction_id);
        } else {
          expect(res.status, `${a.key}: ${res.text}`).toBe(200);
          for (const [i, { idempotency_key: key, ...body }] of a.items.entries()) {
            let answer: { status: number; body: any } = res.json.results[i];
            if (answer.status === 409 && answer.body.error === 'idempotency_key_in_progress') {
              // The batch's stored answer keeps an item that was in flight then; the item settles under its own key.
              const alone = await untilFinal(() => send(service, apiKey, { kind: 'single', key, body } as SyncRequest));
              answer = { status: alone.status, body: alone.json };
            }
            expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBe(200);
            rowOf.set(key, answer.body.transaction_id);
          }
        }
      }
      const transactions = await allTransactions(service, apiKey);
      const since = transactions.filter((t) => !(t.entry_type === 'balance_sync_credit' && t.amount === '1000.00'));
      expect(new Set(rowOf.values()).size, 'a ledger row of its own for each request').toBe(rowOf.size);
      expect(since.map((t) => t.id).sort(), 'the ledger holds each request once and nothing else').toEqual(
        [...rowOf.values()].sort(),
      );
      for (const user of users) {
        const balance = await balanceOf(service, apiKey, user);
        expect(balance, `balance of ${user}`).toBe(expected.get(user));
        const sum = transactions.filter((t) => t.external_user_id === user).reduce((t, x) => t + cents(x.amount), 0);
        expect(sum, `sum of the transactions of ${user}`).toBe(balance);
      }
      await terminate(service);
    },
  );
});
