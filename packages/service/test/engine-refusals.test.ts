import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser } from './trading-helpers.js';
import {
  balanceOf,
  holdMarket,
  lastSeqOf,
  ledgerOf,
  openBody,
  positionCount,
  postBatch,
  postOpen,
  postSync,
  raiseLimits,
  sleep,
  type OpenBody,
} from './engine-helpers.js';

/**
 * One refusal in a round leaves the others applied (issue 28): many commands on two markets go into one
 * round (both markets are held from outside while they arrive, then let go together), some of them refused
 * for reasons that do not depend on their order. Each refusal changes nothing and spends nothing it must
 * not; every other command applies.
 */

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  await raiseLimits(service, tenant);
});
afterAll(() => service?.stop());

describe('a round with refusals in it', () => {
  it('refuses each refused command alone and applies every other', async () => {
    const caps = { max_open_stake_per_user: '1000.00' };
    const [m1, m2] = [await createMarket(service, tenant, caps), await createMarket(service, tenant, caps)];
    const rich = await Promise.all([0, 1, 2, 3].map((i) => fundedUser(service, tenant.sandboxKey, `rich${i}`)));
    const poor = await fundedUser(service, tenant.sandboxKey, 'poor', '1.00');
    const stranger = `stranger-${uniqueKey()}`;
    const mark = await lastSeqOf(service, tenant.tenantId);

    type Ask = { what: string; send: () => Promise<Response>; status: number; error?: string };
    const open = (what: string, body: OpenBody, status: number, error?: string): Ask => {
      const key = uniqueKey('round');
      return { what, send: () => postOpen(service, tenant, body, key), status, error };
    };
    const asks: Ask[] = [];
    const stakes = new Map<string, number>(rich.map((u) => [u, 0]));
    for (let i = 0; i < 16; i++) {
      const user = rich[i % 4]!;
      const stake = 2 + (i % 5);
      stakes.set(user, stakes.get(user)! + stake);
      asks.push(open(`open #${i}`, openBody(i % 2 ? m2 : m1, user, `${stake}.00`, i % 3 === 0 ? 1 : 0), 201));
    }
    const credits = rich.map((user) => ({ external_user_id: user, direction: 'credit', amount: '3.00' }));
    for (const body of credits) {
      const key = uniqueKey('round-sync');
      asks.push({
        what: `credit ${body.external_user_id}`,
        send: () => postSync(service, tenant, body, key),
        status: 200,
      });
    }
    // The refusals, each certain whatever the order: the prices stay far above 0.01 with these stakes.
    const refused = [
      open('over the balance', openBody(m1, poor, '5.00'), 409, 'would_overdraw'),
      open('price moved', openBody(m2, rich[0]!, '2.00', 0, '0.01'), 409, 'price_moved'),
      open('over the per-position cap', openBody(m1, rich[1]!, '60.00'), 409, 'stake_limit_exceeded'),
      open(
        'unknown market',
        { ...openBody(m1, rich[2]!, '2.00'), market_slug: `nowhere-${m1.slug}` },
        400,
        'validation_failed',
      ),
      open('unknown user', openBody(m2, stranger, '2.00'), 404, 'unknown_user'),
    ];
    const overdraw = { external_user_id: poor, direction: 'debit', amount: '2.00' };
    const overdrawKey = uniqueKey('round-overdraw');
    refused.push({
      what: 'debit over the balance',
      send: () => postSync(service, tenant, overdraw, overdrawKey),
      status: 409,
      error: 'would_overdraw',
    });
    // Interleaved, so that refusals stand between the commands that apply.
    const all = asks.flatMap((ask, i) => (i < refused.length ? [ask, refused[i]!] : [ask]));

    const held = [await holdMarket(m1.slug), await holdMarket(m2.slug)];
    let answers: Response[];
    try {
      const sent = Promise.all(all.map((ask) => ask.send()));
      await sleep(500);
      for (const h of held) await h.release();
      answers = await sent;
    } finally {
      for (const h of held) await h.release();
    }
    all.forEach((ask, i) => {
      const res = answers[i]!;
      expect(res.status, `${ask.what}: ${res.text}`).toBe(ask.status);
      if (ask.error) expectEnvelope(res, ask.error, ask.status);
    });
    expect(answers[all.indexOf(refused[2]!)]!.json.details).toEqual({ remaining: '50.00' });

    // The others applied: their positions, their ledger rows, their balances; the refusals nothing.
    expect(await positionCount(service, m1.slug)).toBe(8);
    expect(await positionCount(service, m2.slug)).toBe(8);
    expect(await ledgerOf(service, tenant.tenantId, mark)).toHaveLength(16 + 4);
    for (const user of rich)
      expect(await balanceOf(service, tenant, user), user).toBe(`${1000 + 3 - stakes.get(user)!}.00`);
    expect(await balanceOf(service, tenant, poor)).toBe('1.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);

    // The refused opens were recorded and did not spend their keys: each runs again under the same key.
    const rejections = await service.api('sandbox', 'GET', `/v1/position-rejections?external_user_id=${poor}`, {
      key: tenant.sandboxKey,
    });
    expect(rejections.json.data.map((r: { error: string }) => r.error)).toEqual(['would_overdraw']);
    expect(
      (await postSync(service, tenant, { external_user_id: poor, direction: 'credit', amount: '10.00' })).status,
    ).toBe(200);
    const retried = await refused[0]!.send();
    expect(retried.status, retried.text).toBe(201);
    // The debit's would_overdraw is stored with its key (docs/operator-api.md, "Balance sync"): the same answer again.
    const again = await postSync(service, tenant, overdraw, overdrawKey);
    expect(again.text).toBe(answers[all.indexOf(refused[5]!)]!.text);
    expect(await balanceOf(service, tenant, poor)).toBe('6.00');
  });

  it('answers a batch whose items are refused one by one and applies the rest', async () => {
    const users = await Promise.all([0, 1, 2].map((i) => fundedUser(service, tenant.sandboxKey, `batch${i}`, '5.00')));
    const mark = await lastSeqOf(service, tenant.tenantId);
    const item = (user: string, direction: string, amount: string) => ({
      idempotency_key: uniqueKey('item'),
      external_user_id: user,
      direction,
      amount,
    });
    const items = [
      item(users[0]!, 'debit', '6.00'), // would_overdraw
      item(users[0]!, 'credit', '2.00'),
      item(users[1]!, 'debit', '5.00'),
      item(`stranger-${uniqueKey()}`, 'credit', '1.00'), // unknown_user
      item(users[1]!, 'debit', '0.01'), // would_overdraw: the debit before took it all
      item(users[2]!, 'credit', '1.00'),
      item(users[0]!, 'debit', '7.00'), // applies: the credit before brought the balance to 7.00
    ];
    const [res, alone] = await Promise.all([
      postBatch(service, tenant, items),
      postSync(service, tenant, { external_user_id: users[2], direction: 'debit', amount: '1.00' }),
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.results.map((r: { status: number }) => r.status)).toEqual([409, 200, 200, 404, 409, 200, 200]);
    expect(res.json.results[0].body.error).toBe('would_overdraw');
    expect(res.json.results[3].body.error).toBe('unknown_user');
    expect(res.json.results[4].body.error).toBe('would_overdraw');
    expect(alone.status, alone.text).toBe(200);
    expect(await balanceOf(service, tenant, users[0]!)).toBe('0.00');
    expect(await balanceOf(service, tenant, users[1]!)).toBe('0.00');
    expect(await balanceOf(service, tenant, users[2]!)).toBe('5.00');
    expect(await ledgerOf(service, tenant.tenantId, mark)).toHaveLength(5);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
