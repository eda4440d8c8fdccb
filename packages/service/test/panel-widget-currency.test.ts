import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService } from './helpers.js';
import { startPanelTest, textOf, type PanelClient } from './panel-client.js';

/** The widget currency through the platform panel's widget settings form, as the platform API takes it. */
let service: TestService;
let panel: PanelClient;

beforeAll(async () => ({ service, panel } = await startPanelTest()));
afterAll(() => service.stop());

const sandboxWidget = async (tenantId: string) =>
  (await service.platform('GET', `/platform/v1/tenants/${tenantId}`)).json.environments.find(
    (e: { environment: string }) => e.environment === 'sandbox',
  ).widget;

describe('the panel widget settings form', () => {
  it('names the currency, saves it, and refuses a bad one with the rule in words', async () => {
    const own = await createTenant(service);
    const back = `/panel/tenants/${own.tenantId}`;
    const page = textOf((await panel.get(back)).html);
    expect(page).toContain('Widget settings (JSON: theme, scheme, locales, default_locale, currency)');
    expect(page).toContain('&quot;currency&quot;: null');

    await panel.post(`${back}/environments/sandbox/widget`, { widget: '{"currency":"pts"}' });
    expect(await sandboxWidget(own.tenantId)).toMatchObject({ currency: 'pts' });
    expect(textOf((await panel.get(back)).html)).toContain('&quot;currency&quot;: &quot;pts&quot;');

    await panel.post(`${back}/environments/sandbox/widget`, { widget: '{"currency":"$$$"}' });
    expect(textOf((await panel.get(back)).html)).toMatch(/currency: must be an ISO 4217 code such as EUR/);
    expect(await sandboxWidget(own.tenantId)).toMatchObject({ currency: 'pts' });
  });
});
