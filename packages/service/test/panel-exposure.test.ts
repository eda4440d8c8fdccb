import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';
import { createMarket, type TestMarket } from './trading-helpers.js';

/**
 * The panel's exposure of a market (docs/platform-api.md, "A market's exposure"): every tenant environment's
 * liability per outcome, the sums, and the market maker's bound b·ln n and q, in the platform API and
 * on the market page, against figures computed here by hand from the positions opened.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let panel: PanelClient;
let alpha: TestTenant;
let beta: TestTenant;
const names: Record<string, string> = {};
let market: TestMarket;
type Opened = {
  tenantId: string;
  environment: Environment;
  outcome: number;
  stake: string;
  price: string;
  shares: string;
};
const opened: Opened[] = [];

async function user(t: TestTenant, environment: Environment) {
  const key = environment === 'sandbox' ? t.sandboxKey : t.liveKey;
  const id = uniqueKey('exposure-user');
  await registerUser(service, key, id, environment);
  const res = await sync(
    service,
    key,
    { external_user_id: id, direction: 'credit', amount: '1000.00' },
    uniqueKey('deposit'),
    environment,
  );
  expect(res.status, res.text).toBe(200);
  return id;
}

async function open(t: TestTenant, environment: Environment, who: string, outcome: number, stake: string) {
  const res = await service.api(environment, 'POST', '/v1/positions', {
    key: environment === 'sandbox' ? t.sandboxKey : t.liveKey,
    idempotencyKey: uniqueKey('open'),
    body: {
      external_user_id: who,
      market_slug: market.slug,
      outcome_id: market.outcomes[outcome]!.id,
      stake,
      max_price: '1',
    },
  });
  expect(res.status, res.text).toBe(201);
  opened.push({ tenantId: t.tenantId, environment, outcome, stake, price: res.json.price, shares: res.json.shares });
}

/** Decimal text to integer units of 10^-scale, exactly (no float). */
const units = (text: string, scale: number) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale));
};
const money = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
/** What a position pays if its outcome wins, as settlement pays it: stake / price at open, down to the cent. */
const payoutOf = (p: Opened) => (units(p.stake, 2) * 1_000_000n) / units(p.price, 6);

/** The lines of a scope computed by hand: per outcome, its positions, stake, payout and net of the scope's stake. */
function expectedLines(keep: (p: Opened) => boolean) {
  const mine = opened.filter(keep);
  const scopeStake = mine.reduce((sum, p) => sum + units(p.stake, 2), 0n);
  return market.outcomes.map((o, i) => {
    const on = mine.filter((p) => p.outcome === i);
    const payout = on.reduce((sum, p) => sum + payoutOf(p), 0n);
    return {
      outcome_id: o.id,
      open_positions: on.length,
      open_stake: money(on.reduce((sum, p) => sum + units(p.stake, 2), 0n)),
      payout_if_wins: money(payout),
      net_if_wins: money(payout - scopeStake),
    };
  });
}

beforeAll(async () => {
  service = await startTestService({ clock });
  panel = await PanelClient.signedIn(service);
  alpha = await createTenant(service);
  beta = await createTenant(service);
  for (const t of [alpha, beta])
    names[t.tenantId] = (await service.platform('GET', `/platform/v1/tenants/${t.tenantId}`)).json.name;
  market = await createMarket(service, alpha, {
    liquidity: '1000',
    max_stake_per_position: '500.00',
    max_open_stake_per_user: '1000.00',
  });
  expect((await service.platform('PUT', `/platform/v1/tenants/${beta.tenantId}/markets/${market.slug}`)).status).toBe(
    200,
  );
  const a1 = await user(alpha, 'sandbox');
  const a2 = await user(alpha, 'sandbox');
  const a3 = await user(alpha, 'live');
  const b1 = await user(beta, 'live');
  const b2 = await user(beta, 'live');
  await open(alpha, 'sandbox', a1, 0, '100.00');
  await open(alpha, 'sandbox', a1, 1, '40.00');
  await open(alpha, 'sandbox', a2, 0, '25.50');
  await open(alpha, 'live', a3, 0, '5.00');
  await open(beta, 'live', b1, 1, '200.00');
  await open(beta, 'live', b2, 0, '10.01');
}, 90_000);
afterAll(() => service.stop());

describe('GET /platform/v1/markets/{slug}/exposure', () => {
  it('answers every tenant environment, the sums, the bound b·ln n and q, as computed by hand', async () => {
    const res = await service.platform('GET', `/platform/v1/markets/${market.slug}/exposure`);
    expect(res.status, res.text).toBe(200);
    const scopes = [
      [alpha.tenantId, 'sandbox'],
      [alpha.tenantId, 'live'],
      [beta.tenantId, 'live'],
    ] as const;
    expect(res.json.by_tenant).toHaveLength(3);
    for (const [tenantId, environment] of scopes) {
      const line = res.json.by_tenant.find(
        (t: { tenant_id: string; environment: string }) => t.tenant_id === tenantId && t.environment === environment,
      );
      expect(line, `${tenantId} ${environment}`).toEqual({
        tenant_id: tenantId,
        environment,
        outcomes: expectedLines((p) => p.tenantId === tenantId && p.environment === environment),
      });
    }
    expect(res.json.totals).toEqual({
      sandbox: expectedLines((p) => p.environment === 'sandbox'),
      live: expectedLines((p) => p.environment === 'live'),
      all: expectedLines(() => true),
    });
    // The total's net is the tenants' nets summed.
    const yesNets = res.json.by_tenant.map(
      (t: any) =>
        units(t.outcomes[0].net_if_wins.replace('-', ''), 2) * (t.outcomes[0].net_if_wins.startsWith('-') ? -1n : 1n),
    );
    expect(money(yesNets.reduce((a: bigint, b: bigint) => a + b, 0n))).toBe(res.json.totals.all[0].net_if_wins);
    // b·ln 2 with b = 1000: 693.147… to the cent.
    expect(res.json.market_maker.liquidity).toBe('1000');
    expect(res.json.market_maker.max_loss).toBe('693.15');
    // q is the market's state: the shares sold on each outcome.
    const { rows } = await sql<{ q: number[] }>`select q from markets where slug = ${market.slug}`.execute(service.db);
    expect(res.json.market_maker.q).toEqual(
      market.outcomes.map((o, i) => ({ outcome_id: o.id, shares: rows[0]!.q[i]!.toFixed(8) })),
    );
    market.outcomes.forEach((_, i) => {
      const sold = opened.filter((p) => p.outcome === i).reduce((sum, p) => sum + units(p.shares, 8), 0n);
      expect(Math.abs(Number(sold) / 1e8 - rows[0]!.q[i]!)).toBeLessThan(1e-6);
    });
    expect(res.json.as_of).toBe(clock.now().toISOString());
  });

  it('bounds the market maker by b·ln(1/p) of the lowest starting price of a market created with initial prices', async () => {
    const uneven = await createMarket(service, alpha, { liquidity: '1000', initial_prices: ['0.2', '0.8'] });
    const res = await service.platform('GET', `/platform/v1/markets/${uneven.slug}/exposure`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.market_maker.max_loss).toBe('1609.44'); // 1000·ln 5
    const page = await panel.get(`/panel/markets/${uneven.slug}`);
    expect(page.html).toMatch(/data-testid="maker-bound"[^>]*>1,609\.44</);
  });

  it('is 404 for an unknown market or a malformed slug, never a 500', async () => {
    expectEnvelope(await service.platform('GET', '/platform/v1/markets/no-such-market-x/exposure'), 'not_found', 404);
    expectEnvelope(await service.platform('GET', '/platform/v1/markets/Bad%20Slug/exposure'), 'not_found', 404);
  });
});

describe('the panel market page', () => {
  it('shows the same figures, tenant names linked, and the bound beside them', async () => {
    const res = await panel.get(`/panel/markets/${market.slug}`);
    expect(res.status).toBe(200);
    const api = (await service.platform('GET', `/platform/v1/markets/${market.slug}/exposure`)).json;
    const cell = (testId: string) => {
      const match = new RegExp(`data-testid="${testId}"[^>]*>(?:<strong>)?([^<]*)<`).exec(res.html);
      return match?.[1] ?? null;
    };
    const grouped = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    for (const [i, o] of market.outcomes.entries()) {
      expect(cell(`payout-live-${o.id}`)).toBe(grouped(api.totals.live[i].payout_if_wins));
      expect(cell(`net-live-${o.id}`)).toBe(grouped(api.totals.live[i].net_if_wins));
      expect(cell(`q-${o.id}`)).toBe(api.market_maker.q[i].shares);
      const row = new RegExp(`<tr data-testid="line-${beta.tenantId}-live-${o.id}">(.*?)</tr>`).exec(res.html)![1]!;
      expect(textOf(row).trim()).toBe(
        [
          names[beta.tenantId],
          'live',
          api.by_tenant.find((t: any) => t.tenant_id === beta.tenantId).outcomes[i].open_positions,
          ...['open_stake', 'payout_if_wins', 'net_if_wins'].map((k) =>
            grouped(api.by_tenant.find((t: any) => t.tenant_id === beta.tenantId).outcomes[i][k]),
          ),
        ].join(' '),
      );
    }
    expect(cell('maker-bound')).toBe('693.15');
    const text = textOf(res.html);
    expect(text).toContain(
      `If “Yes” wins, live operators pay out ${grouped(api.totals.live[0].payout_if_wins)} to their users`,
    );
    expect(text).toContain(`In sandbox (play money): payout ${grouped(api.totals.sandbox[0].payout_if_wins)}`);
    expect(text).toContain("The market maker's loss is at most 693.15.");
    expect(res.html).toContain(`<a href="/panel/tenants/${alpha.tenantId}">${names[alpha.tenantId]}</a>`);
    expect(res.html).toContain(`<a href="/panel/tenants/${beta.tenantId}">${names[beta.tenantId]}</a>`);
  });

  it("shows the sandbox positions' spread as the API answers it, unbounded, then above a bound set in the form", async () => {
    const page = `/panel/markets/${market.slug}`;
    const api = (await service.platform('GET', `/platform/v1/markets/${market.slug}`)).json;
    expect(api.sandbox_influence).toBeNull();
    // The sandbox holds 100.00 + 25.50 on Yes and 40.00 on No, far more than 0.05 of b = 1000 apart.
    const spread = api.sandbox_spread as string;
    expect(Number(spread)).toBeGreaterThan(0.05);
    const unbounded = textOf((await panel.get(page)).html);
    expect(unbounded).toContain(
      "No bound: sandbox play money moves this market's live price as far as the market maker",
    );
    expect(unbounded).toContain(`Sandbox positions hold ${spread} of the depth`);

    await panel.post(`${page}/sandbox-influence`, { sandbox_influence: '0.05' });
    expect((await service.platform('GET', `/platform/v1/markets/${market.slug}`)).json).toMatchObject({
      sandbox_influence: '0.05',
      sandbox_spread: spread,
    });
    const html = (await panel.get(page)).html;
    const text = textOf(html);
    expect(text).toContain(
      `Sandbox positions hold ${spread} of the depth, above the bound of 0.05 (no live odds moved by more than about 5.1 %).`,
    );
    expect(text).toContain(`Bound in use: ${Math.round((Number(spread) / 0.05) * 100)} % (above the bound)`);
    expect(text).toContain('Above the bound: sandbox closes, or a bound lowered since,');
    expect(text).toContain('Only sandbox opens that bring the spread back within 0.05 pass');
    // The meter stops at its end; the words carry the rest.
    expect(/<meter id="sandbox-meter"[^>]*value="1"/.test(html)).toBe(true);
    // 10·ε·b = 10 × 0.05 × 1000 shares a day per sandbox tenant environment.
    expect(text).toContain('Daily cap 500 shares (10·ε·b)');
  });

  it('enables a tenant chosen by name; the picker leaves out the tenants already enabled', async () => {
    const gamma = await createTenant(service);
    const gammaName = (await service.platform('GET', `/platform/v1/tenants/${gamma.tenantId}`)).json.name;
    const page = await panel.get(`/panel/markets/${market.slug}`);
    const picker = /<select id="tenant_id"[^>]*>(.*?)<\/select>/s.exec(page.html)![1]!;
    expect(picker).toContain(`<option value="${gamma.tenantId}">${gammaName}</option>`);
    expect(picker).not.toContain(`value="${alpha.tenantId}"`);
    const done = await panel.post(`/panel/markets/${market.slug}/tenants`, {
      tenant_id: gamma.tenantId,
      enabled: 'true',
    });
    expect(done.status).toBe(303);
    const after = await panel.get(done.location!);
    expect(textOf(after.html)).toContain('is enabled for the tenant');
    expect(after.html).toContain(`<a href="/panel/tenants/${gamma.tenantId}">${gammaName}</a>`);
    const refused = await panel.post(`/panel/markets/${market.slug}/tenants`, { tenant_id: '', enabled: 'true' });
    expect(textOf((await panel.get(refused.location!)).html)).toMatch(/choose a tenant/i);
  });
});
