import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The platform team's part, done here only because the example runs against a local `npm start`: a
 * tenant of its own with a sandbox key, the demo markets enabled, and webhooks pointed at the example's
 * receiver with a fresh secret. A real operator is handed its key and secret during onboarding.
 */
export interface Onboarded {
  apiKey: string;
  webhookSecret: string;
}

const DEMO_MARKETS = ['demo-rain-berlin-friday', 'demo-cup-final', 'demo-rocket-launch', 'demo-city-poll'];

/** PLATFORM_ADMIN_TOKEN when the service was given one, else the one `npm start` keeps in DATA_DIR/secrets.json. */
export async function localAdminToken(dataDir: string): Promise<string> {
  if (process.env.PLATFORM_ADMIN_TOKEN) return process.env.PLATFORM_ADMIN_TOKEN;
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    platformAdminToken: string;
  };
  return secrets.platformAdminToken;
}

export async function onboard(platformUrl: string, adminToken: string, webhookUrl: string): Promise<Onboarded> {
  const platform = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${platformUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => null)) as Record<string, string> | null;
    return { status: res.status, json };
  };
  const tenant = await platform('POST', '/platform/v1/tenants', { name: 'Example operator' });
  if (tenant.status !== 201) throw new Error(`creating the tenant: ${tenant.status} ${JSON.stringify(tenant.json)}`);
  const tenantPath = `/platform/v1/tenants/${tenant.json!.id}`;
  const key = await platform('POST', `${tenantPath}/api-keys`, {
    environment: 'sandbox',
    scopes: ['write:sync', 'write:positions', 'read:markets', 'read:reports', 'write:tickets'],
  });
  if (key.status !== 201) throw new Error(`issuing a key: ${key.status} ${JSON.stringify(key.json)}`);
  for (const slug of DEMO_MARKETS) await platform('PUT', `${tenantPath}/markets/${slug}`);
  const environment = `${tenantPath}/environments/sandbox`;
  const settings = await platform('PUT', environment, { webhook_url: webhookUrl });
  if (settings.status !== 200)
    throw new Error(
      `setting the webhook URL: ${JSON.stringify(settings.json)} (start the service with ALLOW_INSECURE_WEBHOOKS=1)`,
    );
  const secret = await platform('POST', `${environment}/webhook-secret`);
  if (secret.status !== 201)
    throw new Error(`issuing the webhook secret: ${secret.status} ${JSON.stringify(secret.json)}`);
  return { apiKey: key.json!.api_key!, webhookSecret: secret.json!.webhook_secret! };
}
