import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  type TestService,
  type TestTenant,
} from './helpers.js';

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
  for (const user of ['t-one', 't-two']) await registerUser(service, tenant.sandboxKey, user);
  for (let i = 1; i <= 5; i++)
    await sync(service, tenant.sandboxKey, { external_user_id: 't-one', direction: 'credit', amount: `${i}.00` });
  await sync(service, tenant.sandboxKey, { external_user_id: 't-one', direction: 'debit', amount: '2.50' });
  await sync(service, tenant.sandboxKey, { external_user_id: 't-two', direction: 'credit', amount: '9.99' });
});
afterAll(() => service.stop());

const list = (query: string, key = tenant.sandboxKey, environment: 'sandbox' | 'live' = 'sandbox') =>
  service.api(environment, 'GET', `/v1/transactions${query}`, { key });

describe('GET /v1/transactions', () => {
  it('lists the ledger oldest first with the documented fields', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.json.next_cursor).toBeNull();
    expect(res.json.data).toHaveLength(7);
    expect(res.json.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_user_id: 't-one',
      entry_type: 'balance_sync_credit',
      amount: '1.00',
      balance_after: '1.00',
      reverses_transaction_id: null,
      position_id: null,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(res.json.data.map((t: any) => t.amount)).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00', '-2.50', '9.99']);
  });

  it('filters by external_user_id and entry_type', async () => {
    expect((await list('?external_user_id=t-two')).json.data.map((t: any) => t.amount)).toEqual(['9.99']);
    expect((await list('?entry_type=balance_sync_debit')).json.data.map((t: any) => t.amount)).toEqual(['-2.50']);
    expect((await list('?external_user_id=t-two&entry_type=balance_sync_debit')).json.data).toEqual([]);
    // The entry_type set is open: an unknown value is a filter that matches nothing, not an error.
    expect((await list('?entry_type=correction_shortfall_credit')).json.data).toEqual([]);
    expect((await list('?external_user_id=nobody')).json.data).toEqual([]);
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await list(`?external_user_id=t-one&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.json.data.map((t: any) => t.amount));
      cursor = res.json.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00', '-2.50']);
  });

  it.each(['?limit=0', '?limit=501', '?limit=x', '?cursor=bogus', '?entry_type=Bad-Type', '?external_user_id=a@b'])(
    'refuses %s with 400',
    async (query) => {
      expectEnvelope(await list(query), 'validation_failed', 400);
    },
  );

  it("shows a tenant only its own environment's transactions", async () => {
    const other = await createTenant(service);
    expect((await list('', other.sandboxKey)).json.data).toEqual([]);
    expect((await list('', tenant.liveKey, 'live')).json.data).toEqual([]);
    // A cursor from one tenant's list shows nothing of it to another tenant.
    const page = await list('?limit=1');
    expect((await list(`?cursor=${page.json.next_cursor}`, other.sandboxKey)).json.data).toEqual([]);
  });
});
