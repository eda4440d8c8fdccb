import type { FastifyPluginAsync } from 'fastify';
import { tenantContextOf } from '../../domains/context.js';
import { startSession } from '../../domains/widget-sessions/index.js';
import type { Demo } from '../../demo.js';
import { DEMO_USER } from '../../demo-data.js';
import type { ServiceDeps } from '../../deps.js';
import { precompress, type Precompressed } from '../../lib/precompress.js';
import { sendPrecompressed } from '../precompressed.js';
import { valueOrThrow } from '../present.js';
import { signSessionToken } from '../session-token.js';
import { DEMO_POLICY, demoPage } from './demo-page.js';

const meta = { tier: 'public', credential: 'none' } as const;

/**
 * The demo host page (docs/widget.md, "The demo page"), on the sandbox listener with the embedded database and
 * SEED_DEMO on only, and only when that listener is bound to loopback (demo.ts, servesDemoPage): the
 * session route below takes no credential. It plays the operator: its server side (POST /demo/session) mints a widget
 * session for the demo user, as an operator's server would with its API key, and the page mounts the
 * widget with it. Never registered with DATABASE_URL set or SEED_DEMO=0.
 */
export function demoRoutes(deps: ServiceDeps, demo: Demo): FastifyPluginAsync {
  // The page is the same for every visit: compressed once, at brotli 11, on its first request (a quarter
  // smaller than a per-answer encoding's; the first view of a phone on a slow link counts its bytes).
  let page: Promise<Precompressed> | undefined;
  return async (app) => {
    app.get('/demo', { config: { meta }, schema: { hide: true }, compress: false }, async (request, reply) => {
      page ??= precompress(Buffer.from(demoPage(deps.widgetBundle?.version ?? null)));
      const files = await page;
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', DEMO_POLICY)
        .header('x-frame-options', 'DENY')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer');
      return sendPrecompressed(request, reply, files);
    });

    app.post('/demo/session', { config: { meta }, schema: { hide: true } }, async () => {
      const tenantEnv = { tenantId: demo.tenantId, environment: 'sandbox' as const };
      const ctx = tenantContextOf(deps, tenantEnv, { kind: 'operator', keyId: 'demo-page' });
      const claims = valueOrThrow(await startSession(ctx, { externalUserId: DEMO_USER }));
      const issued = await signSessionToken(deps.widgetSessionSecret, claims, ctx.now);
      return { token: issued.token, expires_at: issued.expiresAt.toISOString() };
    });
  };
}
