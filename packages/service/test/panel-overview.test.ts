import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import { deliveryBacklog } from '../src/domains/webhooks/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { backlogRegistry } from '../src/metrics/backlog.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import { parseMetrics, valueOf } from './metrics-parse.js';
import { createTenant, registerUser, startTestService, sync, uniqueKey, type TestService } from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';
import { createMarket } from './trading-helpers.js';

/**
 * The panel's overview (issue 30 part 1): "is anything wrong?" per environment, as counts by tenant name
 * that link to their lists. A reconciliation run covers every tenant, so this file has a database of
 * its own; the assertions still name this file's tenants only.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const MINUTE = 60_000;
let database: ScratchDatabase;
let service: TestService;
let panel: PanelClient;
const troubled = { id: '', name: '' };
const calm = { id: '', name: '' };

async function newTenant(into: { id: string; name: string }, name: string) {
  const res = await service.platform('POST', '/platform/v1/tenants', { name });
  expect(res.status).toBe(201);
  Object.assign(into, { id: res.json.id, name });
  for (const environment of ['sandbox', 'live']) {
    const put = await service.platform('PUT', `/platform/v1/tenants/${into.id}/environments/${environment}`, {
      webhook_url: 'http://127.0.0.1:9/hook',
    });
    expect(put.status).toBe(200);
  }
}

/** n events with their deliveries (pending, made `ago` ms before now), or dead when asked. */
async function deliveries(tenantId: string, environment: Environment, n: number, ago: number, dead = false) {
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

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_overview_${process.pid}_${Date.now()}`);
  service = await startTestService({ clock, env: { DATABASE_URL: database.url, ALLOW_INSECURE_WEBHOOKS: '1' } });
  panel = await PanelClient.signedIn(service);
  const tag = Math.random().toString(36).slice(2, 8);
  await newTenant(troubled, `Stormy Odds ${tag}`);
  await newTenant(calm, `Calm Harbour ${tag}`);
  // A market that closed an hour ago and waits for its resolution.
  const keys = await createTenant(service);
  await createMarket(service, keys, {
    slug: `overdue-${tag}`,
    title: `Overdue match ${tag}`,
    closes_at: new Date(clock.now().getTime() + MINUTE).toISOString(),
  });
  clock.advance(61 * MINUTE);

  await deliveries(troubled.id, 'live', 3, 10 * MINUTE, true);
  await deliveries(troubled.id, 'live', 5, 4 * MINUTE);
  await deliveries(troubled.id, 'sandbox', 2, 30 * MINUTE, true);
  await deliveries(calm.id, 'sandbox', 1, 0, true);

  // A ticket and a discrepancy of the troubled tenant's live environment, through the API.
  const key = await service.platform('POST', `/platform/v1/tenants/${troubled.id}/api-keys`, {
    environment: 'live',
    scopes: SCOPES,
  });
  const liveKey = key.json.api_key as string;
  const ticket = await service.api('live', 'POST', '/v1/support-tickets', {
    key: liveKey,
    idempotencyKey: uniqueKey('ticket'),
    body: { subject: 'Balances look off', body: 'Since this morning.' },
  });
  expect(ticket.status, ticket.text).toBe(201);
  await registerUser(service, liveKey, 'ov-1', 'live');
  const off = { external_user_id: 'ov-1', direction: 'credit', amount: '100.00', resulting_balance: '90.00' };
  expect((await sync(service, liveKey, off, uniqueKey(), 'live')).status).toBe(200);
  expect((await service.platform('POST', '/platform/v1/reconciliation/runs')).status).toBe(201);

  // Error answers: two 400s and a 404 of the troubled tenant's live key.
  for (const status of ['nope', 'worse']) {
    const res = await service.api('live', 'PUT', '/v1/users/ov-2', { key: liveKey, body: { status } });
    expect(res.status).toBe(400);
  }
  expect((await service.api('live', 'GET', '/v1/markets/no-such-market', { key: liveKey })).status).toBe(404);
  await service.deps.errorAnswers.flush();
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

/** The rows of the table a section's figure shows, as text, that name `name`. */
function rowsNaming(html: string, sectionId: string, name: string): string[] {
  const section = new RegExp(`<section aria-labelledby="${sectionId}">([\\s\\S]*?)</section>`).exec(html);
  expect(section, `section ${sectionId}`).not.toBeNull();
  return [...section![1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((m) => textOf(m[1]!).trim())
    .filter((t) => t.includes(name));
}

describe('the overview', () => {
  it("shows each environment's figures by tenant name, with links to their lists", async () => {
    const page = await panel.get('/panel');
    expect(page.status).toBe(200);
    const html = page.html;
    expect(textOf(html)).not.toContain('Kill switch paused');

    // Five made here, and the events the ticket and the discrepancy wrote (their deliveries wait too).
    const pending = await service.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('tenant_id', '=', troubled.id)
      .where('environment', '=', 'live')
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBeGreaterThanOrEqual(5);
    expect(rowsNaming(html, 'env-live', troubled.name)).toEqual([
      `${troubled.name} 3`, // dead letters
      `${troubled.name} ${pending.n} 4 min`, // backlog: pending and the oldest's age in words
      `${troubled.name} 1`, // open tickets
      `${troubled.name} 1`, // discrepancies
      `validation_failed 2 0 ${troubled.name}`, // the last hour, the hour before
      `not_found 1 0 ${troubled.name}`,
    ]);
    // What needs a look, worst first, each with its severity and link (one database: exact).
    const triage = [...html.matchAll(/<li class="sev-(critical|warning|notice)">([\s\S]*?)<\/li>/g)].map(
      (m) => `${m[1]}: ${textOf(m[2]!).trim()}`,
    );
    expect(triage).toEqual([
      'critical: Critical 3 dead letters in live 1 tenant: events their receivers never took',
      'critical: Critical 1 reconciliation discrepancy in live balances that do not match their ledger',
      'warning: Warning 3 dead letters in sandbox 2 tenants: events their receivers never took',
      'notice: Notice 3 refused requests in live in the last hour none the hour before',
      'notice: Notice 1 open support ticket in live',
      'notice: Notice 1 market past its close, not resolved',
    ]);
    expect(html).toContain('<a href="/panel/dead-letters?environment=live">3 dead letters in live</a>');
    expect(html).toContain('<a href="#awaiting">1 market past its close, not resolved</a>');
    expect(html).toContain(
      `href="/panel/requests?code=validation_failed&amp;tenant=${troubled.id}&amp;environment=live"`,
    );
    expect(html).toContain('<main id="main" data-refresh="60">');
    expect(html).toContain('href="/panel?refresh=off"');
    expect(textOf(html)).toContain('Calm: no kill switch paused, no tenant paused.');
    expect(rowsNaming(html, 'env-sandbox', troubled.name)).toEqual([`${troubled.name} 2`]);
    expect(rowsNaming(html, 'env-sandbox', calm.name)).toEqual([`${calm.name} 1`]);
    expect(rowsNaming(html, 'env-live', calm.name)).toEqual([]);

    expect(html).toContain(`href="/panel/dead-letters?tenant=${troubled.id}&amp;environment=live">3</a>`);
    expect(html).toContain(`href="/panel/dead-letters?tenant=${troubled.id}&amp;environment=sandbox">2</a>`);
    expect(html).toContain(`href="/panel/tickets?status=open&amp;tenant=${troubled.id}">1</a>`);
    expect(html).toContain('href="/panel/reconciliation">1</a>');
    expect(html).toContain(`href="/panel/tenants/${troubled.id}">${troubled.name}</a>`);
    expect(html).not.toMatch(new RegExp(`>${troubled.id.slice(0, 8)}<`));

    const awaiting = /<section aria-labelledby="awaiting">([\s\S]*?)<\/section>/.exec(html)![1]!;
    expect(awaiting).toMatch(
      /<a href="\/panel\/markets\/overdue-[a-z0-9]+">Overdue match [a-z0-9]+<\/a>, closed 1 h ago/,
    );
  });

  it('shows nothing for what is calm, and lists paused tenants with their reason', async () => {
    const html = (await panel.get('/panel')).html;
    // The sandbox has no tickets, discrepancies or error answers in this database: no heading for them.
    const sandbox = textOf(/<section aria-labelledby="env-sandbox">([\s\S]*?)<\/section>/.exec(html)![1]!);
    expect(sandbox).not.toContain('Open support tickets');
    expect(sandbox).not.toContain('Error answers in the last hour');
    expect(html).not.toContain('id="paused-tenants"');

    const paused = await service.platform('PUT', `/platform/v1/tenants/${calm.id}/pauses/positions`, {
      paused: true,
      reason: 'Odd betting pattern',
    });
    expect(paused.status).toBe(200);
    const after = textOf((await panel.get('/panel')).html);
    expect(after).toContain('Warning 1 tenant pause in force');
    expect(after).not.toContain('no tenant paused');
    expect(after).toMatch(
      new RegExp(
        `Tenants paused: 1 ${calm.name} : positions paused since .* by platform API \\. Reason: Odd betting pattern`,
      ),
    );
  });

  it("gives the metrics the overview's webhook figures summed over the deployment (a database of its own: exact)", async () => {
    const now = clock.now();
    const live = (await deliveryBacklog({ db: service.db, now })).find(
      (b) => b.tenantId === troubled.id && b.environment === 'live',
    );
    expect(live).toMatchObject({ dead: 3, oldestPendingAt: new Date(now.getTime() - 4 * MINUTE) });
    expect(live!.oldestDueAt).toEqual(new Date(now.getTime() - 4 * MINUTE));

    const { rows } = await sql<{ pending: number; dead: number }>`
      select count(*) filter (where state = 'pending')::int as pending,
             count(*) filter (where state = 'dead')::int as dead
      from webhook_deliveries`.execute(service.db);
    const samples = parseMetrics(await backlogRegistry({ db: service.db, clock, log: service.deps.log }).metrics());
    expect(valueOf(samples, 'pm_metrics_database_read_ok')).toBe(1);
    expect(valueOf(samples, 'pm_webhook_dead_letters')).toBe(rows[0]!.dead);
    expect(rows[0]!.dead).toBeGreaterThanOrEqual(6);
    expect(valueOf(samples, 'pm_webhook_backlog_deliveries')).toBe(rows[0]!.pending);
    expect(valueOf(samples, 'pm_webhook_oldest_pending_age_seconds')).toBe(240);
    expect(valueOf(samples, 'pm_webhook_oldest_due_lag_seconds')).toBe(240);
  });

  it('counts the last hour only', async () => {
    clock.advance(2 * 60 * MINUTE);
    const live = /<section aria-labelledby="env-live">([\s\S]*?)<\/section>/.exec(
      (await panel.get('/panel')).html,
    )![1]!;
    expect(textOf(live)).not.toContain('Error answers in the last hour');
  });
});
