import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { expectLeaderboardMatchesPositions } from './leaderboard-check.js';
import { createMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';

/**
 * The leaderboard (docs/operator-api.md, "The widget's own routes"), on a story told through the
 * API: positions that end in April, in the week of 18 May and in the week of 25 May, read on
 * Wednesday 27 May 2026.
 */
const clock = new FakeClock('2026-04-15T10:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
const window = { opens_at: '2026-04-01T00:00:00Z', closes_at: '2026-12-31T00:00:00Z' };

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

/** The story jumps weeks, past any session's life: a request mints its session when it is made. */
interface Player {
  id: string;
  tenant: TestTenant;
  /** Realised profit in cents, from the positions' own payouts and stakes. */
  pnl: number;
  positions: number;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const asAmount = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

async function player(t: TestTenant, name: string | null): Promise<Player> {
  const id = await fundedUser(service, t.sandboxKey, 'lb');
  const p = { id, tenant: t, pnl: 0, positions: 0 };
  if (name !== null) await setProfile(p, name, true);
  return p;
}

async function setProfile(p: Player, name: string, shown: boolean): Promise<void> {
  const res = await service.api('sandbox', 'PUT', '/v1/widget/profile', {
    key: await sessionFor(service, p.tenant.sandboxKey, p.id),
    body: { display_name: name, show_on_leaderboard: shown },
  });
  expect(res.status, res.text).toBe(200);
}

async function open(p: Player, market: TestMarket, outcome: number, stake: string, t = tenant): Promise<string> {
  const res = await service.api('sandbox', 'POST', '/v1/positions', {
    key: t.sandboxKey,
    idempotencyKey: uniqueKey(),
    body: {
      external_user_id: p.id,
      market_slug: market.slug,
      outcome_id: market.outcomes[outcome]!.id,
      stake,
      max_price: '0.99',
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}

/** Adds what the ended position made to the player's expected standing. */
async function ended(p: Player, positionId: string, t = tenant): Promise<void> {
  const read = await service.api('sandbox', 'GET', `/v1/positions/${positionId}`, { key: t.sandboxKey });
  expect(read.json.state).not.toBe('open');
  p.pnl += cents(read.json.payout) - cents(read.json.stake);
  p.positions += 1;
}

async function close(p: Player, positionId: string): Promise<void> {
  const res = await service.api('sandbox', 'POST', `/v1/positions/${positionId}/close`, {
    key: tenant.sandboxKey,
    idempotencyKey: uniqueKey(),
    body: { min_price: '0.01' },
  });
  expect(res.status, res.text).toBe(200);
  await ended(p, positionId);
}

const board = async (p: Player, query = '') =>
  service.api('sandbox', 'GET', `/v1/widget/leaderboard${query}`, {
    key: await sessionFor(service, p.tenant.sandboxKey, p.id),
  });

describe('the leaderboard', () => {
  let may: TestMarket;
  const mayPosition = new Map<Player, string>();
  let ann: Player, bob: Player, cat: Player, dan: Player, eve: Player, fay: Player, gus: Player, hidden: Player;

  beforeAll(async () => {
    const named = (n: string) => player(tenant, `${n} ${process.pid % 1000}`);
    [ann, bob, cat, dan, eve, fay, gus] = [
      await named('Ann'),
      await named('Bob'),
      await named('Cat'),
      await named('Dan'),
      await named('Eve'),
      await named('Fay'),
      await named('Gus'),
    ];
    hidden = await player(tenant, null);

    // April: Fay opens and closes (ends in April: in "all" only).
    const april = await createMarket(service, tenant, window);
    clock.set('2026-04-20T09:00:00Z');
    await close(fay, await open(fay, april, 0, '20.00'));

    // Bob and Cat lose the same 5.00 and Gus 8.00 on Yes; Ann and the hidden user win on No; it resolves No
    // on Wednesday 20 May (this month, last week).
    may = await createMarket(service, tenant, window);
    const bets = [
      [bob, 0, '5.00'],
      [cat, 0, '5.00'],
      [gus, 0, '8.00'],
      [ann, 1, '5.00'],
      [hidden, 1, '30.00'],
    ] as const;
    for (const [p, outcome, stake] of bets) mayPosition.set(p, await open(p, may, outcome, stake));
    clock.set('2026-05-20T15:00:00Z');
    const resolved = await service.platform('POST', `/platform/v1/markets/${may.slug}/resolve`, {
      outcome_id: may.outcomes[1]!.id,
    });
    expect(resolved.status, resolved.text).toBe(200);
    for (const [p] of bets) await ended(p, mayPosition.get(p)!);

    // Monday 25 May (this week): Eve opens and closes; Dan opens and is still open (never counted).
    clock.set('2026-05-25T08:00:00Z');
    const week = await createMarket(service, tenant, window);
    await close(eve, await open(eve, week, 0, '10.00'));
    await open(dan, week, 1, '10.00');
    clock.set('2026-05-27T12:00:00Z');
  });

  const entry = (p: Player, rank: number, name: string) => ({
    rank,
    display_name: name,
    pnl: asAmount(p.pnl),
    positions: p.positions,
  });
  const nameOf = (n: string) => `${n} ${process.pid % 1000}`;

  it('ranks the shown users by exact realised profit of the month, ties sharing a rank (1, 2, 2, 4)', async () => {
    // Sanity of the story: losses are exact, Ann won.
    expect([bob.pnl, cat.pnl, gus.pnl]).toEqual([-500, -500, -800]);
    expect(ann.pnl).toBeGreaterThan(0);
    expect(eve.pnl).toBeLessThanOrEqual(0);
    const res = await board(ann, '?period=month');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      period: 'month',
      from: '2026-05-01T00:00:00.000Z',
      entries: [
        entry(ann, 1, nameOf('Ann')),
        entry(eve, 2, nameOf('Eve')),
        entry(bob, 3, nameOf('Bob')),
        entry(cat, 3, nameOf('Cat')),
        entry(gus, 5, nameOf('Gus')),
      ],
      me: { rank: 1, pnl: asAmount(ann.pnl), positions: 1 },
    });
  });

  it('takes each period from its own start: day, week from Monday, all', async () => {
    const day = await board(bob, '?period=day');
    expect(day.json).toEqual({ period: 'day', from: '2026-05-27T00:00:00.000Z', entries: [], me: null });
    const week = await board(bob);
    expect(week.json).toEqual({
      period: 'week',
      from: '2026-05-25T00:00:00.000Z',
      entries: [entry(eve, 1, nameOf('Eve'))],
      me: null,
    });
    const all = await board(fay, '?period=all');
    expect(all.json.from).toBeNull();
    expect(all.json.entries.map((e: any) => e.display_name)).toContain(nameOf('Fay'));
    expect(all.json.entries).toHaveLength(6);
    expect(all.json.me).toMatchObject({ pnl: asAmount(fay.pnl), positions: 1 });
  });

  it("gives a user who is not shown its standing as 'me', and never lists it", async () => {
    const res = await board(hidden, '?period=month');
    expect(res.json.entries.map((e: any) => e.display_name)).not.toContain(null);
    expect(res.json.entries).toHaveLength(5);
    // It won the most: it would rank first, with Ann still listed first.
    expect(hidden.pnl).toBeGreaterThan(ann.pnl);
    expect(res.json.me).toEqual({ rank: 1, pnl: asAmount(hidden.pnl), positions: 1 });
    // A user who hides itself leaves the list but keeps its own standing.
    await setProfile(gus, nameOf('Gus'), false);
    const after = await board(gus, '?period=month');
    expect(after.json.entries).toHaveLength(4);
    expect(after.json.me).toEqual({ rank: 5, pnl: '-8.00', positions: 1 });
  });

  it('cuts the list at limit and refuses bad parameters', async () => {
    const two = await board(ann, '?period=month&limit=2');
    expect(two.json.entries.map((e: any) => e.rank)).toEqual([1, 2]);
    for (const query of ['?period=year', '?limit=0', '?limit=101', '?limit=x'])
      expectEnvelope(await board(cat, query), 'validation_failed', 400);
  });

  it('never shows users of another tenant, even under the same name', async () => {
    const elsewhere = await createTenant(service);
    const stranger = await player(elsewhere, nameOf('Ann'));
    const market = await createMarket(service, elsewhere, window);
    const id = await open(stranger, market, 0, '5.00', elsewhere);
    const closed = await service.api('sandbox', 'POST', `/v1/positions/${id}/close`, {
      key: elsewhere.sandboxKey,
      idempotencyKey: uniqueKey(),
      body: { min_price: '0.01' },
    });
    expect(closed.status).toBe(200);
    await ended(stranger, id, elsewhere);
    const theirs = await board(stranger, '?period=all');
    expect(theirs.json.entries).toEqual([entry(stranger, 1, nameOf('Ann'))]);
    const ours = await board(ann, '?period=all');
    expect(ours.json.entries).toHaveLength(5); // Gus hid himself above

    expect(ours.json.entries.filter((e: any) => e.display_name === nameOf('Ann'))).toEqual([
      entry(ann, ours.json.entries.find((e: any) => e.display_name === nameOf('Ann')).rank, nameOf('Ann')),
    ]);
  });

  it('follows a settlement correction and a void of positions that already ended, in the period they ended in', async () => {
    const read = async () => (await board(bob, '?period=month')).json;
    const corrected = await service.platform('POST', `/platform/v1/markets/${may.slug}/corrections`, {
      status: 'resolved',
      outcome_id: may.outcomes[0]!.id,
    });
    expect(corrected.status, corrected.text).toBe(200);
    const after = await read();
    // Yes won after all. Ann, Bob and Cat each ended only that position this month: their pnl is its new one.
    const ranked = Object.fromEntries(after.entries.map((e: any) => [e.display_name, e]));
    for (const p of [ann, bob, cat]) {
      const position = (
        await service.api('sandbox', 'GET', `/v1/positions/${mayPosition.get(p)}`, { key: tenant.sandboxKey })
      ).json;
      const name = nameOf(['Ann', 'Bob', 'Cat'][[ann, bob, cat].indexOf(p)]!);
      expect(ranked[name]).toMatchObject({
        pnl: asAmount(cents(position.payout) - cents(position.stake)),
        positions: 1,
      });
    }
    expect(ranked[nameOf('Ann')].pnl).toBe('-5.00');
    expect(after.me).toMatchObject({ rank: ranked[nameOf('Bob')].rank, pnl: ranked[nameOf('Bob')].pnl, positions: 1 });

    const voided = await service.platform('POST', `/platform/v1/markets/${may.slug}/corrections`, { status: 'voided' });
    expect(voided.status, voided.text).toBe(200);
    const refunded = Object.fromEntries((await read()).entries.map((e: any) => [e.display_name, e]));
    // A refund is a position that ended at 0.00: it still counts, in the week and month it first ended.
    for (const name of ['Ann', 'Bob', 'Cat'])
      expect(refunded[nameOf(name)]).toMatchObject({ pnl: '0.00', positions: 1 });
    expect((await board(bob)).json.entries.map((e: any) => e.display_name)).toEqual([nameOf('Eve')]);
  });

  it('keeps every bucket equal to the positions that ended in it, recomputed from scratch', async () => {
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
