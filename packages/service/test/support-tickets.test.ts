import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectEnvelope,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';

/** Support tickets: a tenant opens and reads its own; the platform answers and closes. */
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

const open = (
  body: unknown,
  key = tenant.sandboxKey,
  idempotencyKey = uniqueKey(),
  environment: 'sandbox' | 'live' = 'sandbox',
) => service.api(environment, 'POST', '/v1/support-tickets', { key, body, idempotencyKey });
const read = (id: string, key = tenant.sandboxKey) =>
  service.api('sandbox', 'GET', `/v1/support-tickets/${id}`, { key });
const ask = { subject: 'Raise our balance_sync limit', body: 'We expect 900 a minute from Friday.\nThanks!' };

describe('support tickets', () => {
  it('opens a ticket (201), replays it for its key, and shows the text as the first message', async () => {
    const key = uniqueKey();
    const opened = await open({ ...ask, request_id: 'a1b2' }, tenant.sandboxKey, key);
    expect(opened.status, opened.text).toBe(201);
    expect(opened.json).toEqual({
      id: expect.any(String),
      status: 'open',
      subject: ask.subject,
      created_at: expect.any(String),
    });
    const replay = await open({ ...ask, request_id: 'a1b2' }, tenant.sandboxKey, key);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(opened.text);
    expectEnvelope(await open({ ...ask, subject: 'other' }, tenant.sandboxKey, key), 'idempotency_key_reused', 422);
    const got = await read(opened.json.id);
    expect(got.json).toEqual({
      ...opened.json,
      request_id: 'a1b2',
      updated_at: opened.json.created_at,
      messages: [{ from: 'tenant', body: ask.body, created_at: opened.json.created_at }],
    });
  });

  it('lets the platform answer and close it; a closed ticket takes no reply; the tenant reads it all', async () => {
    const { json: opened } = await open(ask);
    const answered = await service.platform('POST', `/platform/v1/support-tickets/${opened.id}/messages`, {
      body: 'Raised to 900 from the next deployment.',
    });
    expect(answered.status, answered.text).toBe(201);
    expect(answered.json).toMatchObject({
      id: opened.id,
      status: 'answered',
      tenant_id: tenant.tenantId,
      environment: 'sandbox',
    });
    expect(answered.json.messages.map((m: any) => m.from)).toEqual(['tenant', 'platform']);
    const closed = await service.platform('POST', `/platform/v1/support-tickets/${opened.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.json.status).toBe('closed');
    expect((await service.platform('POST', `/platform/v1/support-tickets/${opened.id}/close`)).json.status).toBe(
      'closed',
    );
    expectEnvelope(
      await service.platform('POST', `/platform/v1/support-tickets/${opened.id}/messages`, { body: 'late' }),
      'state_conflict',
      409,
    );
    const mine = await read(opened.id);
    expect(mine.json.status).toBe('closed');
    expect(mine.json.messages).toEqual([
      { from: 'tenant', body: ask.body, created_at: expect.any(String) },
      { from: 'platform', body: 'Raised to 900 from the next deployment.', created_at: expect.any(String) },
    ]);
  });

  it("keeps tenants and environments apart: another's ticket is not_found and never listed", async () => {
    const { json: mine } = await open(ask);
    const other = await createTenant(service);
    expectEnvelope(await read(mine.id, other.sandboxKey), 'not_found', 404);
    expect((await service.api('sandbox', 'GET', '/v1/support-tickets', { key: other.sandboxKey })).json.data).toEqual(
      [],
    );
    const live = await open(ask, tenant.liveKey, uniqueKey(), 'live');
    expect(live.status).toBe(201);
    expectEnvelope(await read(live.json.id), 'not_found', 404);
    const listed = (await service.api('sandbox', 'GET', '/v1/support-tickets?limit=500', { key: tenant.sandboxKey }))
      .json.data;
    expect(listed.map((t: any) => t.id)).toContain(mine.id);
    expect(listed.map((t: any) => t.id)).not.toContain(live.json.id);
    const platform = await service.platform(
      'GET',
      `/platform/v1/support-tickets?tenant_id=${tenant.tenantId}&limit=500`,
    );
    expect(platform.json.data.map((t: any) => t.environment).sort()).toContain('live');
    const page = await service.api('sandbox', 'GET', '/v1/support-tickets?limit=1', { key: tenant.sandboxKey });
    expect(page.json.data).toHaveLength(1);
    expect(page.json.next_cursor).toEqual(expect.any(String));
  });

  it('refuses bad bodies, unknown ids and keys without write:tickets, changing nothing', async () => {
    for (const body of [
      {},
      { ...ask, subject: '' },
      { ...ask, subject: 'x'.repeat(201) },
      { ...ask, body: '' },
      { ...ask, body: '   ' },
      { ...ask, body: 'x'.repeat(10_001) },
      { ...ask, body: 'nul \u0000' },
      { ...ask, extra: 1 },
      { ...ask, request_id: 5 },
    ])
      expectEnvelope(await open(body), 'validation_failed', 400);
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/support-tickets', { key: tenant.sandboxKey, body: ask }),
      'idempotency_key_required',
      400,
    );
    const readOnly = await createTenant(service, ['read:markets']);
    expectEnvelope(await open(ask, readOnly.sandboxKey), 'insufficient_scope', 403);
    expectEnvelope(await read('not-a-uuid'), 'not_found', 404);
    expectEnvelope(await read('00000000-0000-4000-8000-000000000000'), 'not_found', 404);
    for (const path of [
      '/platform/v1/support-tickets/nope/close',
      '/platform/v1/support-tickets/00000000-0000-4000-8000-000000000000/close',
    ])
      expectEnvelope(await service.platform('POST', path), 'not_found', 404);
    expectEnvelope(await service.platform('GET', '/platform/v1/support-tickets?tenant_id=x'), 'validation_failed', 400);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/support-tickets/00000000-0000-4000-8000-000000000000/messages`, {
        body: '',
      }),
      'validation_failed',
      400,
    );
  });
});
