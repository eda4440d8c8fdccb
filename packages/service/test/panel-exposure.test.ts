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
  /** What the house does if an outcome wins, as the page words it, from a net computed here. */
  const houseOf = (net: bigint) =>
    net > 0n ? `pays ${grouped(money(net))}` : net < 0n ? `keeps ${grouped(money(-net))}` : 'breaks even';
  const grouped = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  /** A row's cells, by hand from the positions opened in the scope: positions, on, elsewhere, taken, paid, house. */
  function expectedRow(keep: (p: Opened) => boolean, outcome: number) {
    const mine = opened.filter(keep);
    const on = mine.filter((p) => p.outcome === outcome);
    const stakeOn = on.reduce((sum, p) => sum + units(p.stake, 2), 0n);
    const taken = mine.reduce((sum, p) => sum + units(p.stake, 2), 0n);
    const paid = on.reduce((sum, p) => sum + payoutOf(p), 0n);
    return [on.length, stakeOn, taken - stakeOn, taken, paid]
      .map((v) => (typeof v === 'number' ? String(v) : grouped(money(v))))
      .concat(houseOf(paid - taken));
  }
  const cellsOf = (html: string, testId: string) => {
    const row = new RegExp(`<tr data-testid="${testId}">(.*?)</tr>`).exec(html)![1]!;
    return [...row.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => textOf(m[1]!).trim());
  };
  const cents = (text: string) => units(text.replace(/,/g, ''), 2);

  it('adds up every row in sight: stake on + elsewhere = taken, paid − taken = what the house pays or keeps', async () => {
    const res = await panel.get(`/panel/markets/${market.slug}`);
    expect(res.status).toBe(200);
    const rows: [string, (p: Opened) => boolean][] = [
      [`line-${alpha.tenantId}-sandbox`, (p) => p.tenantId === alpha.tenantId && p.environment === 'sandbox'],
      [`line-${alpha.tenantId}-live`, (p) => p.tenantId === alpha.tenantId && p.environment === 'live'],
      [`line-${beta.tenantId}-live`, (p) => p.tenantId === beta.tenantId && p.environment === 'live'],
      ['total-sandbox', (p) => p.environment === 'sandbox'],
      ['total-live', (p) => p.environment === 'live'],
      ['total-all', () => true],
    ];
    for (const [i, o] of market.outcomes.entries()) {
      for (const [prefix, keep] of rows) {
        const cells = cellsOf(res.html, `${prefix}-${o.id}`);
        const figures = cells.slice(-6);
        expect(figures, `${prefix} ${o.title}`).toEqual(expectedRow(keep, i));
        // The arithmetic, read off the page alone.
        const [, on, elsewhere, taken, paid, house] = figures as [string, string, string, string, string, string];
        expect(cents(on) + cents(elsewhere)).toBe(cents(taken));
        const [verb, amount] = house.split(' ') as [string, string];
        expect(cents(paid) - cents(taken)).toBe(verb === 'pays' ? cents(amount) : -cents(amount));
      }
      expect(cellsOf(res.html, `line-${beta.tenantId}-live-${o.id}`).slice(0, 2)).toEqual([
        names[beta.tenantId],
        'live',
      ]);
    }
    expect(res.html).toContain(`<a href="/panel/tenants/${alpha.tenantId}">${names[alpha.tenantId]}</a>`);
    expect(res.html).toContain(`<a href="/panel/tenants/${beta.tenantId}">${names[beta.tenantId]}</a>`);
  });

  it('says the sign in words: the house pays or keeps so much if an outcome wins, as the API nets it', async () => {
    const res = await panel.get(`/panel/markets/${market.slug}`);
    const api = (await service.platform('GET', `/platform/v1/markets/${market.slug}/exposure`)).json;
    const text = textOf(res.html);
    const net = (s: string) => (s.startsWith('-') ? -cents(s.slice(1)) : cents(s));
    for (const [i, o] of market.outcomes.entries()) {
      const live = api.totals.live[i];
      const sandbox = api.totals.sandbox[i];
      const liveTaken = cents(live.payout_if_wins) - net(live.net_if_wins);
      expect(text).toContain(
        `Live: the house ${houseOf(net(live.net_if_wins))} if “${o.title}” wins. ` +
          `It pays ${grouped(live.payout_if_wins)} to the positions on “${o.title}” and took ` +
          `${grouped(money(liveTaken))} in stakes (${grouped(live.open_stake)} on “${o.title}”, ` +
          `${grouped(money(liveTaken - cents(live.open_stake)))} on the other outcomes).`,
      );
      const sandboxTaken = cents(sandbox.payout_if_wins) - net(sandbox.net_if_wins);
      expect(text).toContain(
        `Sandbox (play money): the house ${houseOf(net(sandbox.net_if_wins))} ` +
          `(pays ${grouped(sandbox.payout_if_wins)}, took ${grouped(money(sandboxTaken))}).`,
      );
    }
    // Live holds 15.01 on Yes and 200.00 on No: a Yes keeps most of the stake, a No pays out more than it.
    expect(text).toMatch(/Live: the house keeps [\d,.]+ if “Yes” wins\./);
    expect(text).toMatch(/Live: the house pays [\d,.]+ if “No” wins\./);
    expect(text).toContain("The market maker's loss is at most 693.15.");
  });

  it("shows prices in percent with one decimal and the market maker's q to two decimals", async () => {
    const res = await panel.get(`/panel/markets/${market.slug}`);
    const api = (await service.platform('GET', `/platform/v1/markets/${market.slug}`)).json;
    const { rows } = await sql<{ q: number[] }>`select q from markets where slug = ${market.slug}`.execute(service.db);
    const cell = (testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(res.html)?.[1] ?? null;
    for (const [i, o] of market.outcomes.entries()) {
      // 0.463452 reads 46.3 %: micro-units to tenths of a percent, half up, in integers.
      const tenths = (units(api.outcomes[i].price, 6) + 500n) / 1000n;
      const percent = `${tenths / 10n}.${tenths % 10n}\u00a0%`;
      expect(cell(`price-${o.id}`)).toBe(percent);
      expect(textOf(res.html)).toContain(`${o.title} ${percent.replace('\u00a0', ' ')} ${o.id}`);
      expect(cell(`q-${o.id}`)).toBe(rows[0]!.q[i]!.toFixed(2));
    }
    expect(cell('maker-bound')).toBe('693.15');
    expect(res.html).not.toMatch(/>0\.\d{6}</);
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
