import type { Environment } from './db/schema.js';
import type { Doorbell } from './lib/doorbell.js';
import type { Runtime } from './domains/context.js';
import type { WebhookTransport } from './domains/webhooks/index.js';
import type { PausedSwitches } from './domains/kill-switches/index.js';
import type { ErrorAnswerRecorder } from './domains/error-answers/index.js';
import type { RequestLogRecorder } from './domains/request-log/index.js';
import type { KeyCache } from './domains/api-keys/index.js';
import type { AllowedOrigins } from './domains/tenants/index.js';
import type { RaisedLimitsView, RateLimiter } from './domains/rate-limits/index.js';
import type { StreamHub } from './domains/realtime/index.js';
import type { WidgetBundle } from './lib/widget-bundle.js';
import type { SdkTarball } from './lib/sdk-tarball.js';
import type { ServiceMetrics } from './metrics/index.js';

/**
 * What the HTTP layer is given, built once in service.ts (or a test) and passed down to the listeners. The
 * ports (the pool, the clock, the logger, the webhook transport, the rate limiter) each have a real
 * implementation and a test one; verbs see them only through their context. Nothing outside http/ takes
 * this whole bundle (it holds the admin token and the session secret, and ties its holder to the
 * listeners' wiring): a job declares the ports it uses (JobPorts in jobs/tasks.ts), and dependency-cruiser
 * holds both sides to it. So that it can name the ports without importing http/, each port's type lives
 * with what it describes (the rate limiter's in domains/rate-limits, the widget bundle's in lib/).
 */
export interface ServiceDeps extends Runtime {
  webhookTransport: WebhookTransport;
  rateLimiter: RateLimiter;
  /** This process's API keys, dropped on NOTIFY api_key_changes and trusted at most KEY_CACHE_BOUND_MS. */
  apiKeys: KeyCache;
  /** This process's view of the kill switches, at most KILL_SWITCH_REFRESH_MS old. */
  killSwitches: PausedSwitches;
  /** Error answers on their way to the database (domains/error-answers), written in batches. */
  errorAnswers: ErrorAnswerRecorder;
  requestLog: RequestLogRecorder;
  /** This process's copy of the tenants' raised rate limits, at most RAISED_LIMITS_REFRESH_MS old. */
  raisedLimits: RaisedLimitsView;
  /** This process's copy of the tenants' CORS allow-lists, at most ORIGINS_REFRESH_MS old. */
  allowedOrigins: AllowedOrigins;
  /** This process's realtime streams (GET /v1/widget/stream), fed from the change log. */
  streams: StreamHub;
  /** This process's metrics (GET /metrics on the platform listener): the observe hooks the layers report to. */
  metrics: ServiceMetrics;
  /** Rung when webhook deliveries are enqueued (LISTEN webhook_deliveries), so the delivery worker wakes at once. */
  webhookDoorbell: Doorbell;
  /** Config ALLOW_INSECURE_WEBHOOKS: webhook URLs may use http and point at local addresses (development, tests). */
  allowInsecureWebhooks: boolean;
  platformAdminToken: string;
  /** Config METRICS_TOKEN: taken by GET /metrics alone, beside the admin token; null when not set. */
  metricsToken: string | null;
  /** HMAC secret of widget session tokens, used for nothing else. */
  widgetSessionSecret: string;
  /** Widget error reports a tenant environment may store per UTC day (ERROR_REPORTS_PER_DAY; tests lower it). */
  errorReportsPerDay: number;
  /** Config requestTimeoutMs: the time a request's headers and body have to arrive (server-limits.ts). */
  requestTimeoutMs: number;
  /** The built browser widget the listeners serve under /widget/; null when it was never built. */
  widgetBundle: WidgetBundle | null;
  /** The packed SDK the listeners serve at /docs/sdk/pm-sdk-<version>.tgz; null when it was never packed. */
  sdkTarball: SdkTarball | null;
  /** Where people reach a listener (config PUBLIC_*_URL, else its own address): the portal's sign-in links. */
  publicUrl(listener: Environment | 'platform'): string;
  /** Whether the panel's (platform) or the portal's cookies are Secure (http/web/web-session.ts cookiesAreSecure). */
  secureCookies(listener: Environment | 'platform'): boolean;
  /** Config TRUST_PROXY: the proxies whose X-Forwarded-For gives request.ip; empty: none. */
  trustProxy: readonly string[];
  /** Random per process; part of every error's opaque source. */
  instanceId: string;
  /** False before the database is ready and once shutdown begins: /healthz answers 503. */
  isReady(): boolean;
}
