import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService } from './helpers.js';
import { formFields, startPanelTest, type PanelClient } from './panel-client.js';

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
  it('names the currency, saves it, and refuses a bad one with the rule in words beside it', async () => {
    const own = await createTenant(service);
    const back = `/panel/tenants/${own.tenantId}`;
    const action = `${back}/environments/sandbox/widget`;
    const page = await panel.get(back);
    expect(page.html).toContain('<label for="sandbox-widget-currency">Currency</label>');
    expect(formFields(page.html, action).currency).toBe('');

    await panel.post(action, { ...formFields(page.html, action), currency: 'pts' });
    expect(await sandboxWidget(own.tenantId)).toMatchObject({ currency: 'pts' });
    const saved = await panel.get(back);
    expect(formFields(saved.html, action).currency).toBe('pts');

    await panel.post(action, { ...formFields(saved.html, action), currency: '$$$' });
    const refused = await panel.get(back);
    expect(refused.html).toMatch(
      /<p class="field-error" id="sandbox-widget-currency-error">Must be an ISO 4217 code such as EUR/,
    );
    expect(formFields(refused.html, action).currency).toBe('$$$');
    expect(await sandboxWidget(own.tenantId)).toMatchObject({ currency: 'pts' });
  });
});
