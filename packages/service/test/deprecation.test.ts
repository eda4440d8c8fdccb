import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDeprecation } from '../src/http/deprecation.js';
import { call, startTestService, type TestService } from './helpers.js';

/** Versioning (docs/operator-api.md, "Versioning"): the changelog, and the headers of a deprecated route. */
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

describe('GET /v1/changelog', () => {
  it('lists the changes newest first, with no credential, on both listeners', async () => {
    for (const environment of ['sandbox', 'live'] as const) {
      const res = await call(service.urls[environment], 'GET', '/v1/changelog');
      expect(res.status).toBe(200);
      const dates = res.json.entries.map((e: { date: string }) => e.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(dates).toContain('2026-10-07');
      expect(res.json.entries.at(-1)).toEqual({
        date: '2026-09-26',
        change: 'Initial /v1 contract. Nothing deprecated.',
      });
      // Nothing is deprecated today.
      expect(res.headers.get('deprecation')).toBeNull();
    }
  });
});

describe('a route marked deprecated', () => {
  it('answers with Deprecation, Sunset and a Link to the changelog; other routes do not', async () => {
    const app = Fastify();
    installDeprecation(app);
    const deprecated = { since: '2026-11-01T00:00:00Z', sunset: '2027-05-01T00:00:00Z' };
    app.get('/v1/old', { config: { meta: { tier: 'default', credential: 'none', deprecated } } }, async () => ({}));
    app.get('/v1/new', { config: { meta: { tier: 'default', credential: 'none' } } }, async () => ({}));
    const old = await app.inject({ method: 'GET', url: '/v1/old', headers: { host: 'api.example.com' } });
    expect(old.headers.deprecation).toBe('@1793491200');
    expect(old.headers.sunset).toBe('Sat, 01 May 2027 00:00:00 GMT');
    expect(old.headers.link).toBe('<http://api.example.com/v1/changelog>; rel="deprecation"');
    const fresh = await app.inject({ method: 'GET', url: '/v1/new' });
    expect(fresh.headers.deprecation).toBeUndefined();
    expect(fresh.headers.sunset).toBeUndefined();
    await app.close();
  });
});
