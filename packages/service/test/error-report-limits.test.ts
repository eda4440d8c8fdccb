import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeErrorReports } from '../src/domains/error-reports/index.js';
import { purgeRejections } from '../src/domains/positions/index.js';
import { cronItems, JOBS } from '../src/jobs/tasks.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, startTestService, type TestService } from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * What keeps the widget's error reports and the recorded position rejections bounded: a daily cap of
 * error reports per tenant environment (lowered to 3 here through the service's option), and 30 days
 * of retention for both tables.
 */
const CAP = 3;
const clock = new FakeClock('2026-11-26T22:00:00.000Z');
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock, errorReportsPerDay: CAP });
});
afterAll(() => service.stop());

const beacon = {
  code: 'widget_runtime_error',
  message: 'TypeError: x is undefined',
  widget_version: '1.0.0',
  occurred_at: '2026-11-26T21:59:00.000Z',
};
const report = (token: string, environment: 'sandbox' | 'live' = 'sandbox') =>
  service.api(environment, 'POST', '/v1/widget/error-reports', { key: token, body: beacon });
const stored = async (tenantId: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from widget_error_reports where tenant_id = ${tenantId}`.execute(
        service.db,
      )
    ).rows[0]!.n,
  );

describe('the daily cap of widget error reports', () => {
  it('refuses the report past the cap with 429 rate_limited until the next UTC day, storing nothing', async () => {
    const t = await createTenant(service);
    const token = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'cap'));
    const other = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'cap'));
    for (let i = 0; i < CAP; i++) expect((await report(i === 1 ? other : token)).status).toBe(202);

    const refused = await report(other);
    expectEnvelope(refused, 'rate_limited', 429);
    // 22:00:00Z: two hours to the next UTC day.
    expect(refused.headers.get('retry-after')).toBe(String(2 * 3600));
    expect(refused.json.details).toEqual({ limit: CAP, resets_at: '2026-11-27T00:00:00.000Z' });
    expect(await stored(t.tenantId)).toBe(CAP);

    // Another tenant and this tenant's other environment have their own counts.
    const stranger = await createTenant(service);
    const strangerToken = await sessionFor(
      service,
      stranger.sandboxKey,
      await fundedUser(service, stranger.sandboxKey, 'cap'),
    );
    expect((await report(strangerToken)).status).toBe(202);

    // A session lives 15 minutes: each later time gets a fresh one.
    clock.set('2026-11-26T23:59:59.500Z');
    const late = await report(await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'cap')));
    expectEnvelope(late, 'rate_limited', 429);
    expect(late.headers.get('retry-after')).toBe('1');

    clock.set('2026-11-27T00:00:00.000Z');
    const fresh = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'cap'));
    expect((await report(fresh)).status).toBe(202);
    expect(await stored(t.tenantId)).toBe(CAP + 1);
    clock.set('2026-11-26T22:00:00.000Z');
  });

  it('lets concurrent reports take exactly the places left', async () => {
    const t = await createTenant(service);
    const token = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'race'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => report(token)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(CAP);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8 - CAP);
    expect(await stored(t.tenantId)).toBe(CAP);
  });
});

describe('30 days of retention', () => {
  it('purges error reports and position rejections older than 30 days and keeps the newer ones', async () => {
    const t = await createTenant(service);
    const day = 86_400_000;
    const now = clock.now().getTime();
    const old = new Date(now - 30 * day - 60_000);
    const recent = new Date(now - 30 * day + 60_000);
    // More old rows than one batch of the purge, so a run must go round.
    await sql`
      insert into widget_error_reports (id, tenant_id, environment, external_user_id, code, message, widget_version,
                                        occurred_at, received_at)
      select gen_random_uuid(), ${t.tenantId}, 'sandbox', 'u', 'widget_runtime_error', 'old ' || i, '1.0.0',
             ${old}, ${old}
      from generate_series(1, 1500) i`.execute(service.db);
    await sql`
      insert into widget_error_reports (id, tenant_id, environment, external_user_id, code, message, widget_version,
                                        occurred_at, received_at)
      values (gen_random_uuid(), ${t.tenantId}, 'sandbox', 'u', 'widget_runtime_error', 'recent', '1.0.0',
              ${recent}, ${recent})`.execute(service.db);
    await sql`
      insert into widget_error_report_days (tenant_id, environment, day, reports)
      values (${t.tenantId}, 'sandbox', ${new Date(now - 31 * day)}, 1500), (${t.tenantId}, 'live', ${new Date(now - day)}, 2)`.execute(
      service.db,
    );
    for (const [at, user] of [
      [old, 'old-user'],
      [old, 'old-user'],
      [recent, 'recent-user'],
    ] as const) {
      await sql`
        insert into position_rejections (id, tenant_id, environment, external_user_id, action, code, request, created_at)
        values (gen_random_uuid(), ${t.tenantId}, 'sandbox', ${user}, 'open', 'price_moved', '{}', ${at})`.execute(
        service.db,
      );
    }

    expect(await purgeErrorReports(service.system())).toBeGreaterThanOrEqual(1500);
    expect(await purgeRejections(service.system())).toBeGreaterThanOrEqual(2);

    const reports = await service.platform('GET', `/platform/v1/widget-error-reports?tenant_id=${t.tenantId}`);
    expect(reports.json.data.map((r: { message: string }) => r.message)).toEqual(['recent']);
    const days = await service.db
      .selectFrom('widget_error_report_days')
      .select('environment')
      .where('tenant_id', '=', t.tenantId)
      .execute();
    expect(days).toEqual([{ environment: 'live' }]);
    const rejections = await service.api('sandbox', 'GET', '/v1/position-rejections?limit=500', {
      key: t.sandboxKey,
    });
    expect(rejections.status).toBe(200);
    expect(rejections.json.data.map((r: { external_user_id: string }) => r.external_user_id)).toEqual(['recent-user']);
  });

  it('runs both purges hourly on the job queue', () => {
    for (const task of [JOBS.purgeErrorReports, JOBS.purgePositionRejections])
      expect(cronItems.find((c) => c.task === task)?.match).toMatch(/^\d+ \* \* \* \*$/);
  });
});
