import { SCOPES } from './domains/api-keys/index.js';
import { systemContextOf, type Runtime } from './domains/context.js';
import { createTenant, issueApiKey } from './domains/tenants/index.js';

export interface Demo {
  tenantId: string;
  sandboxKey: string;
}

/**
 * On a database with no tenant at all, creates a demo tenant with an all-scopes sandbox key. Returns
 * null on any other database. Two processes starting at once may both see it empty; that only makes
 * two demo tenants, which is harmless.
 */
export async function seedDemo(runtime: Runtime): Promise<Demo | null> {
  const ctx = systemContextOf(runtime, 'seed-demo');
  const any = await ctx.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const tenant = await createTenant(ctx, { name: 'Demo operator' });
  const key = await issueApiKey(ctx, { tenantId: tenant.id, environment: 'sandbox', scopes: SCOPES });
  if (!key.ok) throw new Error(`the demo tenant got no key: ${key.rejection.message}`);
  return { tenantId: tenant.id, sandboxKey: key.value.apiKey };
}

export function demoInstructions(demo: Demo, sandboxUrl: string): string {
  return [
    '',
    `Demo tenant ${demo.tenantId} created. Its sandbox API key (shown this once, only its hash is kept):`,
    `  ${demo.sandboxKey}`,
    'Try it:',
    `  curl -X PUT ${sandboxUrl}/v1/users/demo-user-1 -H 'Authorization: Bearer ${demo.sandboxKey}' \\`,
    `       -H 'Content-Type: application/json' -d '{"status":"active"}'`,
    `  curl -X POST ${sandboxUrl}/v1/balance-sync -H 'Authorization: Bearer ${demo.sandboxKey}' \\`,
    `       -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-credit-1' \\`,
    `       -d '{"external_user_id":"demo-user-1","direction":"credit","amount":"100.00"}'`,
    '',
  ].join('\n');
}
