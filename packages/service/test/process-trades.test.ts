import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call, type Response } from './helpers.js';
import {
  allTransactions,
  balanceOf,
  cents,
  credit,
  money,
  newSite,
  newTenant,
  send,
  startService,
  untilFinal,
  useProcessSites,
} from './process-fixture.js';
import { terminate, type ServiceProcess } from './service-process.js';

/**
 * Trades on the real service as a child process (process-fixture.ts): a SIGKILL in the middle of a
 * market's batches loses nothing acknowledged and doubles nothing (issue 12).
 */

useProcessSites();

describe('trades of the service as a process', () => {
  it(
    'applies every open exactly once across a SIGKILL in the middle of market batches',
    { timeout: 120_000 },
    async () => {
      const site = await newSite();
      let service = await startService(site);
      const users = Array.from({ length: 20 }, (_, i) => `open-crash-user-${i}`);
      const { tenantId, apiKey } = await newTenant(service, users);
      for (const user of users) {
        const funded = await send(service, apiKey, {
          kind: 'single',
          key: `fund-${user}`,
          body: credit(user, 100_000),
        });
        expect(funded.status).toBe(200);
      }
      const market = await call(service.platform, 'POST', '/platform/v1/markets', {
        key: ADMIN_TOKEN,
        body: {
          slug: 'crash-market',
          title: 'Crash market',
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
      const path = `/platform/v1/tenants/${tenantId}/markets/crash-market`;
      expect((await call(service.platform, 'PUT', path, { key: ADMIN_TOKEN })).status).toBe(200);
      const outcomes: string[] = market.json.outcomes.map((o: { id: string }) => o.id);
      const opens = Array.from({ length: 200 }, (_, i) => ({
        key: `open-${i}`,
        body: {
          external_user_id: users[i % users.length]!,
          market_slug: 'crash-market',
          outcome_id: outcomes[i % 2]!,
          stake: money(100 + i),
          max_price: '1',
        },
      }));
      const open = (s: ServiceProcess, o: (typeof opens)[number]) =>
        call(s.sandbox, 'POST', '/v1/positions', { key: apiKey, idempotencyKey: o.key, body: o.body });

      // Waves of 20 at once: a round can answer a whole wave together, so the kill at the 50th answer falls
      // among rounds in flight, and the waves after it find no process (all 200 at once could all be
      // answered by the rounds before the kill takes effect).
      const beforeCrash = new Map<string, Response>();
      for (let wave = 0; wave < opens.length; wave += 20) {
        await Promise.all(
          opens.slice(wave, wave + 20).map(async (o) => {
            const res = await open(service, o).catch(() => null); // null: the crash cut it off
            if (res === null) return;
            beforeCrash.set(o.key, res);
            if (beforeCrash.size === 50) service.child.kill('SIGKILL');
          }),
        );
      }
      expect(await service.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(beforeCrash.size).toBeLessThan(opens.length);
      for (const res of beforeCrash.values()) expect(res.status, res.text).toBe(201);

      service = await startService(site);
      const final = new Map<string, Response>();
      await Promise.all(opens.map(async (o) => final.set(o.key, await untilFinal(() => open(service, o)))));
      for (const [key, first] of beforeCrash) expect(final.get(key)!.text, `the replay of ${key}`).toBe(first.text);
      const positionIds = new Set<string>();
      for (const [key, res] of final) {
        expect(res.status, `${key}: ${res.text}`).toBe(201);
        positionIds.add(res.json.id);
      }
      expect(positionIds.size, 'one position per key').toBe(opens.length);

      const transactions = await allTransactions(service, apiKey);
      const opensDebits = transactions.filter((t) => t.entry_type === 'position_open_debit');
      expect(opensDebits, 'one debit per key, none doubled').toHaveLength(opens.length);
      for (const user of users) {
        const staked = opens
          .filter((o) => o.body.external_user_id === user)
          .reduce((t, o) => t + cents(o.body.stake), 0);
        const balance = await balanceOf(service, apiKey, user);
        expect(balance, `balance of ${user}`).toBe(100_000 - staked);
        const sum = transactions.filter((t) => t.external_user_id === user).reduce((t, x) => t + cents(x.amount), 0);
        expect(sum, `sum of the transactions of ${user}`).toBe(balance);
      }
      await terminate(service);
    },
  );
});
