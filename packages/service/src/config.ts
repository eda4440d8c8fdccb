import { availableParallelism } from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { LOG_LEVELS, type LogLevel } from './lib/logger.js';

/** The service's settings, read from the environment once (docs/configuration.md). The only reader of process.env. */
export interface Config {
  /** Bind address of the sandbox and live listeners. */
  readonly host: string;
  /** Bind address of the platform listener, apart from host: exposing the operator API never exposes it. */
  readonly platformHost: string;
  readonly sandboxPort: number;
  readonly livePort: number;
  readonly platformPort: number;
  /** An external PostgreSQL; null runs the embedded server in dataDir. */
  readonly databaseUrl: string | null;
  /**
   * The same database without a pooler in between, for what needs a session of its own (migrations'
   * advisory lock, LISTEN, the job queue); null: databaseUrl. Set when databaseUrl is a PgBouncer in
   * transaction mode.
   */
  readonly directDatabaseUrl: string | null;
  readonly dataDir: string;
  /** Null: generated once and kept in dataDir. */
  readonly platformAdminToken: string | null;
  readonly widgetSessionSecret: string | null;
  /**
   * A second bearer token that GET /metrics alone takes, so Prometheus's configuration holds no key that
   * can pause a tenant; null: /metrics takes the admin token only.
   */
  readonly metricsToken: string | null;
  readonly redisUrl: string | null;
  readonly dbPoolSize: number;
  /**
   * The write path's fixed statements are prepared by name on each connection (docs/operations.md,
   * "Prepared statements"); off by default behind a pooler (directDatabaseUrl set), whose transaction mode
   * may not carry them.
   */
  readonly preparedStatements: boolean;
  /** A request whose headers and body have not all arrived within this many milliseconds is cut off. */
  readonly requestTimeoutMs: number;
  /** How often an open realtime stream gets a `: ping` comment (15 s; the tests shorten it). */
  readonly streamPingMs: number;
  /** Create the demo tenant on an empty database. */
  readonly seedDemo: boolean;
  readonly logLevel: LogLevel;
  /** Webhooks may use plain http and private addresses: local development and tests only. */
  readonly allowInsecureWebhooks: boolean;
  /** Keep the request log (docs/operations.md, "The request log"); REQUEST_LOG=0 turns it off. */
  readonly requestLog: boolean;
  /** Run the background jobs in this process (RUN_WORKERS=0 for API-only processes). */
  readonly runWorkers: boolean;
  /** Serve the three listeners in this process (RUN_API=0 for worker-only processes). */
  readonly runApi: boolean;
  /** `npm run start:cluster`: how many API processes share the listeners, and how many run the jobs. */
  readonly cluster: { readonly apiProcesses: number; readonly workerProcesses: number };
  /**
   * Where people reach each listener (behind a proxy, say): the base of the tenant portal's sign-in links,
   * and whether the panel's and the portal's cookies are Secure (an https URL); null: the listener's own
   * address, plain http.
   */
  readonly publicUrls: {
    readonly sandbox: string | null;
    readonly live: string | null;
    readonly platform: string | null;
  };
  /**
   * The proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or loopback, linklocal,
   * uniquelocal), so that request.ip is the client's address behind them; empty: none, request.ip is the
   * connection's.
   */
  readonly trustProxy: readonly string[];
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  }
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** An http(s) base URL without a trailing slash, or null when not set. */
function publicUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = optional(env, name);
  if (raw === null) return null;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new Error(`${name} must be an http or https URL, for example https://sandbox.example.com`);
  }
  return raw.replace(/\/+$/, '');
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, optionally with a prefix length, or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (rest.length > 0 || (!v4 && !ipaddr.IPv6.isValid(address))) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128));
}

/**
 * TRUST_PROXY: the proxies in front, comma-separated. Only named ones: trusting any sender's
 * X-Forwarded-For would let every client choose the address it is counted under.
 */
function trustedProxies(env: NodeJS.ProcessEnv, name: string): readonly string[] {
  const raw = optional(env, name);
  if (raw === null) return Object.freeze([]);
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new Error(
        `${name} must list the proxies' addresses or CIDR ranges, comma-separated (for example 10.0.0.0/8,127.0.0.1), got "${entry}"`,
      );
    }
  }
  return Object.freeze(entries);
}

function optional(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
}

function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return raw as LogLevel;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '0') return false;
  if (raw === '1') return true;
  throw new Error(`${name} must be 0 or 1, got "${raw}"`);
}

/** Secrets given in the environment must be strong enough to stand alone (docs/configuration.md, "Secrets"). */
const MIN_SECRET_BYTES = 32;

function secret(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = optional(env, name);
  if (value !== null && Buffer.byteLength(value) < MIN_SECRET_BYTES) {
    throw new Error(`${name} must be at least ${MIN_SECRET_BYTES} bytes; generate one with: openssl rand -base64 32`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const platformAdminToken = secret(env, 'PLATFORM_ADMIN_TOKEN');
  const widgetSessionSecret = secret(env, 'WIDGET_SESSION_SECRET');
  if (platformAdminToken !== null && platformAdminToken === widgetSessionSecret) {
    throw new Error(
      'WIDGET_SESSION_SECRET must differ from PLATFORM_ADMIN_TOKEN: each secret is used for one thing only',
    );
  }
  const metricsToken = secret(env, 'METRICS_TOKEN');
  if (metricsToken !== null && (metricsToken === platformAdminToken || metricsToken === widgetSessionSecret)) {
    throw new Error(
      'METRICS_TOKEN must differ from PLATFORM_ADMIN_TOKEN and WIDGET_SESSION_SECRET: each secret is used for one thing only',
    );
  }
  if (optional(env, 'DATABASE_DIRECT_URL') !== null && optional(env, 'DATABASE_URL') === null) {
    throw new Error('DATABASE_DIRECT_URL goes with DATABASE_URL: it names the same database without the pooler');
  }
  return Object.freeze({
    host: env.HOST || '127.0.0.1',
    platformHost: env.PLATFORM_HOST || '127.0.0.1',
    sandboxPort: port(env, 'SANDBOX_PORT', 8080),
    livePort: port(env, 'LIVE_PORT', 8081),
    platformPort: port(env, 'PLATFORM_PORT', 8090),
    databaseUrl: optional(env, 'DATABASE_URL'),
    directDatabaseUrl: optional(env, 'DATABASE_DIRECT_URL'),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    platformAdminToken,
    widgetSessionSecret,
    metricsToken,
    redisUrl: optional(env, 'REDIS_URL'),
    dbPoolSize: positiveInt(env, 'DB_POOL_SIZE', 20),
    preparedStatements: flag(env, 'DB_PREPARED_STATEMENTS', optional(env, 'DATABASE_DIRECT_URL') === null),
    requestTimeoutMs: positiveInt(env, 'REQUEST_TIMEOUT_MS', 30_000),
    streamPingMs: positiveInt(env, 'STREAM_PING_MS', 15_000),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: logLevel(env.LOG_LEVEL),
    runWorkers: env.RUN_WORKERS !== '0',
    runApi: env.RUN_API !== '0',
    cluster: {
      apiProcesses: positiveInt(env, 'API_PROCESSES', Math.max(2, availableParallelism())),
      workerProcesses: positiveInt(env, 'WORKER_PROCESSES', 1),
    },
    allowInsecureWebhooks: flag(env, 'ALLOW_INSECURE_WEBHOOKS'),
    requestLog: flag(env, 'REQUEST_LOG', true),
    publicUrls: {
      sandbox: publicUrl(env, 'PUBLIC_SANDBOX_URL'),
      live: publicUrl(env, 'PUBLIC_LIVE_URL'),
      platform: publicUrl(env, 'PUBLIC_PLATFORM_URL'),
    },
    trustProxy: trustedProxies(env, 'TRUST_PROXY'),
  });
}
