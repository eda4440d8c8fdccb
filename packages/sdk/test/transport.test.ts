import { describe, expect, it } from 'vitest';
import { createOperatorClient } from '../src/index.js';

/**
 * What the client sends, attempt by attempt, as seen by the transport under it (no service: these are
 * answers a service would rarely give on purpose, a gateway's empty 502 or a page that is not JSON).
 */
function recording(answer: (attempt: number) => Response | Error) {
  const sent: { method: string; key: string | null; body: string }[] = [];
  const pm = createOperatorClient({
    baseUrl: 'http://service.test',
    credential: 'pmk_sandbox_x',
    retry: { sleep: async () => {} },
    fetch: async (request) => {
      sent.push({ method: request.method, key: request.headers.get('idempotency-key'), body: await request.text() });
      const next = answer(sent.length);
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return { pm, sent };
}
const failure = () =>
  new Response(JSON.stringify({ error: 'internal_error', message: 'x', request_id: 'r' }), {
    status: 500,
  });
const deposit = { external_user_id: 'u-1', direction: 'credit' as const, amount: '5.00' };
const depositKey = { header: { 'idempotency-key': 'deposit-1' } };

describe('the client under its transport', () => {
  it('sends a keyed write again with one key and the same bytes each time', async () => {
    const { pm, sent } = recording(failure);
    const res = await pm.POST('/v1/balance-sync', { params: depositKey, body: deposit });
    expect(res.error).toMatchObject({ status: 500, code: 'internal_error', idempotency_key: 'deposit-1' });
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((s) => `${s.key} ${s.body}`)).size).toBe(1);
    expect(sent[0]!.key).toBe('deposit-1');
  });

  it('uses the caller’s key given in params.header or in headers, in any case, and only that one', async () => {
    const ticket = { subject: 'A payout', body: 'Looks low.' };
    for (const init of [
      { params: { header: { 'idempotency-key': 'ticket-1' } }, body: ticket },
      { headers: { 'Idempotency-Key': 'ticket-1' }, body: ticket },
    ]) {
      const { pm, sent } = recording(() => new Response('{"id":"t","status":"open","created_at":"x"}'));
      expect((await pm.POST('/v1/support-tickets', init)).data?.id).toBe('t');
      expect(sent.map((s) => s.key)).toEqual(['ticket-1']);
    }
    // A keyed route that moves no money gets a key of its own when the caller gives none.
    const { pm, sent } = recording(() => new Response('{"id":"t","status":"open","created_at":"x"}'));
    await pm.POST('/v1/support-tickets', { body: ticket });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not send a write without a key again after a failure, but does a PUT and a read', async () => {
    const mint = recording(failure);
    await mint.pm.POST('/v1/widget/sessions', { body: { external_user_id: 'u-1' } });
    expect(mint.sent).toHaveLength(1);
    const put = recording(() => new TypeError('fetch failed'));
    const res = await put.pm.PUT('/v1/users/{external_user_id}', {
      params: { path: { external_user_id: 'u-1' } },
      body: { status: 'active' },
    });
    expect(res.error).toMatchObject({ status: 0, code: 'network_error' });
    expect(put.sent.map((s) => s.method)).toEqual(Array(5).fill('PUT'));
  });

  it('answers an empty error body, and a success that is not JSON, as unexpected_response, never as data', async () => {
    const empty = recording(() => new Response(null, { status: 401 }));
    const refused = await empty.pm.GET('/v1/markets');
    expect(refused.data).toBeUndefined();
    expect(refused.error).toMatchObject({ status: 401, code: 'unexpected_response' });
    const page = recording(() => new Response('<html>maintenance</html>', { status: 200 }));
    const odd = await page.pm.POST('/v1/widget/sessions', { body: { external_user_id: 'u-1' } });
    expect(odd.error).toMatchObject({ status: 200, code: 'unexpected_response' });
  });

  it('stops at once when the caller aborts, and says so', async () => {
    const { pm, sent } = recording(() => new TypeError('fetch failed'));
    const controller = new AbortController();
    controller.abort();
    const res = await pm.GET('/v1/markets', { signal: controller.signal });
    expect(res.error?.code).toBe('aborted');
    expect(sent.length).toBeLessThanOrEqual(1);
  });
});
