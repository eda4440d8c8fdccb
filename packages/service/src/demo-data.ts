import { randomUUID } from 'node:crypto';
import type { Executor } from './db/connection.js';
import { demoHistory } from './demo-history.js';
import { insertPricePoints } from './domains/markets/index.js';

/**
 * The demo's markets and users (docs/widget.md, "The demo page"), made the way a platform team and an operator would
 * make them: through the service's own platform and operator APIs, once, right after the first start
 * on an empty embedded database. So the demo shows real trades, settlements and a leaderboard. Only the
 * week of prices before the markets were made is written directly (demo-history.ts), since no API trades
 * in the past: the charts move and change_24h is not zero.
 */
export const DEMO_USER = 'demo-alice';
const OTHERS = [
  ['demo-bob', 'Bob the Bold'],
  ['demo-chen', 'Chen'],
  ['demo-dana', 'Dana D.'],
] as const;

interface Urls {
  sandbox: string;
  platform: string;
}

/** The few fields of the answers the seeding reads. */
interface Answer {
  id: string;
  token: string;
  outcomes: { id: string }[];
}

async function call(url: string, method: string, token: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`demo seed: ${method} ${url} answered ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as Answer;
}

const day = 86_400_000;
/** The demo's markets have this depth; their history walks as trades on it would move them. */
const LIQUIDITY = 500;

interface DemoMarket {
  slug: string;
  title: string;
  outcomes: string[];
  prices: number[];
  rules: string;
  resolutionSource: string;
  /** The history's seed and trend (demo-history.ts). */
  seed: number;
  drift: number;
}

const MARKETS = {
  rain: {
    slug: 'demo-rain-berlin-friday',
    title: 'Will it rain in Berlin on Friday?',
    outcomes: ['Yes', 'No'],
    prices: [0.35, 0.65],
    rules:
      'Resolves Yes if the weather station Berlin-Tempelhof records at least 0.2 mm of precipitation on Friday ' +
      'between 00:00 and 23:59 Berlin time, as its daily climate report states. Resolves No otherwise. If no ' +
      'report for the day is published within 48 hours, the market is voided and every stake is refunded.',
    resolutionSource: 'Deutscher Wetterdienst (DWD): daily climate report of the station Berlin-Tempelhof',
    seed: 11,
    drift: 8,
  },
  final: {
    slug: 'demo-cup-final',
    title: 'Who wins the cup final?',
    outcomes: ['Lions', 'Falcons', 'Draw'],
    prices: [0.45, 0.35, 0.2],
    rules:
      'Resolves to the team that leads at the end of regular time (90 minutes plus stoppage time); resolves ' +
      'Draw if the score is level then, whatever extra time or penalties decide. If the final is not played ' +
      'within 7 days of its scheduled date, the market is voided.',
    resolutionSource: 'https://cup.example.org/final/match-report',
    seed: 23,
    drift: -4,
  },
  launch: {
    slug: 'demo-rocket-launch',
    title: 'Does the rocket launch on schedule?',
    outcomes: ['Yes', 'No'],
    prices: [0.5, 0.5],
    rules:
      'Resolves Yes if the rocket lifts off within the launch window announced when the market opened, or ' +
      'at most 2 hours after it. A scrub, a hold past the window or a new launch date resolves No. A launch ' +
      'that fails after lift-off still counts as launched.',
    resolutionSource: 'https://launches.example.org/schedule',
    seed: 37,
    drift: 10,
  },
  poll: {
    slug: 'demo-city-poll',
    title: 'Will the new tram line win the city vote?',
    outcomes: ['Yes', 'No'],
    prices: [0.6, 0.4],
    rules:
      "Resolves Yes if more than 50 % of the valid votes in the city's referendum on the new tram line are " +
      "for it, as the city's election office certifies the result. Resolves No if it fails, or if the vote is " +
      'not held before the market closes.',
    resolutionSource: 'City election office: certified result of the referendum',
    seed: 41,
    drift: 6,
  },
} satisfies Record<string, DemoMarket>;

export async function seedDemoData(
  urls: Urls,
  adminToken: string,
  tenantId: string,
  key: string,
  db: Executor,
): Promise<void> {
  const platform = (method: string, path: string, body?: unknown) =>
    call(`${urls.platform}/platform/v1${path}`, method, adminToken, body);
  const operator = (method: string, path: string, body?: unknown, token = key) =>
    call(`${urls.sandbox}/v1${path}`, method, token, body);
  const now = Date.now();
  // Every locale the widget ships, so the demo page's language menu shows each of them.
  await platform('PUT', `/tenants/${tenantId}/environments/sandbox`, {
    widget: { locales: ['en', 'es', 'de', 'ar', 'he'], default_locale: 'en', currency: 'USD' },
  });
  const market = async (m: DemoMarket) => {
    const created = await platform('POST', '/markets', {
      slug: m.slug,
      title: m.title,
      outcomes: m.outcomes.map((t) => ({ title: t })),
      // Open for the week the history covers.
      opens_at: new Date(now - 8 * day).toISOString(),
      closes_at: new Date(now + 60 * day).toISOString(),
      max_stake_per_position: '250.00',
      max_open_stake_per_user: '1000.00',
      liquidity: String(LIQUIDITY),
      // Only the demo trades on these markets, in its sandbox: no bound, so its charts can move.
      sandbox_influence: null,
      initial_prices: m.prices.map(String),
      rules: m.rules,
      resolution_source: m.resolutionSource,
    });
    await platform('PUT', `/tenants/${tenantId}/markets/${m.slug}`);
    // The week before: one statement a market, ending at the prices the market was just made at.
    const history = demoHistory({ ...m, b: LIQUIDITY, end: new Date(now), days: 7 });
    await insertPricePoints(db, created.id, history);
    return created;
  };

  const rain = await market(MARKETS.rain);
  const final = await market(MARKETS.final);
  const launch = await market(MARKETS.launch);
  const poll = await market(MARKETS.poll);

  for (const [id, name] of [[DEMO_USER, 'Alice'], ...OTHERS] as const) {
    await operator('PUT', `/users/${id}`, { status: 'active' });
    await operator('POST', '/balance-sync', { external_user_id: id, direction: 'credit', amount: '1000.00' });
    const { token } = await operator('POST', '/widget/sessions', { external_user_id: id });
    await operator('PUT', '/widget/profile', { display_name: name, show_on_leaderboard: id !== DEMO_USER }, token);
  }
  const open = (user: string, slug: string, outcomeId: string, stake: string) =>
    operator('POST', '/positions', {
      external_user_id: user,
      market_slug: slug,
      outcome_id: outcomeId,
      stake,
      max_price: '1',
    });

  // Trades on every market today, after its week of history: the prices move again, and volume is not zero.
  await open(DEMO_USER, 'demo-rain-berlin-friday', rain.outcomes[0]!.id, '40.00');
  await open('demo-bob', 'demo-rain-berlin-friday', rain.outcomes[1]!.id, '120.00');
  await open('demo-chen', 'demo-cup-final', final.outcomes[0]!.id, '60.00');
  await open(DEMO_USER, 'demo-cup-final', final.outcomes[1]!.id, '25.00');
  const closing = await open('demo-dana', 'demo-cup-final', final.outcomes[2]!.id, '80.00');
  await operator('POST', `/positions/${closing.id}/close`, { min_price: '0.000001' });
  await open('demo-bob', 'demo-city-poll', poll.outcomes[0]!.id, '90.00');
  await open('demo-dana', 'demo-city-poll', poll.outcomes[1]!.id, '70.00');
  await open(DEMO_USER, 'demo-city-poll', poll.outcomes[0]!.id, '30.00');
  await open('demo-chen', 'demo-rocket-launch', launch.outcomes[1]!.id, '50.00');

  // One market suspended, one resolved (its positions settle: the leaderboard has winners and losers).
  await platform('POST', '/markets/demo-rocket-launch/suspend', {
    reason: 'Launch window moved: waiting for the new date',
  });
  await platform('POST', '/markets/demo-city-poll/resolve', { outcome_id: poll.outcomes[0]!.id });
}
