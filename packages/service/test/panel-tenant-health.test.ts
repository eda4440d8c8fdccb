import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, registerUser, type TestService, type TestTenant } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { PanelClient, textOf } from './panel-client.js';
import { reconciliationHelpers } from './reconciliation-helpers.js';
import { createMarket, fundedUser, operatorOpen, sessionFor } from './trading-helpers.js';

/**
 * A tenant's health on its panel page (docs/operations.md, "The platform panel"): per environment, today's
 * stake traded (exact), requests, this hour's error answers against the hour before, 429s, webhook
 * deliveries pending and dead, and recent discrepancies, each linking to its details, in words when there
 * is none; and never another tenant's figures. A reconciliation run reads every user of the database, so
 * this file has a database of its own.
 */
const clock = new FakeClock('2026-06-01T12:20:00.000Z');
const MINUTE = 60_000;
let service: TestService;
let panel: PanelClient;
let alpha: TestTenant;
let beta: TestTenant;

const { userWith } = reconciliationHelpers(() => service);

/** The text of one environment's figures on a tenant page. */
function figures(html: string, environment: Environment): string {
  const start = html.indexOf(`id="health-${environment}"`);
  expect(start, `the ${environment} figures`).toBeGreaterThan(0);
  const end = html.indexOf('</dl>', start);
  return textOf(html.slice(start, end))
    .replace(/^[^>]*>/, '')
    .replace(/ ,/g, ',')
    .trim();
}

/** Webhook deliveries of a tenant environment, `ago` old, pending or dead (the worker is off in tests). */
async function deliveries(tenantId: string, environment: Environment, n: number, ago: number, dead: boolean) {
  const at = new Date(clock.now().getTime() - ago);
  const { rows } = await sql<{ id: string }>`
    insert into events (id, tenant_id, environment, type, occurred_at, data)
    select gen_random_uuid(), ${tenantId}::uuid, ${environment}, 'position.opened', ${at}, '{}'::jsonb
    from generate_series(1, ${n}) returning id`.execute(service.db);
  await sql`
    update webhook_deliveries set created_at = ${at}, state = ${dead ? 'dead' : 'pending'},
      next_attempt_at = ${dead ? null : at}, finished_at = ${dead ? at : null}
    where event_id = any(${rows.map((r) => r.id)}::uuid[])`.execute(service.db);
}

/** Hours counted before this test's requests: the request log's and the error answers' own tables. */
async function countedHour(tenantId: string, hour: string, requests: number, rateLimited: number) {
  await sql`
    insert into request_counts (hour, tenant_id, environment, tier, requests, rate_limited)
    values (${new Date(hour)}, ${tenantId}::uuid, 'sandbox', 'default', ${requests}, ${rateLimited})`.execute(
    service.db,
  );
}
async function countedErrors(tenantId: string, minute: string, code: string, count: number) {
  await sql`
    insert into error_answer_counts (minute, environment, tenant_id, code, count)
    values (${new Date(minute)}, 'sandbox', ${tenantId}::uuid, ${code}, ${count})`.execute(service.db);
}

beforeAll(async () => {
  service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
  panel = await PanelClient.signedIn(service);
  alpha = await createTenant(service);
  beta = await createTenant(service);

  // Trades: alpha's sandbox 12.50 + 7.25 today, and 3.00 yesterday (not today's); beta's 40.00.
  const market = await createMarket(service, alpha, { title: 'Will it rain in Berlin on Friday?' });
  expect((await service.platform('PUT', `/platform/v1/tenants/${beta.tenantId}/markets/${market.slug}`)).status).toBe(
    200,
  );
  const player = await fundedUser(service, alpha.sandboxKey, 'health');
  await operatorOpen(service, alpha.sandboxKey, market, player, '12.50');
  await operatorOpen(service, alpha.sandboxKey, market, player, '7.25', 1);
  const old = await operatorOpen(service, alpha.sandboxKey, market, player, '3.00');
  await sql`update positions set opened_at = ${new Date('2026-05-31T23:59:59Z')} where id = ${old.id}`.execute(
    service.db,
  );
  const theirs = await fundedUser(service, beta.sandboxKey, 'other');
  await operatorOpen(service, beta.sandboxKey, market, theirs, '40.00');

  // Requests: 20 of alpha's sandbox this hour (the 5 above, a 404, a user, a session, 12 config reads by
  // that user of which the last 2 are refused 429 by its per-user limit of 10).
  expect((await service.api('sandbox', 'GET', '/v1/markets/no-such-market', { key: alpha.sandboxKey })).status).toBe(
    404,
  );
  await registerUser(service, alpha.sandboxKey, 'flooder');
  const token = await sessionFor(service, alpha.sandboxKey, 'flooder');
  for (let i = 0; i < 12; i++) await service.api('sandbox', 'GET', '/v1/widget/config', { key: token });
  // The hour before (4 errors of 200 requests), yesterday (not today's), and beta's flood this hour.
  await countedHour(alpha.tenantId, '2026-06-01T11:00:00Z', 200, 0);
  await countedErrors(alpha.tenantId, '2026-06-01T11:30:00Z', 'validation_failed', 4);
  await countedHour(alpha.tenantId, '2026-05-31T23:00:00Z', 500, 7);
  await countedErrors(alpha.tenantId, '2026-06-01T10:59:00Z', 'internal_error', 9);
  await countedHour(beta.tenantId, '2026-06-01T12:00:00Z', 1000, 50);
  await countedErrors(beta.tenantId, '2026-06-01T12:05:00Z', 'rate_limited', 99);

  // Discrepancies (a run writes an event each, before any webhook URL is set): alpha's live 1, beta's sandbox 2.
  await userWith(alpha, [{ direction: 'credit', amount: '50.00', resulting_balance: '55.00' }], {
    environment: 'live',
  });
  for (let i = 0; i < 2; i++) {
    await userWith(beta, [{ direction: 'credit', amount: '20.00', resulting_balance: '19.00' }]);
  }
  expect((await service.platform('POST', '/platform/v1/reconciliation/runs')).status).toBe(201);

  // Webhooks: alpha's live 2 pending (the oldest 12 minutes) and 1 dead; beta's live 5 dead.
  for (const tenant of [alpha, beta]) {
    await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/live`, {
      webhook_url: 'http://127.0.0.1:9/hook',
    });
  }
  await deliveries(alpha.tenantId, 'live', 1, 12 * MINUTE, false);
  await deliveries(alpha.tenantId, 'live', 1, 3 * MINUTE, false);
  await deliveries(alpha.tenantId, 'live', 1, 30 * MINUTE, true);
  await deliveries(beta.tenantId, 'live', 5, 30 * MINUTE, true);

  await Promise.all([service.deps.requestLog.flush(), service.deps.errorAnswers.flush()]);
}, 120_000);
afterAll(() => service?.stop());

describe("a tenant's health", () => {
  it('gives each environment its day, this hour against the hour before, and its webhooks and discrepancies', async () => {
    const page = await panel.get(`/panel/tenants/${alpha.tenantId}`);
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('2026-06-01 since 00:00 UTC, as of 12:20 UTC.');
    expect(figures(page.html, 'sandbox')).toBe(
      [
        'Sandbox',
        'Stake traded today 19.75 2 positions on Will it rain in Berlin on Friday? (19.75)',
        // Today's 20 and the hour before's 200; not yesterday's 500 or their 7 429s.
        'Requests today 220 every /v1 request, refused ones included',
        'Error answers this hour 15.0 % 3 of 20 since 12:00 rate_limited 2, not_found 1 the hour before (11:00–12:00): 2.0 %, 4 of 200',
        '429s today 2 requests refused by a rate limit',
        'Webhooks pending No deliveries waiting',
        'Dead letters No dead letters',
        'Discrepancies, 7 days None found in 7 days',
      ].join(' '),
    );
    expect(figures(page.html, 'live')).toBe(
      [
        'Live',
        'Stake traded today No trades today',
        'Requests today 2 every /v1 request, refused ones included',
        'Error answers this hour No errors since 12:00 no requests the hour before (11:00–12:00)',
        '429s today No 429s today',
        'Webhooks pending 2 the oldest waiting 12 min',
        'Dead letters 1',
        'Discrepancies, 7 days 1',
      ].join(' '),
    );
    // Live first, as on the overview; each figure with details links to them, filtered to this tenant.
    expect(page.html.indexOf('id="health-live"')).toBeLessThan(page.html.indexOf('id="health-sandbox"'));
    expect(page.html).toContain(
      `<a href="/panel/dead-letters?tenant=${alpha.tenantId}&amp;environment=live" aria-label="Live dead letters: 1">1</a>`,
    );
    expect(page.html).toContain(
      `<a href="/panel/reconciliation?tenant=${alpha.tenantId}&amp;environment=live#found" aria-label="Live reconciliation discrepancies: 1">1</a>`,
    );
    expect(page.html).toMatch(/<a href="\/panel\/markets\/t-market-[\w-]+#exposure" class="wrap">Will it rain/);
    const requests = `/panel/requests?tenant=${alpha.tenantId}&amp;environment=sandbox`;
    expect(page.html).toContain(
      `<a href="${requests}&amp;from=2026-06-01T00%3A00" aria-label="Sandbox requests today: 220">`,
    );
    expect(page.html).toContain(
      `<a href="${requests}&amp;code=rate_limited&amp;from=2026-06-01T00%3A00" aria-label="Sandbox 429s today: 2">`,
    );
    expect(page.html).toContain(`<a href="${requests}&amp;from=2026-06-01T12%3A00&amp;code=not_found">not_found</a>`);
  });

  it("never shows another tenant's figures, and shows that tenant its own", async () => {
    const html = (await panel.get(`/panel/tenants/${alpha.tenantId}`)).html;
    const ours = `${figures(html, 'sandbox')} ${figures(html, 'live')}`;
    for (const theirs of ['40.00', '1,007', '50', '99', 'Dead letters 5', 'Discrepancies, 7 days 2']) {
      expect(ours).not.toContain(theirs);
    }
    const page = await panel.get(`/panel/tenants/${beta.tenantId}`);
    const sandbox = figures(page.html, 'sandbox');
    expect(sandbox).toContain('Stake traded today 40.00 1 position on Will it rain in Berlin on Friday? (40.00)');
    // Its 1,000 counted before, and its 7 requests here (a funded user, an open, two users with a sync each).
    expect(sandbox).toContain('Requests today 1,007');
    expect(sandbox).toContain('429s today 50');
    expect(sandbox).toContain('Error answers this hour 9.8 % 99 of 1,007 since 12:00 rate_limited 99');
    expect(sandbox).toContain('Discrepancies, 7 days 2');
    expect(figures(page.html, 'live')).toContain('Dead letters 5');
  });

  it('says each figure in words when there is none', async () => {
    const quiet = await createTenant(service);
    const page = await panel.get(`/panel/tenants/${quiet.tenantId}`);
    for (const environment of ['sandbox', 'live'] as const) {
      expect(figures(page.html, environment)).toBe(
        [
          environment === 'live' ? 'Live' : 'Sandbox',
          'Stake traded today No trades today',
          'Requests today No requests today',
          'Error answers this hour No requests since 12:00 no requests the hour before (11:00–12:00)',
          '429s today No 429s today',
          'Webhooks pending No deliveries waiting',
          'Dead letters No dead letters',
          'Discrepancies, 7 days None found in 7 days',
        ].join(' '),
      );
    }
  });

  it("lists one tenant environment's discrepancies where its figure links", async () => {
    const page = await panel.get(`/panel/reconciliation?tenant=${beta.tenantId}&environment=sandbox`);
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toMatch(/Of [^.]*tenant [\d.]+ [^.]*, sandbox\. All discrepancies/);
    expect(page.html.match(/<td>recon-[^<]*<\/td>/g)).toHaveLength(2);
    const live = await panel.get(`/panel/reconciliation?tenant=${beta.tenantId}&environment=live`);
    expect(textOf(live.html)).toContain('No discrepancies.');
    const all = await panel.get('/panel/reconciliation');
    expect(all.html.match(/<td>recon-[^<]*<\/td>/g)).toHaveLength(3);
  });
});
