import { randomUUID } from 'node:crypto';

/**
 * The demo's markets and users (docs/widget.md, "The demo page"), made the way a platform team and an operator would
 * make them: through the service's own platform and operator APIs, once, right after the first start
 * on an empty embedded database. So the demo shows real trades, settlements and a leaderboard.
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

export async function seedDemoData(urls: Urls, adminToken: string, tenantId: string, key: string): Promise<void> {
  const platform = (method: string, path: string, body?: unknown) =>
    call(`${urls.platform}/platform/v1${path}`, method, adminToken, body);
  const operator = (method: string, path: string, body?: unknown, token = key) =>
    call(`${urls.sandbox}/v1${path}`, method, token, body);
  const now = Date.now();
  // Every locale the widget ships, so the demo page's language menu shows each of them.
  await platform('PUT', `/tenants/${tenantId}/environments/sandbox`, {
    widget: { locales: ['en', 'es', 'de', 'ar', 'he'], default_locale: 'en' },
  });
  const market = async (slug: string, title: string, outcomes: string[], prices?: string[]) => {
    const created = await platform('POST', '/markets', {
      slug,
      title,
      outcomes: outcomes.map((t) => ({ title: t })),
      opens_at: new Date(now - 3 * day).toISOString(),
      closes_at: new Date(now + 60 * day).toISOString(),
      max_stake_per_position: '250.00',
      max_open_stake_per_user: '1000.00',
      liquidity: '500',
      // Only the demo trades on these markets, in its sandbox: no bound, so its charts can move.
      sandbox_influence: null,
      ...(prices && { initial_prices: prices }),
    });
    await platform('PUT', `/tenants/${tenantId}/markets/${slug}`);
    return created;
  };

  const rain = await market(
    'demo-rain-berlin-friday',
    'Will it rain in Berlin on Friday?',
    ['Yes', 'No'],
    ['0.35', '0.65'],
  );
  const final = await market(
    'demo-cup-final',
    'Who wins the cup final?',
    ['Lions', 'Falcons', 'Draw'],
    ['0.45', '0.35', '0.2'],
  );
  const launch = await market('demo-rocket-launch', 'Does the rocket launch on schedule?', ['Yes', 'No']);
  const poll = await market(
    'demo-city-poll',
    'Will the new tram line win the city vote?',
    ['Yes', 'No'],
    ['0.6', '0.4'],
  );

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

  // Trades on every market, so prices have moved and there is a history to chart.
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
  await platform('POST', '/markets/demo-rocket-launch/suspend');
  await platform('POST', '/markets/demo-city-poll/resolve', { outcome_id: poll.outcomes[0]!.id });
}
