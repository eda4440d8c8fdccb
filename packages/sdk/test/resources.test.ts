import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from '../../service/test/helpers.js';
import { createMarket, type TestMarket } from '../../service/test/trading-helpers.js';
import { FakeClock } from '../../service/src/lib/clock.js';
import { ApiError, createOperatorClient, type OperatorClient } from '../src/index.js';
import { RESOURCE_OPERATIONS } from '../src/generated/resources.generated.js';

/**
 * The resource methods (docs/sdk.md): `pm.<resource>.<verb>(...pathParams, paramsOrBody?, options?)`, one per
 * operationId of the served document, against a started service: the 2xx body resolved, an error thrown as
 * the ApiError, keys kept; and (type checked by `npm run typecheck`) a call that moves money without its key
 * does not compile.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;
let pm: OperatorClient;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  market = await createMarket(service, tenant);
  pm = createOperatorClient({ baseUrl: service.urls.sandbox, credential: tenant.sandboxKey });
});
afterAll(() => service?.stop());

describe('the resource methods', () => {
  it('are one per operationId of the served document, at pm.<resource>.<verb>', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
        .map(([method, operation]) => [operation.operationId, `${method.toUpperCase()} ${path}`] as const),
    );
    expect(ids.length).toBeGreaterThan(40);
    for (const [id, route] of ids) {
      expect(id, route).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
      const [resource, verb] = id!.split('.') as [string, string];
      const method = (pm as unknown as Record<string, Record<string, { operationId?: string }>>)[resource]?.[verb];
      expect(method?.operationId, route).toBe(id);
      const entry = RESOURCE_OPERATIONS[id as keyof typeof RESOURCE_OPERATIONS];
      expect(`${entry.method} ${entry.path}`).toBe(route);
    }
    // The path client stays underneath, and the feed's poll beside events.list.
    expect(typeof pm.GET).toBe('function');
    expect(typeof pm.events.poll).toBe('function');
  });

  it('are each named in the table of docs/sdk.md ("Calls"), the widget’s own aside', async () => {
    const page = await readFile(new URL('../../../docs/sdk.md', import.meta.url), 'utf8');
    const calls = page.slice(page.indexOf('\n## Calls\n'), page.indexOf('\n## ', page.indexOf('\n## Calls\n') + 1));
    const listed = [...calls.matchAll(/^\| `(\w+)` \| (.+) \|$/gm)].flatMap(([, resource, verbs]) =>
      [...verbs!.matchAll(/`(\w+)`/g)].map(([, verb]) => `${resource}.${verb}`),
    );
    const methods = Object.keys(RESOURCE_OPERATIONS).filter((id) => !id.startsWith('widget.'));
    expect(listed.sort()).toEqual([...methods, 'events.poll'].sort());
  });

  it('sync a balance, open and close a position, each with the caller’s key, replayed by it', async () => {
    const user = uniqueKey('res-user');
    expect(await pm.users.upsert(user, { status: 'active' })).toMatchObject({
      external_user_id: user,
      balance: '0.00',
    });
    const deposit = () =>
      pm.balanceSync.create(
        { external_user_id: user, direction: 'credit', amount: '100.00' },
        { idempotencyKey: `deposit-${user}` },
      );
    expect((await deposit()).balance).toBe('100.00');
    expect((await deposit()).balance).toBe('100.00'); // the same key replays: credited once
    expect((await pm.users.retrieve(user)).balance).toBe('100.00');

    const outcome = market.outcomes[0]!;
    const opened = await pm.positions.open(
      { external_user_id: user, market_slug: market.slug, outcome_id: outcome.id, stake: '5.00', max_price: '1' },
      { idempotencyKey: `bet-${user}` },
    );
    expect(opened).toMatchObject({ state: 'open', stake: '5.00', external_user_id: user });
    expect((await pm.positions.retrieve(opened.id)).id).toBe(opened.id);
    const closed = await pm.positions.close(opened.id, { min_price: '0' }, { idempotencyKey: `cashout-${user}` });
    expect(closed.state).toBe('closed');
    expect(typeof closed.payout).toBe('string');

    // A list read by its method, page after page.
    const amounts: string[] = [];
    for await (const row of pm.each(pm.transactions.list, { external_user_id: user, limit: 1 }))
      amounts.push(row.amount);
    expect(amounts.sort()).toEqual(['-5.00', '100.00', closed.payout!].sort());
  });

  it('reads a path parameter’s resource and a list with or without its query', async () => {
    const retrieved = await pm.markets.retrieve(market.slug);
    expect(retrieved.slug).toBe(market.slug);
    expect(typeof retrieved.outcomes[0]!.price).toBe('string');
    expect((await pm.markets.list()).data.map((m) => m.slug)).toContain(market.slug);

    const all = await pm.events.list();
    expect(Array.isArray(all.data)).toBe(true);
    const page = await pm.events.list({ limit: 1 });
    expect(page.data.length).toBeLessThanOrEqual(1);
    const controller = new AbortController();
    expect((await pm.events.list(undefined, { signal: controller.signal })).data).toEqual(all.data);
  });

  it('throws the ApiError of a refusal, with its code, status, key and advice', async () => {
    const user = uniqueKey('res-poor');
    await pm.users.upsert(user, { status: 'active' });
    const refused = await pm.balanceSync
      .create({ external_user_id: user, direction: 'debit', amount: '1.00' }, { idempotencyKey: `withdrawal-${user}` })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 409,
      code: 'would_overdraw',
      idempotency_key: `withdrawal-${user}`,
    });
    expect((refused as ApiError).retry).toBe('new_key');

    const missing = await pm.markets.retrieve('no-such-market').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect((missing as ApiError).request_id).toEqual(expect.any(String));

    // An untyped caller's call without its key reaches the service, which refuses it: no key is made up.
    const unkeyed = pm.balanceSync.create as unknown as (body: unknown) => Promise<unknown>;
    const withoutKey = await unkeyed({ external_user_id: user, direction: 'credit', amount: '1.00' }).catch(
      (error: unknown) => error,
    );
    expect(withoutKey).toMatchObject({ status: 400, idempotency_key: null });
    await expect(pm.markets.retrieve('')).rejects.toThrow(TypeError);
  });
});

/** Never run: `npm run typecheck` holds the calling convention's types. */
export async function typeChecks(pm: OperatorClient): Promise<void> {
  const credit = { external_user_id: 'u', direction: 'credit', amount: '1.00' } as const;
  await pm.balanceSync.create(credit, { idempotencyKey: 'deposit-1' });
  // @ts-expect-error a call that moves money without its options does not compile
  await pm.balanceSync.create(credit);
  // @ts-expect-error nor with options that lack the key
  await pm.balanceSync.create(credit, {});
  // @ts-expect-error nor a position closed without one
  await pm.positions.close('id', { min_price: '0' });
  // @ts-expect-error an amount is a string, never a number
  await pm.balanceSync.create({ ...credit, amount: 1 }, { idempotencyKey: 'deposit-1' });
  // @ts-expect-error the path parameter comes first
  await pm.positions.close({ min_price: '0' }, { idempotencyKey: 'k' });
  // @ts-expect-error a route without keys takes none
  await pm.markets.retrieve('slug', { idempotencyKey: 'k' });
  // Other keyed routes may leave the key to the client.
  await pm.reports.create({ report_type: 'balances', format: 'csv' });
  const events = await pm.events.list();
  const first: string | undefined = events.data[0]?.id;
  const user: { balance: string } = await pm.users.upsert('u', { status: 'active' });
  void first;
  void user;
}
