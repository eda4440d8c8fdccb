import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import { FakeClock } from '../src/lib/clock.js';
import { auditRows, PanelClient, textOf } from './panel-client.js';
import { expectEnvelope, startTestService, type TestService } from './helpers.js';

/**
 * Dead letters on a bad night (issue 30 part 3): filtered by tenant, environment, event type and age,
 * 50 a page by keyset, resent all at once after a confirmation that counts them, in the panel and the
 * platform API. Every query names this file's tenants: other files share the database.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
let service: TestService;
let panel: PanelClient;
const tenant = { id: '', name: '' };
const other = { id: '', name: '' };
/** This file's dead letters of tenant `tenant`, by group, in event order. */
const made: Record<string, string[]> = {};

async function newTenant(into: { id: string; name: string }, name: string) {
  const res = await service.platform('POST', '/platform/v1/tenants', { name });
  expect(res.status).toBe(201);
  into.id = res.json.id;
  into.name = name;
  for (const environment of ['sandbox', 'live'])
    expect(
      (
        await service.platform('PUT', `/platform/v1/tenants/${into.id}/environments/${environment}`, {
          webhook_url: 'http://127.0.0.1:9/hook',
        })
      ).status,
    ).toBe(200);
}

/** n events whose deliveries ran out of retries `ago` ms before now (set up in SQL: no receiver needed). */
async function deadLetters(tenantId: string, environment: Environment, type: string, n: number, ago: number) {
  const deadAt = new Date(clock.now().getTime() - ago);
  const { rows } = await sql<{ id: string }>`
    with e as (
      insert into events (id, tenant_id, environment, type, occurred_at, data)
      select gen_random_uuid(), ${tenantId}::uuid, ${environment}, ${type}, ${deadAt}, '{}'::jsonb
      from generate_series(1, ${n}) returning id, seq
    )
    select id from e order by seq`.execute(service.db);
  const ids = rows.map((r) => r.id);
  await sql`
    update webhook_deliveries
    set state = 'dead', next_attempt_at = null, finished_at = ${deadAt}, attempts = 12, last_attempt_at = ${deadAt},
        last_status = 500
    where event_id = any(${ids}::uuid[])`.execute(service.db);
  return ids;
}

const statesOf = async (ids: readonly string[]) => {
  const rows = await service.db
    .selectFrom('webhook_deliveries')
    .select(['event_id', 'state', 'next_attempt_at'])
    .where('event_id', 'in', ids)
    .execute();
  return rows;
};

const apiIds = async (query: string) => {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await service.platform(
      'GET',
      `/platform/v1/dead-letters?${query}&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    ids.push(...res.json.data.map((d: { id: string }) => d.id));
    cursor = res.json.next_cursor;
  } while (cursor);
  return ids;
};

beforeAll(async () => {
  service = await startTestService({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
  panel = await PanelClient.signedIn(service);
  const tag = Math.random().toString(36).slice(2, 8);
  await newTenant(tenant, `Bad Night Books ${tag}`);
  await newTenant(other, `Quiet Wagers ${tag}`);
  made.sandboxOpened = await deadLetters(tenant.id, 'sandbox', 'position.opened', 60, 2 * HOUR);
  made.sandboxResolved = await deadLetters(tenant.id, 'sandbox', 'market.resolved', 5, HOUR / 2);
  made.liveOpened = await deadLetters(tenant.id, 'live', 'position.opened', 7, 3 * 24 * HOUR);
  made.liveSettled = await deadLetters(tenant.id, 'live', 'position.settled', 3, 8 * 24 * HOUR);
  made.other = await deadLetters(other.id, 'sandbox', 'position.opened', 4, 2 * HOUR);
}, 60_000);
afterAll(() => service.stop());

describe('GET /platform/v1/dead-letters with filters', () => {
  it('narrows by tenant, environment, type and age, and pages with no duplicate or gap', async () => {
    const all = [...made.sandboxOpened!, ...made.sandboxResolved!, ...made.liveOpened!, ...made.liveSettled!];
    const byTenant = await apiIds(`tenant_id=${tenant.id}`);
    expect(new Set(byTenant).size).toBe(byTenant.length);
    expect(byTenant).toEqual(all);
    expect(await apiIds(`tenant_id=${other.id}`)).toEqual(made.other);
    expect(await apiIds(`tenant_id=${tenant.id}&environment=sandbox`)).toEqual([
      ...made.sandboxOpened!,
      ...made.sandboxResolved!,
    ]);
    expect(await apiIds(`tenant_id=${tenant.id}&type=position.opened`)).toEqual([
      ...made.sandboxOpened!,
      ...made.liveOpened!,
    ]);
    expect(await apiIds(`tenant_id=${tenant.id}&older_than=1h`)).toEqual([
      ...made.sandboxOpened!,
      ...made.liveOpened!,
      ...made.liveSettled!,
    ]);
    expect(await apiIds(`tenant_id=${tenant.id}&older_than=24h`)).toEqual([...made.liveOpened!, ...made.liveSettled!]);
    expect(await apiIds(`tenant_id=${tenant.id}&older_than=7d`)).toEqual(made.liveSettled);
    const from = new Date(clock.now().getTime() - 4 * 24 * HOUR).toISOString();
    const to = new Date(clock.now().getTime() - 24 * HOUR).toISOString();
    expect(await apiIds(`tenant_id=${tenant.id}&dead_from=${from}&dead_to=${to}`)).toEqual(made.liveOpened);
    // The answer's shape is as before: the filters are additions.
    const one = await service.platform('GET', `/platform/v1/dead-letters?tenant_id=${tenant.id}&limit=1`);
    expect(Object.keys(one.json).sort()).toEqual(['data', 'next_cursor']);
    expect(one.json.data[0]).toMatchObject({
      id: made.sandboxOpened![0],
      tenant_id: tenant.id,
      environment: 'sandbox',
      event: 'position.opened',
      attempts: 12,
      last_status: 500,
      dead_at: new Date(clock.now().getTime() - 2 * HOUR).toISOString(),
    });
  });

  it('refuses bad filters with 400 validation_failed', async () => {
    for (const query of [
      'older_than=2h',
      'type=position.nope',
      'environment=staging',
      'tenant_id=nope',
      'dead_from=yesterday',
      'dead_from=2026-06-01T10:00:00Z&dead_to=2026-06-01T09:00:00Z',
      'cursor=bm9wZQ',
    ])
      expectEnvelope(await service.platform('GET', `/platform/v1/dead-letters?${query}`), 'validation_failed', 400);
  });
});

describe('the panel list', () => {
  it('filters by the query the overview links, counts what matches and names the tenant', async () => {
    const res = await panel.get(`/panel/dead-letters?tenant=${tenant.id}&environment=sandbox`);
    expect(res.status).toBe(200);
    const text = textOf(res.html);
    expect(text).toContain('65 dead letters match');
    expect(text).toContain('Resend all 65 matching');
    expect(res.html).toContain(`<a href="/panel/tenants/${tenant.id}">${tenant.name}</a>`);
    expect(res.html).not.toContain(other.name + '</a>');
    expect(res.html).toContain(`id="event-${made.sandboxOpened![0]}"`);
    const typed = textOf((await panel.get(`/panel/dead-letters?tenant=${tenant.id}&type=market.resolved`)).html);
    expect(typed).toContain('5 dead letters match');
    const aged = textOf((await panel.get(`/panel/dead-letters?tenant=${tenant.id}&older_than=24h`)).html);
    expect(aged).toContain('10 dead letters match');
    const window = textOf(
      (await panel.get(`/panel/dead-letters?tenant=${tenant.id}&dead_from=2026-05-25T00:00&dead_to=2026-05-30T00:00`))
        .html,
    );
    expect(window).toContain('7 dead letters match');
  });

  it('pages 50 at a time, next and previous, with no duplicate or gap', async () => {
    const idsOf = (html: string) => [...html.matchAll(/id="event-([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    const hrefOf = (html: string, label: string) =>
      new RegExp(`<a href="([^"]+)">${label}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
    const first = await panel.get(`/panel/dead-letters?tenant=${tenant.id}&environment=sandbox`);
    expect(idsOf(first.html)).toEqual(made.sandboxOpened!.slice(0, 50));
    // Fifty Copy buttons, one copy script, at the end of the page (the policy allows it by its hash).
    expect(first.html.match(/data-copy=/g)).toHaveLength(50);
    expect(first.html.match(/<script/g)).toHaveLength(1);
    expect(first.html).toMatch(/<\/main><script>[^<]+<\/script><\/body>/);
    expect(hrefOf(first.html, 'Previous 50')).toBeNull();
    const second = await panel.get(hrefOf(first.html, 'Next 50')!);
    expect(idsOf(second.html)).toEqual([...made.sandboxOpened!.slice(50), ...made.sandboxResolved!]);
    expect(hrefOf(second.html, 'Next 50')).toBeNull();
    const back = await panel.get(hrefOf(second.html, 'Previous 50')!);
    expect(idsOf(back.html)).toEqual(made.sandboxOpened!.slice(0, 50));
    expect(textOf(back.html)).toContain('65 dead letters match');
  });

  it('says in words what is wrong with a filter, never a 500', async () => {
    for (const [query, words] of [
      ['older_than=2h', 'Age: choose 1 hour, 24 hours or 7 days.'],
      ['tenant=nope', 'Tenant: choose one from the list'],
      ['type=position.nope', 'Event type: position.nope is not an event type this service sends.'],
      ['dead_from=2026-06-01T10:00&dead_to=2026-06-01T09:00', 'Dead from must be before Dead to.'],
    ]) {
      const res = await panel.get(`/panel/dead-letters?${query}`);
      expect(res.status, query).toBe(400);
      expect(textOf(res.html)).toContain(words);
    }
    const stale = await panel.get(`/panel/dead-letters?tenant=${tenant.id}&cursor=bm9wZQ`);
    expect(stale.status).toBe(200);
    expect(textOf(stale.html)).toContain('That page link is not valid any more');
  });
});

describe('bulk resend', () => {
  it('confirms with the count by tenant first, then resends exactly those, once', async () => {
    const filter = `tenant=${tenant.id}&environment=sandbox&type=position.opened`;
    const preview = await panel.get(`/panel/dead-letters/resend?${filter}`);
    expect(preview.status).toBe(200);
    // No Copy button on the confirmation: no script at all.
    expect(preview.html).not.toContain('<script');
    const text = textOf(preview.html);
    expect(text).toContain('60 dead letters match this filter');
    expect(text).toContain(`Filter: tenant ${tenant.name}, sandbox only, event position.opened.`);
    expect(preview.html).toMatch(/data-testid="tenant-count">60</);
    expect(text).toContain('Resend 60 dead letters');
    // Nothing has happened yet.
    expect((await statesOf(made.sandboxOpened!)).every((d) => d.state === 'dead')).toBe(true);

    const fields = { tenant: tenant.id, environment: 'sandbox', type: 'position.opened' };
    const done = await panel.post('/panel/dead-letters/resend', fields);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/panel/dead-letters?${filter}`);
    const after = await panel.get(done.location!);
    expect(textOf(after.html)).toContain('60 dead letters resent');
    const revived = await statesOf(made.sandboxOpened!);
    expect(revived).toHaveLength(60);
    expect(revived.every((d) => d.state === 'pending' && d.next_attempt_at?.getTime() === clock.now().getTime())).toBe(
      true,
    );
    const untouched = await statesOf([
      ...made.sandboxResolved!,
      ...made.liveOpened!,
      ...made.liveSettled!,
      ...made.other!,
    ]);
    expect(untouched.every((d) => d.state === 'dead')).toBe(true);
    const audit = (await auditRows(service, 'dead_letter.resend_all', tenant.id)).at(-1)!;
    expect(audit.details).toMatchObject({
      filter: fields,
      resent: 60,
      by_tenant: [{ tenant_id: tenant.id, environment: 'sandbox', count: 60 }],
    });

    // A second confirm finds nothing dead that matches: nothing is resent twice.
    await sql`update webhook_deliveries set next_attempt_at = next_attempt_at + interval '1 minute' where event_id = any(${made.sandboxOpened!}::uuid[])`.execute(
      service.db,
    );
    const again = await panel.post('/panel/dead-letters/resend', fields);
    expect(textOf((await panel.get(again.location!)).html)).toContain(
      'No dead letter matched any more: nothing was resent.',
    );
    const still = await statesOf(made.sandboxOpened!);
    expect(still.every((d) => d.next_attempt_at?.getTime() === clock.now().getTime() + 60_000)).toBe(true);
    expect((await auditRows(service, 'dead_letter.resend_all', tenant.id)).at(-1)!.details).toMatchObject({
      resent: 0,
    });
    // The list no longer has them.
    expect(textOf((await panel.get(`/panel/dead-letters?${filter}`)).html)).toContain('0 dead letters match');
  });

  it('refuses a bad filter at confirmation in words, and changes nothing', async () => {
    const preview = await panel.get(`/panel/dead-letters/resend?tenant=${tenant.id}&older_than=forever`);
    expect(preview.status).toBe(400);
    expect(textOf(preview.html)).toContain('Age: choose 1 hour, 24 hours or 7 days.');
    const post = await panel.post('/panel/dead-letters/resend', { tenant: tenant.id, older_than: 'forever' });
    expect(post.status).toBe(303);
    expect(textOf((await panel.get(post.location!)).html)).toContain('Age: choose 1 hour, 24 hours or 7 days.');
    expect((await statesOf(made.sandboxResolved!)).every((d) => d.state === 'dead')).toBe(true);
  });

  it('POST /platform/v1/dead-letters/resend resends what the filters match, once; bad bodies are 400', async () => {
    for (const body of [
      { older_than: '2h' },
      { tenant_id: 'nope' },
      { type: 'nope' },
      { tenant_id: tenant.id, surprise: true },
      { tenant_id: tenant.id, dead_from: '2026-06-01T10:00:00Z', dead_to: '2026-06-01T09:00:00Z' },
    ])
      expectEnvelope(
        await service.platform('POST', '/platform/v1/dead-letters/resend', body),
        'validation_failed',
        400,
      );
    expect((await statesOf(made.liveSettled!)).every((d) => d.state === 'dead')).toBe(true);

    const body = { tenant_id: tenant.id, environment: 'live', older_than: '7d' };
    const first = await service.platform('POST', '/platform/v1/dead-letters/resend', body);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ resent: 3 });
    expect((await statesOf(made.liveSettled!)).every((d) => d.state === 'pending')).toBe(true);
    expect((await statesOf(made.liveOpened!)).every((d) => d.state === 'dead')).toBe(true);
    expect((await service.platform('POST', '/platform/v1/dead-letters/resend', body)).json).toEqual({ resent: 0 });
    expect(await apiIds(`tenant_id=${tenant.id}`)).toEqual([...made.sandboxResolved!, ...made.liveOpened!]);
    // Each call is in the audit log, as the panel's resend and the API's pauses are; a refused window too.
    const audit = await auditRows(service, 'dead_letter.resend_all', tenant.id);
    const api = audit.filter((row) => row.who === 'platform API');
    expect(api.map((row) => [row.outcome, row.details])).toEqual([
      [
        'validation_failed',
        { filter: { tenant_id: tenant.id, dead_from: '2026-06-01T10:00:00Z', dead_to: '2026-06-01T09:00:00Z' } },
      ],
      [
        'done',
        {
          filter: body,
          resent: 3,
          capped: false,
          by_tenant: [{ tenant_id: tenant.id, environment: 'live', count: 3 }],
        },
      ],
      ['done', { filter: body, resent: 0, capped: false, by_tenant: [] }],
    ]);
  });
});
