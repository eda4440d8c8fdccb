import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { ADMIN_TOKEN, createTenant, startTestService, type TestService } from './helpers.js';
import { auditRows } from './panel-client.js';

/**
 * What the panel's and the portal's sign-ins depend on beyond the pages themselves: whether their cookies
 * are Secure (the public URLs in configuration, never the request's Host), and the panel's lockout of an
 * address (refusing guesses only; the address behind a proxy named in TRUST_PROXY). Each service here is
 * its own: the lockout is counted in a process's memory.
 */

interface FormAnswer {
  status: number;
  setCookies: string[];
  location: string | undefined;
}

/** Posts a form with the headers given (Host included, which fetch will not set). */
function postForm(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<FormAnswer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            setCookies: [res.headers['set-cookie'] ?? []].flat(),
            location: res.headers.location,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cookieNamed = (answer: FormAnswer, name: string) => {
  const cookie = answer.setCookies.find((c) => c.startsWith(`${name}=`));
  expect(cookie, `${name} is set`).toBeDefined();
  return cookie!;
};
const isSecure = (cookie: string) => /;\s*Secure(;|$)/i.test(cookie);

const clock = new FakeClock('2026-06-01T12:00:00.000Z');

describe('the Secure attribute of the panel and portal cookies', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      clock,
      env: { PUBLIC_PLATFORM_URL: 'https://ops.example.com', PUBLIC_SANDBOX_URL: 'https://sandbox.example.com' },
    });
  });
  afterAll(() => service.stop());

  const portalSignIn = async (environment: 'sandbox' | 'live', tenantId: string) => {
    const link = await service.platform('POST', `/platform/v1/tenants/${tenantId}/portal-links`, { environment });
    expect(link.status).toBe(201);
    const token = new URL(link.json.url as string).searchParams.get('token')!;
    // The listener itself, as a TLS proxy in front of it would reach it: plain http, Host 127.0.0.1.
    return postForm(service.urls[environment], '/portal/sign-in', { name: 'Sam', token }, { host: '127.0.0.1' });
  };

  it('follows the public URL: https makes them Secure, though the request came over http to 127.0.0.1', async () => {
    const panel = await postForm(
      service.urls.platform,
      '/panel/sign-in',
      { name: 'Ada', token: ADMIN_TOKEN },
      { host: '127.0.0.1' },
    );
    expect(panel.status).toBe(303);
    const panelCookie = cookieNamed(panel, 'pm_panel');
    expect(isSecure(panelCookie)).toBe(true);
    expect(panelCookie).toMatch(/HttpOnly/i);

    const tenant = await createTenant(service);
    const sandbox = await portalSignIn('sandbox', tenant.tenantId);
    expect(sandbox.status).toBe(303);
    expect(isSecure(cookieNamed(sandbox, 'pm_portal_sandbox'))).toBe(true);

    // The sign-out's clearing cookie carries the same attributes, or a browser would keep the Secure one.
    const session = panelCookie.split(';')[0]!;
    const page = await fetch(`${service.urls.platform}/panel`, { headers: { cookie: session } });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const out = await postForm(service.urls.platform, '/panel/sign-out', { _csrf: csrf }, { cookie: session });
    expect(out.status).toBe(303);
    expect(isSecure(cookieNamed(out, 'pm_panel'))).toBe(true);
  });

  it('leaves them without Secure where the public URL is http or not set, whatever the Host', async () => {
    const tenant = await createTenant(service);
    // PUBLIC_LIVE_URL is not set: the live listener's own http address.
    const live = await portalSignIn('live', tenant.tenantId);
    expect(live.status).toBe(303);
    expect(isSecure(cookieNamed(live, 'pm_portal_live'))).toBe(false);

    const plain = await startTestService({ clock, env: { PUBLIC_PLATFORM_URL: 'http://ops.internal:8090' } });
    try {
      const panel = await postForm(
        plain.urls.platform,
        '/panel/sign-in',
        { name: 'Ada', token: ADMIN_TOKEN },
        { host: 'ops.example.com' },
      );
      expect(panel.status).toBe(303);
      expect(isSecure(cookieNamed(panel, 'pm_panel'))).toBe(false);
    } finally {
      await plain.stop();
    }
  });
});

describe("the panel's sign-in lockout", () => {
  const guess = (service: TestService, i: number, headers: Record<string, string> = {}) =>
    postForm(service.urls.platform, '/panel/sign-in', { name: 'Guess', token: `guess-${i}` }, headers);
  const signIn = (service: TestService, headers: Record<string, string> = {}) =>
    postForm(service.urls.platform, '/panel/sign-in', { name: 'Ada', token: ADMIN_TOKEN }, headers);

  it('refuses further guesses from an address after 10 failures (429, Retry-After), but never the right token', async () => {
    const service = await startTestService({ clock });
    try {
      for (let i = 0; i < 10; i += 1) expect((await guess(service, i)).status).toBe(401);
      const locked = await guess(service, 10);
      expect(locked.status).toBe(429);
      expect(locked.setCookies).toEqual([]);

      const holder = await signIn(service);
      expect(holder.status).toBe(303);
      expect(cookieNamed(holder, 'pm_panel')).toBeDefined();
      // Still locked for guesses after the holder got in.
      expect((await guess(service, 11)).status).toBe(429);
    } finally {
      await service.stop();
    }
  });

  it("counts the client's address behind a proxy named in TRUST_PROXY, and ignores X-Forwarded-For otherwise", async () => {
    const behindProxy = await startTestService({ clock, env: { TRUST_PROXY: '127.0.0.1' } });
    const direct = await startTestService({ clock });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let i = 0; i < 10; i += 1) expect((await guess(behindProxy, i, from('203.0.113.7'))).status).toBe(401);
      expect((await guess(behindProxy, 10, from('203.0.113.7'))).status).toBe(429);
      // Another client behind the same proxy is not locked out by the first one's guesses.
      expect((await guess(behindProxy, 11, from('203.0.113.8'))).status).toBe(401);
      expect((await signIn(behindProxy, from('203.0.113.7'))).status).toBe(303);
      const failures = (await auditRows(behindProxy, 'panel.sign_in')).filter((a) => a.who === 'panel:anonymous');
      expect(failures.map((a) => (a.details as { ip: string }).ip)).toContain('203.0.113.8');

      // Without TRUST_PROXY the header is anyone's to write: every guess counts under the connection's address.
      for (let i = 0; i < 10; i += 1) expect((await guess(direct, i, from(`198.51.100.${i}`))).status).toBe(401);
      expect((await guess(direct, 10, from('198.51.100.99'))).status).toBe(429);
      expect((await signIn(direct, from('198.51.100.99'))).status).toBe(303);
    } finally {
      await behindProxy.stop();
      await direct.stop();
    }
  });
});
