import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectEnvelope, startTestService, type TestService, type TestTenant } from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/** The widget's display currency: set by the platform, shown by GET /v1/widget/config. */
let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const settingsPath = (t: TestTenant) => `/platform/v1/tenants/${t.tenantId}/environments/sandbox`;
const configOf = async (t: TestTenant, name: string) => {
  const token = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, name));
  const res = await service.api('sandbox', 'GET', '/v1/widget/config', { key: token });
  expect(res.status).toBe(200);
  return res.json;
};

describe('widget currency', () => {
  it('is null until set, then an ISO 4217 code or a unit text as given, and null again when cleared', async () => {
    const t = await createTenant(service);
    expect((await configOf(t, 'none')).currency).toBeNull();

    for (const [i, currency] of ['EUR', 'JPY', 'pts', 'gold 24', 'Punkte', 'نقاط'].entries()) {
      const set = await service.platform('PUT', settingsPath(t), { widget: { currency } });
      expect(set.status, set.text).toBe(200);
      expect(set.json.widget.currency).toBe(currency);
      expect((await configOf(t, `set${i}`)).currency).toBe(currency);
    }
    // Another widget field leaves the currency as it is; null clears it.
    const other = await service.platform('PUT', settingsPath(t), { widget: { scheme: 'dark' } });
    expect(other.json.widget).toMatchObject({ scheme: 'dark', currency: 'نقاط' });
    const cleared = await service.platform('PUT', settingsPath(t), { widget: { currency: null } });
    expect(cleared.json.widget).toMatchObject({ scheme: 'dark', currency: null });
    expect((await configOf(t, 'cleared')).currency).toBeNull();
  });

  it('refuses anything else with 400 validation_failed naming /widget/currency, and changes nothing', async () => {
    const t = await createTenant(service);
    await service.platform('PUT', settingsPath(t), { widget: { currency: 'USD', scheme: 'light' } });
    for (const currency of [
      '',
      ' ',
      'points123',
      'pts.',
      '€',
      '$',
      '<b>x</b>',
      'a\u0000b',
      'a\nb',
      '\u202eUSD',
      'pts\u2069',
      ' pts',
      'a'.repeat(100),
      12,
      true,
    ]) {
      const res = await service.platform('PUT', settingsPath(t), { widget: { currency, scheme: 'dark' } });
      expectEnvelope(res, 'validation_failed', 400);
      expect(JSON.stringify(res.json.details), JSON.stringify(currency)).toContain('/widget/currency');
    }
    expect(await configOf(t, 'kept')).toMatchObject({ currency: 'USD', scheme: 'light' });
  });

  it("shows a tenant only its own environment's currency", async () => {
    const mine = await createTenant(service);
    const theirs = await createTenant(service);
    await service.platform('PUT', settingsPath(theirs), { widget: { currency: 'GBP' } });
    expect((await configOf(mine, 'iso')).currency).toBeNull();
    expect((await configOf(theirs, 'iso')).currency).toBe('GBP');
    const live = await service.platform('GET', `/platform/v1/tenants/${theirs.tenantId}`);
    expect(live.json.environments.find((e: { environment: string }) => e.environment === 'live').widget.currency).toBe(
      null,
    );
  });
});
