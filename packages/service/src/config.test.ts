import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const STRONG = 'x'.repeat(32);
const OTHER = 'y'.repeat(32);

describe('loadConfig', () => {
  it('binds the platform listener apart from HOST, on loopback unless told otherwise (decisions part 1)', () => {
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

  it('reads ALLOW_INSECURE_WEBHOOKS as 0 or 1 only', () => {
    expect(loadConfig({}).allowInsecureWebhooks).toBe(false);
    expect(loadConfig({ ALLOW_INSECURE_WEBHOOKS: '0' }).allowInsecureWebhooks).toBe(false);
    expect(loadConfig({ ALLOW_INSECURE_WEBHOOKS: '1' }).allowInsecureWebhooks).toBe(true);
    expect(() => loadConfig({ ALLOW_INSECURE_WEBHOOKS: 'yes' })).toThrow(/ALLOW_INSECURE_WEBHOOKS must be 0 or 1/);
  });

  it('takes the pino levels for LOG_LEVEL', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
