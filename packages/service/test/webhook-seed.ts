import { expect } from 'vitest';
import type { DeliveryState, Environment } from '../src/db/schema.js';
import type { TenantEnv } from '../src/domains/context.js';
import { recordEvent, type NewEvent } from '../src/domains/events/index.js';
import type { TestService } from './helpers.js';
import { PanelClient } from './panel-client.js';

/** Seeds webhook deliveries and their attempts in SQL, for the portal's webhooks screen and its tests. */

export interface SeedAttempt {
  at: Date;
  status?: number | null;
  error?: string | null;
  latencyMs?: number;
  /** False: not sent (no webhook secret); its error is then 'no webhook secret' unless given. */
  sent?: boolean;
  excerpt?: string | null;
  headers?: Record<string, string> | null;
}

/**
 * An event of `scope` at `at` (its delivery made by the enqueue trigger: the environment needs a webhook
 * URL), then its attempts and the state they led to. A pending one is next due a day after `at` unless
 * told, so that no delivery pass of the test picks it up.
 */
export async function seedDelivery(
  service: TestService,
  scope: TenantEnv,
  options: {
    at: Date;
    state: DeliveryState;
    type?: string;
    attempts?: SeedAttempt[];
    nextAttemptAt?: Date;
    url?: string;
  },
): Promise<string> {
  const type = options.type ?? 'market.voided';
  const event = { scope, type, data: { market_slug: `seeded-${type.replace('.', '-')}` } } as NewEvent;
  const id = await recordEvent(service.db, event, options.at);
  const attempts = options.attempts ?? [];
  for (const [i, a] of attempts.entries()) {
    const sent = a.sent !== false;
    await service.db
      .insertInto('webhook_attempts')
      .values({
        event_id: id,
        attempt: i + 1,
        attempted_at: a.at,
        url: options.url ?? 'https://hooks.example.com/in',
        sent,
        request_headers: a.headers === undefined || !sent ? null : JSON.stringify(a.headers),
        status_code: sent ? (a.status ?? null) : null,
        error: sent ? (a.error ?? null) : (a.error ?? 'no webhook secret'),
        latency_ms: sent ? (a.latencyMs ?? 50) : 0,
        response_excerpt: a.excerpt ?? null,
      })
      .execute();
  }
  const last = attempts.at(-1);
  const pending = options.state === 'pending';
  const updated = await service.db
    .updateTable('webhook_deliveries')
    .set({
      state: options.state,
      attempts: attempts.length,
      next_attempt_at: pending ? (options.nextAttemptAt ?? new Date(options.at.getTime() + 86_400_000)) : null,
      finished_at: pending ? null : (last?.at ?? options.at),
      last_attempt_at: last?.at ?? null,
      last_status: last && last.sent !== false ? (last.status ?? null) : null,
      last_error: last ? (last.sent === false ? 'no webhook secret' : (last.error ?? null)) : null,
    })
    .where('event_id', '=', id)
    .executeTakeFirst();
  expect(Number(updated.numUpdatedRows), 'a delivery was made: the environment has a webhook URL').toBe(1);
  return id;
}

/** Points an environment's webhooks at `url`, with a fresh secret unless told not to; answers the secret. */
export async function hookUp(
  service: TestService,
  tenantId: string,
  url: string,
  options: { environment?: Environment; secret?: boolean } = {},
): Promise<string | null> {
  const env = `/platform/v1/tenants/${tenantId}/environments/${options.environment ?? 'sandbox'}`;
  const set = await service.platform('PUT', env, { webhook_url: url });
  expect(set.status, set.text).toBe(200);
  if (options.secret === false) return null;
  const issued = await service.platform('POST', `${env}/webhook-secret`);
  expect(issued.status).toBe(201);
  return issued.json.webhook_secret as string;
}

/** A portal session of the tenant's environment (the platform's link, then its sign-in form). */
export async function portalOf(
  service: TestService,
  tenantId: string,
  environment: Environment = 'sandbox',
  name = 'Sam',
): Promise<PanelClient> {
  const link = await service.platform('POST', `/platform/v1/tenants/${tenantId}/portal-links`, { environment });
  expect(link.status, link.text).toBe(201);
  const url = new URL(link.json.url as string);
  const client = new PanelClient(url.origin, '/portal');
  const res = await client.post('/portal/sign-in', { name, token: url.searchParams.get('token')! }, { csrf: false });
  expect(res.status).toBe(303);
  return client;
}
