import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, startPanelTest, textOf } from './panel-client.js';
import { createMarket, fundedUser, operatorOpen, widgetOpen, type TestMarket } from './trading-helpers.js';

/** The panel's search box (issue 30 part 2): every id an error or a ticket quotes finds its object. */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;
let tenantName: string;
let market: TestMarket;
let user: string;

beforeAll(async () => {
  ({ service, tenant, panel } = await startPanelTest());
  tenantName = (await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`)).json.name;
  market = await createMarket(service, tenant);
  user = await fundedUser(service, tenant.sandboxKey, 'searched');
}, 60_000);
afterAll(() => service?.stop());

const search = (q: string) => panel.get(`/panel/search?q=${encodeURIComponent(q)}`);

/** Searches, expects one match that lands on `path`, and returns that page. */
async function landsOn(q: string, path: RegExp) {
  const res = await search(q);
  expect(res.status, res.html).toBe(303);
  expect(res.location).toMatch(path);
  const page = await panel.get(res.location!);
  expect(page.status, page.html).toBe(200);
  return page;
}

describe('GET /panel/search', () => {
  it('needs the panel session: without it, the sign-in page', async () => {
    const anonymous = new PanelClient(service.urls.platform);
    const res = await anonymous.get('/panel/search?q=abc');
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/panel/sign-in?next=${encodeURIComponent('/panel/search?q=abc')}`);
  });

  it('has its box in the header of every page, keeping the query', async () => {
    const page = await search('no-such-thing-at-all');
    expect(page.html).toContain('role="search"');
    expect(page.html).toMatch(/<input[^>]*name="q"[^>]*value="no-such-thing-at-all"/);
    expect((await panel.get('/panel/tenants')).html).toContain('action="/panel/search"');
  });

  it('finds a tenant by its id and by part of its name, any case', async () => {
    await landsOn(tenant.tenantId, new RegExp(`^/panel/tenants/${tenant.tenantId}$`));
    await landsOn(tenant.tenantId.toUpperCase(), new RegExp(`^/panel/tenants/${tenant.tenantId}$`));
    const stem = `Searchable ${uniqueKey('co')}`;
    const ids: string[] = [];
    for (const suffix of ['Alpha', 'Beta']) {
      ids.push((await service.platform('POST', '/platform/v1/tenants', { name: `${stem} ${suffix}` })).json.id);
    }
    const many = await search(stem.toUpperCase());
    expect(many.status).toBe(200);
    const text = textOf(many.html);
    expect(text).toContain('2 matches');
    expect(text).toContain(`${stem} Alpha`);
    expect(text).toContain(`${stem} Beta`);
    for (const id of ids) expect(many.html).toContain(`href="/panel/tenants/${id}"`);
    await landsOn(`${stem} alp`, new RegExp(`^/panel/tenants/${ids[0]}$`));
  });

  it('finds an end user by external id and by id, on a page with its tenant, environment and records', async () => {
    const page = await landsOn(user, /^\/panel\/users\/[0-9a-f-]{36}$/);
    const text = textOf(page.html);
    expect(text).toContain(`End user ${user}`);
    expect(text).toContain(tenantName);
    expect(text).toContain('sandbox');
    expect(text).toContain('1000.00');
    expect(text).toContain('balance_sync_credit');
    expect(page.html).toContain(`href="/panel/tenants/${tenant.tenantId}"`);
    expect(text).toMatch(/Open this tenant's (sandbox|live) portal/);
    const userId = /\/panel\/users\/([0-9a-f-]{36})/.exec((await search(user)).location!)![1]!;
    await landsOn(userId, new RegExp(`^/panel/users/${userId}$`));
  });

  it('lists an external user id that two tenants use, each with its tenant name and environment', async () => {
    const other = await service.platform('POST', '/platform/v1/tenants', { name: `Other ${uniqueKey('op')}` });
    const otherKey = await service.platform('POST', `/platform/v1/tenants/${other.json.id}/api-keys`, {
      environment: 'live',
      scopes: ['write:sync'],
    });
    const shared = `shared-${uniqueKey('u')}`;
    await registerUser(service, tenant.sandboxKey, shared);
    const live = await service.api('live', 'PUT', `/v1/users/${shared}`, {
      key: otherKey.json.api_key,
      body: { status: 'active' },
    });
    expect(live.status, live.text).toBeLessThan(300);
    const res = await search(shared);
    expect(res.status).toBe(200);
    const rows = [...res.html.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => textOf(m[1]!)).slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.includes(tenantName))).toContain('sandbox');
    expect(rows.find((r) => r.includes(other.json.name))).toContain('live');
  });

  it('finds a position, a ledger transaction, an order and a webhook event, each with its tenant name', async () => {
    const opened = await operatorOpen(service, tenant.sandboxKey, market, user, '2.00');
    const position = await landsOn(opened.id, new RegExp(`^/panel/positions/${opened.id}$`));
    expect(textOf(position.html)).toContain(market.slug);
    expect(textOf(position.html)).toContain(tenantName);
    expect(textOf(position.html)).toContain('2.00');

    const txs = await service.api('sandbox', 'GET', `/v1/transactions?external_user_id=${user}`, {
      key: tenant.sandboxKey,
    });
    const tx = txs.json.data.at(-1) as { id: string; entry_type: string };
    const transaction = await landsOn(tx.id, new RegExp(`^/panel/transactions/${tx.id}$`));
    expect(textOf(transaction.html)).toContain(tx.entry_type);
    expect(textOf(transaction.html)).toContain(tenantName);

    const placed = await service.api('sandbox', 'POST', '/v1/orders', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('order'),
      body: {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '3.00',
        limit_price: '0.1',
      },
    });
    expect(placed.status, placed.text).toBe(201);
    const order = await landsOn(placed.json.id, new RegExp(`^/panel/orders/${placed.json.id}$`));
    expect(textOf(order.html)).toContain('open');
    expect(textOf(order.html)).toContain(tenantName);

    await widgetOpen(service, tenant, 'evented');
    const event = await service.db
      .selectFrom('events')
      .select(['id', 'type'])
      .where('tenant_id', '=', tenant.tenantId)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    const eventPage = await landsOn(event.id, new RegExp(`^/panel/events/${event.id}$`));
    expect(textOf(eventPage.html)).toContain(event.type);
    expect(textOf(eventPage.html)).toContain(tenantName);
  });

  it('finds a market by slug and by id', async () => {
    await landsOn(market.slug, new RegExp(`^/panel/markets/${market.slug}$`));
    await landsOn(market.id, new RegExp(`^/panel/markets/${market.slug}$`));
  });

  it("finds a request in the request log: its page with the error, the bodies and the tenant's name", async () => {
    const refused = await service.api('sandbox', 'PUT', '/v1/users/u-1', {
      key: tenant.sandboxKey,
      body: { status: 'nope' },
    });
    expect(refused.status).toBe(400);
    await Promise.all([service.deps.errorAnswers.flush(), service.deps.requestLog.flush()]);
    const page = await landsOn(refused.json.request_id, new RegExp(`^/panel/requests/${refused.json.request_id}$`));
    const text = textOf(page.html);
    expect(text).toContain('validation_failed : Invalid body: status must be one of');
    expect(text).toContain('400 validation_failed');
    expect(text).toContain('/v1/users/:external_user_id');
    expect(text).toContain('Request body');
    expect(page.html).toContain('&quot;status&quot;: &quot;nope&quot;');
    expect(text).toContain(tenantName);

    // A ticket that quotes it is found beside it.
    const ticket = await service.api('sandbox', 'POST', '/v1/support-tickets', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('ticket'),
      body: { subject: 'A refused user', body: 'What is wrong?', request_id: refused.json.request_id },
    });
    expect(ticket.status, ticket.text).toBe(201);
    const both = await search(refused.json.request_id);
    expect(textOf(both.html)).toContain('2 matches');
    expect(both.html).toContain(`href="/panel/requests/${refused.json.request_id}"`);
    expect(both.html).toContain(`href="/panel/tickets/${ticket.json.id}"`);
    expect(textOf(both.html)).toContain('Support ticket “A refused user”, quoting this request id');
  });

  it('shows an error answer the log does not hold (a platform answer) on the results page', async () => {
    const refused = await service.platform('GET', '/platform/v1/tenants/00000000-0000-4000-8000-000000000001');
    expect(refused.status).toBe(404);
    await Promise.all([service.deps.errorAnswers.flush(), service.deps.requestLog.flush()]);
    const res = await search(refused.json.request_id);
    expect(res.status, res.html).toBe(200);
    const text = textOf(res.html);
    expect(text).toContain(`The request ${refused.json.request_id}`);
    expect(text).toContain('404 not_found');
    expect((await panel.get(`/panel/requests/${refused.json.request_id}`)).status).toBe(404);
  });

  it('says when nothing is found, keeps the query and names the kinds of ids it takes', async () => {
    const res = await search('00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(200);
    const text = textOf(res.html);
    expect(text).toContain('Nothing found for “00000000-0000-4000-8000-000000000000”');
    expect(text).toContain('request_id');
    expect(text).toContain("market's slug");
    expect(res.html).toMatch(/name="q"[^>]*value="00000000-0000-4000-8000-000000000000"/);
  });

  it('never fails on hostile input, and escapes it', async () => {
    const inputs = [
      `'"><script>alert(1)</script>`,
      "' or 1=1 --",
      '%',
      '_',
      '\\',
      'x'.repeat(10 * 1024),
      'Zürich ∑ 😀 \u202e',
      '0000000-zzzz-4000-8000-000000000000',
      '{"$ne":null}',
      ' ',
    ];
    for (const q of inputs) {
      const res = await search(q);
      expect(res.status, `${q.slice(0, 40)}: ${res.html.slice(0, 300)}`).toBeLessThan(400);
      expect(res.html).not.toContain('<script>alert');
    }
    const repeated = await panel.get('/panel/search?q=a&q=b');
    expect(repeated.status).toBeLessThan(400);
    const long = await search('x'.repeat(10 * 1024));
    expect(textOf(long.html)).toContain('no id or name is longer than 200 characters');
  });

  it('answers 404 pages for records that do not exist or ids that are not ids', async () => {
    for (const kind of ['users', 'positions', 'transactions', 'orders', 'events']) {
      expect((await panel.get(`/panel/${kind}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await panel.get(`/panel/${kind}/not-an-id'`)).status).toBe(404);
    }
  });
});
