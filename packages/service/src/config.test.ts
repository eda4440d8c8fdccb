import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const STRONG = 'x'.repeat(32);
const OTHER = 'y'.repeat(32);

describe('loadConfig', () => {
  it('takes DATABASE_DIRECT_URL only beside DATABASE_URL, and the cluster sizes as positive whole numbers', () => {
    const url = 'postgres://u@pgbouncer:6432/db';
    const direct = 'postgres://u@postgres:5432/db';
    expect(loadConfig({ DATABASE_URL: url }).directDatabaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: url, DATABASE_DIRECT_URL: direct }).directDatabaseUrl).toBe(direct);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_DIRECT_URL goes with DATABASE_URL/);
    expect(loadConfig({ API_PROCESSES: '3', WORKER_PROCESSES: '2' }).cluster).toEqual({
      apiProcesses: 3,
      workerProcesses: 2,
    });
    expect(loadConfig({}).cluster.apiProcesses).toBeGreaterThanOrEqual(2);
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES must be a positive whole number/);
    expect(loadConfig({ RUN_API: '0' }).runApi).toBe(false);
  });

  it('binds the platform listener apart from HOST, on loopback unless told otherwise', () => {
    expect(loadConfig({}).platformHost).toBe('127.0.0.1');
    const config = loadConfig({ HOST: '0.0.0.0' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.platformHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', PLATFORM_HOST: '10.0.0.5' }).platformHost).toBe('10.0.0.5');
  });

  it('refuses a PLATFORM_ADMIN_TOKEN or WIDGET_SESSION_SECRET under 32 bytes, naming the variable', () => {
    expect(() => loadConfig({ PLATFORM_ADMIN_TOKEN: 'x'.repeat(31) })).toThrow(
      /PLATFORM_ADMIN_TOKEN must be at least 32 bytes/,
    );
    expect(() => loadConfig({ WIDGET_SESSION_SECRET: 'short' })).toThrow(
      /WIDGET_SESSION_SECRET must be at least 32 bytes/,
    );
    // Bytes, not characters: 16 two-byte characters are 32 bytes.
    expect(loadConfig({ PLATFORM_ADMIN_TOKEN: 'é'.repeat(16) }).platformAdminToken).toBe('é'.repeat(16));
    expect(loadConfig({ PLATFORM_ADMIN_TOKEN: STRONG, WIDGET_SESSION_SECRET: OTHER }).widgetSessionSecret).toBe(OTHER);
  });

  it('refuses the same secret for both, naming WIDGET_SESSION_SECRET', () => {
    expect(() => loadConfig({ PLATFORM_ADMIN_TOKEN: STRONG, WIDGET_SESSION_SECRET: STRONG })).toThrow(
      /WIDGET_SESSION_SECRET must differ from PLATFORM_ADMIN_TOKEN/,
    );
  });

  it('takes an optional METRICS_TOKEN of 32 bytes or more that is neither of the other secrets', () => {
    const METRICS = 'm'.repeat(32);
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ PLATFORM_ADMIN_TOKEN: STRONG, METRICS_TOKEN: METRICS }).metricsToken).toBe(METRICS);
    expect(() => loadConfig({ METRICS_TOKEN: 'm'.repeat(31) })).toThrow(/METRICS_TOKEN must be at least 32 bytes/);
    expect(() => loadConfig({ PLATFORM_ADMIN_TOKEN: STRONG, METRICS_TOKEN: STRONG })).toThrow(
      /METRICS_TOKEN must differ from PLATFORM_ADMIN_TOKEN and WIDGET_SESSION_SECRET/,
    );
    expect(() =>
      loadConfig({ PLATFORM_ADMIN_TOKEN: STRONG, WIDGET_SESSION_SECRET: OTHER, METRICS_TOKEN: OTHER }),
    ).toThrow(/METRICS_TOKEN must differ from PLATFORM_ADMIN_TOKEN and WIDGET_SESSION_SECRET/);
  });

  it('reads ALLOW_INSECURE_WEBHOOKS as 0 or 1 only', () => {
    expect(loadConfig({}).allowInsecureWebhooks).toBe(false);
    expect(loadConfig({ ALLOW_INSECURE_WEBHOOKS: '0' }).allowInsecureWebhooks).toBe(false);
    expect(loadConfig({ ALLOW_INSECURE_WEBHOOKS: '1' }).allowInsecureWebhooks).toBe(true);
    expect(() => loadConfig({ ALLOW_INSECURE_WEBHOOKS: 'yes' })).toThrow(/ALLOW_INSECURE_WEBHOOKS must be 0 or 1/);
  });

  it('prepares the write path statements unless a pooler sits in front, and DB_PREPARED_STATEMENTS decides', () => {
    const url = 'postgres://pgbouncer:6432/pm';
    expect(loadConfig({}).preparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).preparedStatements).toBe(true);
    const pooled = { DATABASE_URL: url, DATABASE_DIRECT_URL: 'postgres://db:5432/pm' };
    expect(loadConfig(pooled).preparedStatements).toBe(false);
    expect(loadConfig({ ...pooled, DB_PREPARED_STATEMENTS: '1' }).preparedStatements).toBe(true);
    expect(loadConfig({ DB_PREPARED_STATEMENTS: '0' }).preparedStatements).toBe(false);
    expect(() => loadConfig({ DB_PREPARED_STATEMENTS: 'on' })).toThrow(/DB_PREPARED_STATEMENTS must be 0 or 1/);
  });

  it('takes the pino levels for LOG_LEVEL', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('reads the public URLs of all three listeners by one rule: http or https, without a trailing slash', () => {
    expect(loadConfig({}).publicUrls).toEqual({ sandbox: null, live: null, platform: null });
    expect(loadConfig({ PUBLIC_PLATFORM_URL: 'https://ops.example.com/' }).publicUrls.platform).toBe(
      'https://ops.example.com',
    );
    expect(() => loadConfig({ PUBLIC_PLATFORM_URL: 'ftp://ops.example.com' })).toThrow(
      /PUBLIC_PLATFORM_URL must be an http or https URL/,
    );
  });

  it('trusts no proxy by default, and only the addresses and ranges TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '1', '*', '10.0.0.0/33', '10', 'proxy.example.com', '10.0.0.1,'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must list the proxies' addresses/);
  });
});
