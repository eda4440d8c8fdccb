import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariant, type TestService, type TestTenant } from './helpers.js';
import { auditRows, startPanelTest, textOf, type PanelClient } from './panel-client.js';
import { createMarket, fundedUser, operatorOpen } from './trading-helpers.js';

/**
 * Resolve, void and corrections through the platform panel: the preview's positions and
 * money, the confirm bound to it, and the money checked to the cent against the ledger.
 */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;

beforeAll(async () => ({ service, tenant, panel } = await startPanelTest()));
afterAll(() => service.stop());

describe('settlement through the preview', () => {
  it('previews a resolve with the positions and money it moves, changes nothing, then applies it on confirm', async () => {
    const market = await createMarket(service, tenant);
    const [yes] = market.outcomes.map((o) => o.id);
    const winner = await fundedUser(service, tenant.sandboxKey, 'winner');
    const loser = await fundedUser(service, tenant.sandboxKey, 'loser');
    await operatorOpen(service, tenant.sandboxKey, market, winner, '10.00', 0);
    await operatorOpen(service, tenant.sandboxKey, market, loser, '5.00', 1);

    const preview = await panel.get(`/panel/markets/${market.slug}/settle?change=resolve:${yes}`);
    expect(preview.status).toBe(200);
    const text = textOf(preview.html);
    expect(text).toMatch(/Positions that move 2 Of which win 1 Of which lose 1/);
    const paid = /data-testid="paid">([\d.]+)</.exec(preview.html)![1]!;
    expect(Number(paid)).toBeGreaterThan(10);
    expect((await service.platform('GET', `/platform/v1/markets/${market.slug}`)).json?.status ?? 'open').not.toBe(
      'resolved',
    );

    const change = /name="change" value="([^"]+)"/.exec(preview.html)![1]!;
    const expectField = /name="expect" value="([^"]+)"/.exec(preview.html)![1]!.replace(/&quot;/g, '"');
    const applied = await panel.post(`/panel/markets/${market.slug}/settle`, { change, expect: expectField });
    expect(applied.location).toBe(`/panel/markets/${market.slug}`);
    expect(textOf((await panel.get(applied.location!)).html)).toContain('is resolved: 2 positions moved.');
    const positions = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${winner}`, {
      key: tenant.sandboxKey,
    });
    expect(positions.json.data[0].state).toBe('settled_win');
    expect(positions.json.data[0].payout).toBe(paid);
    await expectLedgerInvariant(service.db, tenant.tenantId);
    const entry = (await auditRows(service, 'market.resolve', market.slug)).at(-1)!;
    expect(entry).toMatchObject({ who: 'panel:Ada', target: market.slug, outcome: 'done' });
    expect(entry.details).toMatchObject({ positions: 2, paid_to_users: paid });
  });

  it('refuses a confirm whose preview no longer holds, and applies nothing', async () => {
    const market = await createMarket(service, tenant);
    const [yes] = market.outcomes.map((o) => o.id);
    const user = await fundedUser(service, tenant.sandboxKey, 'late');
    await operatorOpen(service, tenant.sandboxKey, market, user, '3.00', 0);
    const first = await panel.get(`/panel/markets/${market.slug}/settle?change=resolve:${yes}`);
    const expectField = /name="expect" value="([^"]+)"/.exec(first.html)![1]!.replace(/&quot;/g, '"');
    await operatorOpen(service, tenant.sandboxKey, market, user, '2.00', 0); // the market moves on
    await panel.post(`/panel/markets/${market.slug}/settle`, { change: `resolve:${yes}`, expect: expectField });
    expect(textOf((await panel.get(`/panel/markets/${market.slug}`)).html)).toContain(
      'The market changed since the preview',
    );
    const positions = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
      key: tenant.sandboxKey,
    });
    expect(positions.json.data.every((p: any) => p.state === 'open')).toBe(true);
    expect((await auditRows(service, 'market.resolve', market.slug)).at(-1)!.outcome).toBe('state_conflict');
  });

  it('shows why a change cannot happen instead of a preview', async () => {
    const market = await createMarket(service, tenant);
    const page = await panel.get(`/panel/markets/${market.slug}/settle?change=correct-voided`);
    expect(page.status).toBe(409);
    expect(textOf(page.html)).toContain('only a resolved or voided market can be corrected');
  });
});

describe('settlement money, to the cent', () => {
  const confirm = async (slug: string, change: string) => {
    const preview = await panel.get(`/panel/markets/${slug}/settle?change=${change}`);
    expect(preview.status, textOf(preview.html)).toBe(200);
    const field = (name: string) => /name="NAME" value="([^"]+)"/.source.replace('NAME', name);
    const expectField = new RegExp(field('expect')).exec(preview.html)![1]!.replace(/&quot;/g, '"');
    const money = (id: string) => new RegExp(`data-testid="${id}">([\\d.]+)<`).exec(preview.html)![1]!;
    const shown = {
      positions: Number(/data-testid="positions">(\d+)</.exec(preview.html)![1]),
      paid: money('paid'),
      taken: money('taken'),
    };
    const res = await panel.post(`/panel/markets/${slug}/settle`, { change, expect: expectField });
    expect(res.status).toBe(303);
    return shown;
  };
  /** The money each way the ledger shows for a market's positions since `afterSeq`. */
  const ledgerMoney = async (positionIds: string[], afterSeq: bigint) => {
    const rows = await service.db
      .selectFrom('transactions')
      .select(['amount_minor'])
      .where('position_id', 'in', positionIds)
      .where('seq', '>', afterSeq)
      .where('entry_type', '!=', 'position_open')
      .execute();
    const sum = (sign: 1n | -1n) =>
      rows
        .map((r) => r.amount_minor)
        .filter((a) => a * sign > 0n)
        .reduce((a, b) => a + b, 0n) * sign;
    const fmt = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    return { paid: fmt(sum(1n)), taken: fmt(sum(-1n)) };
  };
  const lastSeq = async () =>
    (
      await service.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirstOrThrow()
    ).seq ?? 0n;

  it('voids, then corrects to resolved, then to the other outcome: each preview is what the ledger then shows', async () => {
    const market = await createMarket(service, tenant);
    const [yes, no] = market.outcomes.map((o) => o.id);
    const a = await fundedUser(service, tenant.sandboxKey, 'cents-a');
    const b = await fundedUser(service, tenant.sandboxKey, 'cents-b');
    const ids = [
      (await operatorOpen(service, tenant.sandboxKey, market, a, '7.13', 0)).id,
      (await operatorOpen(service, tenant.sandboxKey, market, b, '3.29', 1)).id,
    ];
    for (const [change, expected] of [
      ['void', { positions: 2, taken: '0.00' }],
      [`correct-resolved:${yes}`, { positions: 2 }],
      [`correct-resolved:${no}`, { positions: 2 }],
    ] as const) {
      const before = await lastSeq();
      const shown = await confirm(market.slug, change);
      expect(shown).toMatchObject(expected);
      expect(await ledgerMoney(ids, before), change).toEqual({ paid: shown.paid, taken: shown.taken });
    }
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('refuses a confirmed correction when someone else corrected the market meanwhile, though the totals match', async () => {
    const market = await createMarket(service, tenant);
    const [yes, no] = market.outcomes.map((o) => o.id);
    expect(
      (await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, { outcome_id: yes })).status,
    ).toBe(200);
    const preview = await panel.get(`/panel/markets/${market.slug}/settle?change=correct-voided`);
    const expectField = /name="expect" value="([^"]+)"/.exec(preview.html)![1]!.replace(/&quot;/g, '"');
    // No positions: every change of this market has the same totals, only its standing differs.
    expect(
      (
        await service.platform('POST', `/platform/v1/markets/${market.slug}/corrections`, {
          status: 'resolved',
          outcome_id: no,
        })
      ).status,
    ).toBe(200);
    await panel.post(`/panel/markets/${market.slug}/settle`, { change: 'correct-voided', expect: expectField });
    expect((await auditRows(service, 'market.correct', market.slug)).at(-1)!.outcome).toBe('state_conflict');
    expect((await panel.get(`/panel/markets/${market.slug}`)).html).toContain('<dd>resolved</dd>');
  });
});
