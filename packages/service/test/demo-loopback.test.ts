import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { demoInstructions, servesDemoPage } from '../src/demo.js';
import { call } from './helpers.js';
import { killChildren, newSite, startService, terminate } from './service-process.js';

/**
 * The demo page and its session route exist only on a loopback sandbox listener (docs/widget.md;
 * src/demo.ts): the route mints a widget session for anyone who asks. The demo needs the embedded
 * database, so the process case runs on one of its own whichever database the run uses.
 */
afterAll(() => killChildren());

describe('where the demo page is served', () => {
  it('on a loopback HOST only, as the configuration reads it', () => {
    for (const [host, served] of [
      [undefined, true], // the default, 127.0.0.1
      ['127.0.0.1', true],
      ['::1', true],
      ['localhost', true],
      ['0.0.0.0', false],
      ['::', false],
      ['192.168.1.20', false],
    ] as const) {
      const config = loadConfig(host === undefined ? {} : { HOST: host });
      expect(servesDemoPage(config.host), String(host)).toBe(served);
    }
  });

  it('says so at start: the address on loopback, why not and how to see it otherwise', () => {
    const demo = { tenantId: 't-1', sandboxKey: 'pmk_sandbox_x' };
    const local = demoInstructions(demo, 'http://127.0.0.1:8080', '127.0.0.1');
    expect(local).toContain('http://127.0.0.1:8080/demo');
    const open = demoInstructions(demo, 'http://0.0.0.0:8080', '0.0.0.0');
    expect(open).not.toContain('/demo\n');
    expect(open).toContain('The demo page is not served: HOST=0.0.0.0 is not a loopback address');
    expect(open).toContain('HOST=127.0.0.1');
    // The demo tenant's key is still shown once: the seeding does not depend on the bind address.
    expect(open).toContain('pmk_sandbox_x');
  });

  it(
    'is not mounted with HOST=0.0.0.0, though the demo is seeded; a loopback restart serves it',
    { timeout: 180_000 },
    async () => {
      const site = await newSite();
      const env = { DATABASE_URL: undefined, SEED_DEMO: '1' };
      const open = await startService(site, { ...env, HOST: '0.0.0.0' });
      expect(open.stdout()).toContain('The demo page is not served: HOST=0.0.0.0');
      expect(open.stdout()).toMatch(/pmk_sandbox_\w+/);
      expect((await call(open.sandbox, 'GET', '/demo')).status).toBe(404);
      expect((await call(open.sandbox, 'POST', '/demo/session')).status).toBe(404);
      expect((await call(open.sandbox, 'GET', '/healthz')).status).toBe(200);
      await terminate(open);

      const local = await startService(site, { ...env, HOST: '127.0.0.1' });
      expect(local.stdout()).toContain(`${local.sandbox}/demo`);
      expect((await call(local.sandbox, 'GET', '/demo')).status).toBe(200);
      const minted = await call(local.sandbox, 'POST', '/demo/session');
      expect(minted.status, minted.text).toBe(200);
      await terminate(local);
      await rm(site.dataDir, { recursive: true, force: true });
    },
  );
});
