import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, startTestService, type TestService, type TestTenant } from './helpers.js';
import { createMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';

/** Saved markets of a widget user: naturally idempotent, at most 50. */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let markets: TestMarket[];

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  markets = [];
  for (let i = 0; i < 52; i += 1) markets.push(await createMarket(service, tenant));
});
afterAll(() => service.stop());

const call = (method: string, path: string, token: string) => service.api('sandbox', method, path, { key: token });
const save = (slug: string, token: string) => call('PUT', `/v1/widget/saved-markets/${slug}`, token);
const list = async (token: string) => (await call('GET', '/v1/widget/saved-markets', token)).json.data;
const newSession = async (t = tenant) =>
  sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'saver'));

/** Saves directly in the database: the rate tier (20 a minute per user) is not what these tests are about. */
async function preSave(token: string, count: number): Promise<void> {
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
  await sql`
    insert into saved_markets (user_id, market_id, saved_at)
    select u.id, m.id, ${clock.now()} from users u, markets m
    where u.tenant_id = ${tenant.tenantId} and u.environment = 'sandbox' and u.external_user_id = ${sub}
      and m.slug = any(${markets.slice(0, count).map((m) => m.slug)})`.execute(service.db);
}

describe('saved markets', () => {
  it('saves, keeps the first saved_at on a second save, lists newest first and removes', async () => {
    const token = await newSession();
    expect(await list(token)).toEqual([]);
    const first = await save(markets[0]!.slug, token);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ market_slug: markets[0]!.slug, saved_at: '2026-06-01T12:00:00.000Z' });
    clock.advance(60_000);
    const second = await save(markets[1]!.slug, token);
    expect(second.json.saved_at).toBe('2026-06-01T12:01:00.000Z');
    clock.advance(60_000);
    expect((await save(markets[0]!.slug, token)).json).toEqual(first.json);
    expect(await list(token)).toEqual([second.json, first.json]);

    expect((await call('DELETE', `/v1/widget/saved-markets/${markets[0]!.slug}`, token)).status).toBe(204);
    expect((await call('DELETE', `/v1/widget/saved-markets/${markets[0]!.slug}`, token)).status).toBe(204);
    expect((await call('DELETE', '/v1/widget/saved-markets/never-existed', token)).status).toBe(204);
    expect(await list(token)).toEqual([second.json]);
  });

  it('answers 404 not_found for a market not enabled for the tenant or unknown, and saves nothing', async () => {
    const elsewhere = await createTenant(service);
    const foreign = await createMarket(service, elsewhere);
    const token = await newSession();
    expectEnvelope(await save(foreign.slug, token), 'not_found', 404);
    expectEnvelope(await save('no-such-market', token), 'not_found', 404);
    expectEnvelope(await save('Not A Slug!', token), 'not_found', 404);
    expect(await list(token)).toEqual([]);
  });

  it('refuses the 51st with 409 saved_markets_limit_reached, still answers a saved one, and fits one after a removal', async () => {
    const token = await newSession();
    await preSave(token, 50);
    expect(await list(token)).toHaveLength(50);
    const refused = await save(markets[50]!.slug, token);
    expectEnvelope(refused, 'saved_markets_limit_reached', 409);
    expect((await save(markets[3]!.slug, token)).status).toBe(200);
    await call('DELETE', `/v1/widget/saved-markets/${markets[3]!.slug}`, token);
    expect((await save(markets[50]!.slug, token)).status).toBe(200);
    expect(await list(token)).toHaveLength(50);
  });

  it('lets only one of two saves racing for the last place in', async () => {
    const token = await newSession();
    await preSave(token, 49);
    const answers = await Promise.all([save(markets[50]!.slug, token), save(markets[51]!.slug, token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await list(token)).toHaveLength(50);
  });

  it("shows a user only its own list, never another user's or another tenant's", async () => {
    const mine = await newSession();
    await save(markets[5]!.slug, mine);
    const neighbour = await newSession();
    expect(await list(neighbour)).toEqual([]);
    // Removing through another session touches only that session's own list.
    await call('DELETE', `/v1/widget/saved-markets/${markets[5]!.slug}`, neighbour);
    expect((await list(mine)).map((s: any) => s.market_slug)).toEqual([markets[5]!.slug]);
    const elsewhere = await createTenant(service);
    expect(await list(await newSession(elsewhere))).toEqual([]);
  });
});
