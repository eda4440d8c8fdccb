import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { MAX_SYNCED_BALANCE_MINOR } from '../src/domains/sync/index.js';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser } from './trading-helpers.js';

/** Regression tests of the outside audit's bad-input findings: each answered 500 or leaked before. */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

const api = (method: string, path: string, options: Parameters<TestService['api']>[3] = {}) =>
  service.api('sandbox', method, path, { key: tenant.sandboxKey, ...options });

describe('a field a money route does not take is refused, not dropped', () => {
  it('a misspelt resulting_balance, on a sync, a batch item, an open, a close and an order, is 400 naming it; the key stays unspent', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'strict');
    const market = await createMarket(service, tenant);
    const misspelt = { external_user_id: user, direction: 'credit', amount: '1.00', resultng_balance: '1001.00' };
    const key = uniqueKey();
    const refused = await api('POST', '/v1/balance-sync', { body: misspelt, idempotencyKey: key });
    expectEnvelope(refused, 'validation_failed', 400);
    expect(refused.json.message).toContain('resultng_balance');
    expect(refused.json.details.issues).toEqual([expect.objectContaining({ location: 'body' })]);
    const batch = await api('POST', '/v1/balance-sync/batch', {
      body: { items: [{ ...misspelt, idempotency_key: uniqueKey() }] },
      idempotencyKey: uniqueKey(),
    });
    expect(batch.json.results[0].status).toBe(400);
    expectEnvelope(
      await api('POST', '/v1/balance-sync/batch', { body: { items: [], extra: 1 }, idempotencyKey: uniqueKey() }),
      'validation_failed',
      400,
    );
    const open = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '1.00',
    };
    expectEnvelope(
      await api('POST', '/v1/positions', { body: { ...open, maxprice: '0.5' }, idempotencyKey: uniqueKey() }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await api('POST', '/v1/orders', {
        body: { ...open, limit_price: '0.5', expires: 'x' },
        idempotencyKey: uniqueKey(),
      }),
      'validation_failed',
      400,
    );
    const opened = await api('POST', '/v1/positions', {
      body: { ...open, max_price: '1' },
      idempotencyKey: uniqueKey(),
    });
    expect(opened.status, opened.text).toBe(201);
    const close = `/v1/positions/${opened.json.id}/close`;
    expectEnvelope(
      await api('POST', close, { body: { min_price: '0.000001', minprice: '0.9' }, idempotencyKey: uniqueKey() }),
      'validation_failed',
      400,
    );
    expect((await api('GET', `/v1/users/${user}`)).json.balance).toBe('999.00');
    // Nothing was recorded under the key: the same key with the right body applies.
    const { resultng_balance: _typo, ...right } = misspelt;
    expect(
      (await api('POST', '/v1/balance-sync', { body: { ...right, resulting_balance: '1000.00' }, idempotencyKey: key }))
        .status,
    ).toBe(200);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('text PostgreSQL cannot hold is refused at the edge (audit B1)', () => {
  it('a NUL byte or control character in a slug names no market (404) in a path and is 400 in a body', async () => {
    const market = await createMarket(service, tenant);
    for (const slug of [`${market.slug}\u0000`, 'a\u0007b', '\u0000']) {
      const path = `/v1/markets/${encodeURIComponent(slug)}`;
      expectEnvelope(await api('GET', path), 'not_found', 404);
      expectEnvelope(await api('GET', `${path}/history`), 'not_found', 404);
      const platform = await service.platform('POST', `/platform/v1/markets/${encodeURIComponent(slug)}/resolve`, {
        outcome_id: market.outcomes[0]!.id,
      });
      expectEnvelope(platform, 'not_found', 404);
      expectEnvelope(
        await service.platform('POST', `/platform/v1/markets/${encodeURIComponent(slug)}/suspend`),
        'not_found',
        404,
      );
      const user = await fundedUser(service, tenant.sandboxKey, 'slug');
      const body = {
        external_user_id: user,
        market_slug: slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '1.00',
        max_price: '1',
      };
      expectEnvelope(
        await api('POST', '/v1/positions', { body, idempotencyKey: uniqueKey() }),
        'validation_failed',
        400,
      );
    }
  });

  it('an outcome_id must be a uuid', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'outcome');
    for (const outcomeId of ['yes', `${market.outcomes[0]!.id}\u0000`, 'x'.repeat(64)]) {
      const body = {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: outcomeId,
        stake: '1.00',
        max_price: '1',
      };
      expectEnvelope(
        await api('POST', '/v1/positions', { body, idempotencyKey: uniqueKey() }),
        'validation_failed',
        400,
      );
      const order = { ...body, limit_price: '0.5' };
      delete (order as Record<string, unknown>).max_price;
      expectEnvelope(
        await api('POST', '/v1/orders', { body: order, idempotencyKey: uniqueKey() }),
        'validation_failed',
        400,
      );
      const resolve = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
        outcome_id: outcomeId,
      });
      expectEnvelope(resolve, 'validation_failed', 400);
    }
  });

  it('an Idempotency-Key outside printable ASCII is 400 and spends nothing', async () => {
    await registerUser(service, tenant.sandboxKey, 'ascii');
    const body = { external_user_id: 'ascii', direction: 'credit', amount: '1.00' };
    for (const key of ['caf\u00e9', 'tab\there']) {
      expectEnvelope(await sync(service, tenant.sandboxKey, body, key), 'validation_failed', 400);
    }
    expect((await api('GET', '/v1/users/ascii')).json.balance).toBe('0.00');
  });

  it('a batch item key with a NUL byte or a lone surrogate gets its own 400; the other items apply', async () => {
    await registerUser(service, tenant.sandboxKey, 'batch-keys');
    const item = (key: string) => ({
      idempotency_key: key,
      external_user_id: 'batch-keys',
      direction: 'credit',
      amount: '1.00',
    });
    const items = [item('nul\u0000key'), item('lone\uD800surrogate'), item('\uDC00'), item(uniqueKey())];
    const res = await api('POST', '/v1/balance-sync/batch', { body: { items }, idempotencyKey: uniqueKey() });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results.map((r: { status: number }) => r.status)).toEqual([400, 400, 400, 200]);
    for (const r of res.json.results.slice(0, 3)) expect(r.body.error).toBe('validation_failed');
    expect((await api('GET', '/v1/users/batch-keys')).json.balance).toBe('1.00');
  });

  it('control characters in a tenant name, a market title or an outcome title are 400', async () => {
    for (const name of ['bad\u0000name', 'bell\u0007', 'lone \uD83D surrogate']) {
      expectEnvelope(await service.platform('POST', '/platform/v1/tenants', { name }), 'validation_failed', 400);
    }
    const base = {
      slug: `ctl-${Date.now()}`,
      title: 'A market',
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: '2026-01-01T00:00:00Z',
      closes_at: '2027-01-01T00:00:00Z',
      max_stake_per_position: '10.00',
      max_open_stake_per_user: '10.00',
      liquidity: '100',
    };
    for (const bad of [{ title: 'nul\u0000title' }, { outcomes: [{ title: 'Yes\u001b' }, { title: 'No' }] }]) {
      expectEnvelope(
        await service.platform('POST', '/platform/v1/markets', { ...base, ...bad }),
        'validation_failed',
        400,
      );
    }
    // Ordinary Unicode is welcome.
    const ok = await service.platform('POST', '/platform/v1/markets', { ...base, title: 'Élection 2026 — 東京 🗳️' });
    expect(ok.status, ok.text).toBe(201);
  });
});

describe('cursors past the 64-bit range (audit B2)', () => {
  it('are 400 validation_failed on every list', async () => {
    const past = (text: string) => Buffer.from(text).toString('base64url');
    const tooBig = [past('s9223372036854775808'), past('s9999999999999999999')];
    for (const cursor of tooBig) {
      for (const path of ['/v1/transactions', '/v1/positions', '/v1/position-rejections', '/v1/orders']) {
        expectEnvelope(await api('GET', `${path}?cursor=${cursor}`), 'validation_failed', 400);
      }
      expectEnvelope(
        await service.platform('GET', `/platform/v1/dead-letters?cursor=${cursor}`),
        'validation_failed',
        400,
      );
    }
    for (const after of [
      past('e18446744073709551616.1'),
      past('e1.9223372036854775808'),
      past('e99999999999999999999.1'),
    ]) {
      expectEnvelope(await api('GET', `/v1/events?after=${after}`), 'validation_failed', 400);
    }
    // The largest positions are still cursors (an empty page after them).
    expect((await api('GET', `/v1/transactions?cursor=${past('s9223372036854775807')}`)).json.data).toEqual([]);
  });
});

describe('deeply nested JSON (audit B3)', () => {
  it('20,000 levels inside a batch item are 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const rawBody = `{"items":[{"idempotency_key":"deep","external_user_id":"x","direction":"credit","amount":"1.00","extra":${deep}}]}`;
    const res = await api('POST', '/v1/balance-sync/batch', { rawBody, idempotencyKey: uniqueKey() });
    expectEnvelope(res, 'validation_failed', 400);
  });
});

describe('amounts past what the ledger stores (audit B4)', () => {
  /** Brings a user to `start` with one ledger row, keeping sum(transactions) = balance. */
  const startAt = async (user: string, start: bigint) => {
    await registerUser(service, tenant.sandboxKey, user);
    await sql`
      with u as (update users set balance_minor = ${start}
                 where tenant_id = ${tenant.tenantId} and environment = 'sandbox' and external_user_id = ${user} returning id)
      insert into transactions (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor, created_at)
      select ${randomUUID()}, ${tenant.tenantId}, 'sandbox', u.id, 'balance_sync_credit', ${start}, ${start}, now() from u`.execute(
      service.db,
    );
  };

  it('a credit past the largest balance a sync makes is refused with nothing applied and the key unspent', async () => {
    await startAt('rich', MAX_SYNCED_BALANCE_MINOR - 100n);
    const credit = (amount: string, key = uniqueKey()) =>
      sync(service, tenant.sandboxKey, { external_user_id: 'rich', direction: 'credit', amount }, key);
    expect((await credit('1.00')).json.balance).toBe('99999999999999.99');
    const key = uniqueKey();
    expectEnvelope(await credit('0.01', key), 'validation_failed', 400);
    const batch = await api('POST', '/v1/balance-sync/batch', {
      body: {
        items: [
          { idempotency_key: uniqueKey(), external_user_id: 'rich', direction: 'credit', amount: '9999999999999.99' },
        ],
      },
      idempotencyKey: uniqueKey(),
    });
    expect(batch.json.results[0].status).toBe(400);
    expect((await api('GET', '/v1/users/rich')).json.balance).toBe('99999999999999.99');
    // The key was not spent: after a debit, the same request applies.
    expect(
      (await sync(service, tenant.sandboxKey, { external_user_id: 'rich', direction: 'debit', amount: '1.00' })).status,
    ).toBe(200);
    expect((await credit('0.01', key)).status).toBe(200);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('a sandbox user synced to the ceiling cannot stop a shared market settling: its payout fits above it', async () => {
    const market = await createMarket(service, tenant);
    await startAt('ceiling', MAX_SYNCED_BALANCE_MINOR - 1_000n);
    const open = await api('POST', '/v1/positions', {
      body: {
        external_user_id: 'ceiling',
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '0.01',
        max_price: '1',
      },
      idempotencyKey: uniqueKey(),
    });
    expect(open.status, open.text).toBe(201);
    const topUp = { external_user_id: 'ceiling', direction: 'credit', amount: '10.01' } as const;
    expect((await sync(service, tenant.sandboxKey, topUp)).json.balance).toBe('99999999999999.99');
    const voided = await service.platform('POST', `/platform/v1/markets/${market.slug}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect((await api('GET', '/v1/users/ceiling')).json.balance).toBe('100000000000000.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('a stake whose shares pass the 64-bit range is refused (400) with nothing applied', async () => {
    const market = await createMarket(service, tenant, {
      liquidity: '999999999999',
      initial_prices: ['0.000001', '0.999999'],
      max_stake_per_position: '9999999999999.99',
      max_open_stake_per_user: '9999999999999.99',
    });
    const user = await fundedUser(service, tenant.sandboxKey, 'whale', '9999999999999.99');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '9999999999999.99',
      max_price: '1',
    };
    const res = await api('POST', '/v1/positions', { body, idempotencyKey: uniqueKey() });
    expectEnvelope(res, 'validation_failed', 400);
    expect((await api('GET', `/v1/users/${user}`)).json.balance).toBe('9999999999999.99');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
