import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { createTenant, type TestService } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { PanelClient, textOf } from './panel-client.js';
import { reconciliationHelpers } from './reconciliation-helpers.js';

/**
 * The panel's reconciliation page (docs/operations.md, "The platform panel"): when it last ran, what it
 * checked (tenants, users, balances) and found (linked to that run's discrepancies), and when its
 * schedule runs it next. A run reads every user of the database, so this file has a database of its own.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let panel: PanelClient;

beforeAll(async () => {
  service = await startServiceOnOwnDatabase({ clock });
  panel = await PanelClient.signedIn(service);
});
afterAll(() => service?.stop());

const { userWith } = reconciliationHelpers(() => service);

/** The text of a data-testid'd element of the page. */
const fact = (html: string, testId: string) =>
  textOf(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(?:dd|p)>`, 's').exec(html)?.[1] ?? '').trim();

describe('the reconciliation page', () => {
  it('says no run has finished yet, and when the schedule runs it next', async () => {
    const page = await panel.get('/panel/reconciliation');
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain('Last run No run has finished yet.');
    // 12:00Z now: the next 02:00 UTC is tomorrow's, 14 hours away.
    expect(fact(page.html, 'next-run')).toBe('2026-06-02 02:00:00Z (in 14 h), on its schedule: daily at 02:00 UTC');
  });

  it('says what the last run checked and found, the count linking to that run’s discrepancies', async () => {
    // Two tenants with users: four users, three balances to compare, two that disagree, one with nothing reported.
    const north = await createTenant(service);
    const south = await createTenant(service);
    await userWith(north, [{ direction: 'credit', amount: '100.00', resulting_balance: '100.00' }]);
    const wrongNorth = await userWith(north, [{ direction: 'credit', amount: '50.00', resulting_balance: '55.00' }]);
    await userWith(south, [{ direction: 'credit', amount: '10.00' }], { environment: 'live' });
    const wrongSouth = await userWith(south, [{ direction: 'credit', amount: '20.00', resulting_balance: '19.00' }], {
      environment: 'live',
    });
    // Someone else's tenant with no user is not a tenant the run goes through.
    await createTenant(service);

    const ran = await panel.post('/panel/reconciliation/runs', {});
    expect(ran.status).toBe(303);
    const page = await panel.get('/panel/reconciliation');
    expect(textOf(page.html)).toContain('Run over: 3 users checked, 2 new discrepancies, 1 unverifiable.');
    expect(fact(page.html, 'last-ran')).toBe(
      '2026-06-01 12:00:00Z, for less than a second (run now, from the panel or the platform API)',
    );
    expect(fact(page.html, 'last-checked')).toBe(
      '2 tenants and 4 users: 3 balances compared with the ledger, 1 user with no balance reported to compare (unverifiable)',
    );
    const stored = await service.db
      .selectFrom('reconciliation_runs')
      .select(['id', 'tenants_checked', 'users_checked', 'unverifiable', 'discrepancies'])
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tenants_checked: 2n, users_checked: 3n, unverifiable: 1n, discrepancies: 2n });
    const link = `/panel/reconciliation?run=${stored.id}#found`;
    expect(page.html).toContain(`<a href="${link}">2 new discrepancies</a>`);

    const found = await panel.get(link.replace('#found', ''));
    expect(found.status).toBe(200);
    expect(textOf(found.html)).toContain(
      `Discrepancies of one run, oldest first (the first 100) Found by run ${stored.id} . All discrepancies`,
    );
    expect(found.html).toContain(`<td>${wrongNorth.id}</td>`);
    expect(found.html).toContain(`<td>${wrongSouth.id}</td>`);
    expect(found.html.match(/<td>[^<]*recon[^<]*<\/td>/g)).toHaveLength(2);
  });

  it('says a run that found nothing new, and lists every run’s discrepancies without a run (or with a malformed one)', async () => {
    clock.advance(60_000);
    await panel.post('/panel/reconciliation/runs', {});
    const page = await panel.get('/panel/reconciliation');
    expect(fact(page.html, 'last-found')).toBe('No new discrepancy');
    expect(fact(page.html, 'last-ran')).toMatch(/^2026-06-01 12:01:00Z/);
    expect(fact(page.html, 'last-checked')).toMatch(/^2 tenants and 4 users: /);
    for (const path of ['/panel/reconciliation', '/panel/reconciliation?run=not-a-uuid']) {
      const all = await panel.get(path);
      expect(all.status, path).toBe(200);
      expect(textOf(all.html)).toContain('Discrepancies, oldest first (the first 100)');
      expect(all.html.match(/<td>[^<]*recon[^<]*<\/td>/g), path).toHaveLength(2);
    }
  });

  it('says a later run has not finished, and leaves out the tenants of a run that did not count them', async () => {
    const last = await service.db
      .selectFrom('reconciliation_runs')
      .select('id')
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    // A run from before migration 0038 did not count tenants.
    await service.db
      .updateTable('reconciliation_runs')
      .set({ tenants_checked: null })
      .where('id', '=', last.id)
      .execute();
    clock.advance(60_000);
    await service.db
      .insertInto('reconciliation_runs')
      .values({ id: newId(), started_at: clock.now(), trigger: 'schedule' })
      .execute();
    const page = await panel.get('/panel/reconciliation');
    expect(fact(page.html, 'unfinished-run')).toBe(
      'A run started 2026-06-01 12:02:00Z (on its schedule) has not finished: it is under way, or it stopped half ' +
        'way. What it found so far is kept and listed below; the next run reports the rest.',
    );
    expect(fact(page.html, 'last-checked')).toMatch(/^4 users: 3 balances compared with the ledger/);
    expect(fact(page.html, 'last-ran')).toMatch(/^2026-06-01 12:01:00Z/);
  });
});
