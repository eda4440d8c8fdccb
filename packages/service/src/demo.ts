import { SCOPES } from './domains/api-keys/index.js';
import { systemContextOf, type Runtime } from './domains/context.js';
import { createTenant, issueApiKey } from './domains/tenants/index.js';
import { isLoopbackHost } from './lib/loopback.js';
import { DEMO_USER } from './demo-data.js';

export interface Demo {
  tenantId: string;
  /** The sandbox key, on the start that created the demo only: just its hash is kept. */
  sandboxKey: string | null;
}

const DEMO_NAME = 'Demo operator';

/**
 * On a database with no tenant at all, creates a demo tenant with an all-scopes sandbox key; on a later
 * start, finds it again (for the demo page). Null on a database without one. Two processes starting at
 * once may both see it empty; that only makes two demo tenants, which is harmless.
 */
export async function seedDemo(runtime: Runtime): Promise<Demo | null> {
  const ctx = systemContextOf(runtime, 'seed-demo');
  const any = await ctx.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (any) {
    const demo = await ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', DEMO_NAME)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return demo ? { tenantId: demo.id, sandboxKey: null } : null;
  }
  const tenant = await createTenant(ctx, { name: DEMO_NAME });
  const key = await issueApiKey(ctx, { tenantId: tenant.id, environment: 'sandbox', scopes: SCOPES });
  if (!key.ok) throw new Error(`the demo tenant got no key: ${key.rejection.message}`);
  return { tenantId: tenant.id, sandboxKey: key.value.apiKey };
}

/**
 * Whether the demo page and its session route are mounted on the sandbox listener bound to `host`. The
 * route mints a widget session for the demo user to whoever asks, with no credential: it is for the
 * person at this machine, so only a loopback bind address serves it (HOST=0.0.0.0 would hand sessions
 * to anyone on the network). The demo tenant and its markets are seeded either way.
 */
export function servesDemoPage(host: string): boolean {
  return isLoopbackHost(host);
}

export function demoInstructions(demo: Demo, sandboxUrl: string, host: string): string {
  const page = servesDemoPage(host)
    ? `The widget, on a demo page that plays the operator: ${sandboxUrl}/demo`
    : [
        `The demo page is not served: HOST=${host} is not a loopback address, and the page's session route`,
        'would hand widget sessions to anyone who reaches the listener. Start with HOST=127.0.0.1 to see it.',
      ].join('\n');
  if (demo.sandboxKey === null) return ['', page, ''].join('\n');
  return [
    '',
    page,
    `Demo tenant ${demo.tenantId} created. Its sandbox API key (shown this once, only its hash is kept):`,
    `  ${demo.sandboxKey}`,
    // A demo user with a balance (demo-data.ts), so that the first answer shows money (README.md, "Try it").
    `Try it, on the demo user ${DEMO_USER}:`,
    `  curl ${sandboxUrl}/v1/users/${DEMO_USER} -H 'Authorization: Bearer ${demo.sandboxKey}'`,
    `  curl -X POST ${sandboxUrl}/v1/balance-sync -H 'Authorization: Bearer ${demo.sandboxKey}' \\`,
    `       -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-credit-1' \\`,
    `       -d '{"external_user_id":"${DEMO_USER}","direction":"credit","amount":"100.00"}'`,
    '',
  ].join('\n');
}
