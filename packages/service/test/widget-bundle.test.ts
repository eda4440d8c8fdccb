import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../widget/src/i18n/en.js';
import { call, expectEnvelope, startTestService, type TestService } from './helpers.js';

/** The browser bundle on the sandbox and live listeners (docs/widget.md). */
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const VERSION = '1.0.0';
const get = (path: string, listener: 'sandbox' | 'live' = 'sandbox') => call(service.urls[listener], 'GET', path);
/** A served locale file run as the module the widget imports. */
const localeModule = async (source: string) =>
  ((await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as { default: unknown })
    .default as Record<string, string>;

describe('the widget bundle', () => {
  it('is built and served under /widget/v1/ with a 5-minute cache and its version', async () => {
    expect(service.deps.widgetBundle, 'run npm run build:widget').not.toBeNull();
    for (const listener of ['sandbox', 'live'] as const) {
      for (const file of ['widget.iife.js', 'widget.esm.js', 'views.js', 'locales/es.js', 'locales/ar.js']) {
        const res = await get(`/widget/v1/${file}`, listener);
        expect(res.status, file).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('public, max-age=300');
        expect(res.headers.get('x-widget-version')).toBe(VERSION);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        // The same bytes for every page: one copy in a shared cache, whatever the Origin.
        expect(res.headers.get('vary') ?? '').not.toMatch(/origin/i);
      }
    }
    expect((await get('/widget/v1/widget.iife.js')).text).toContain('PredictionMarketWidget');
  });

  it('is served under its exact version, cached for a year and immutable', async () => {
    const res = await get(`/widget/v${VERSION}/widget.esm.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe((await get('/widget/v1/widget.esm.js')).text);
  });

  it('serves en like every other locale, at both paths, built from the text the bundle has built in', async () => {
    for (const [path, cache] of [
      ['/widget/v1/locales/en.js', 'public, max-age=300'],
      [`/widget/v${VERSION}/locales/en.js`, 'public, max-age=31536000, immutable'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe(cache);
      expect(res.headers.get('x-widget-version')).toBe(VERSION);
      expect(await localeModule(res.text)).toEqual(en);
    }
    // The same shape as the others: a default export with every key of en.
    for (const locale of ['es', 'de', 'ar', 'he']) {
      const messages = await localeModule((await get(`/widget/v1/locales/${locale}.js`)).text);
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
    }
  });

  it('answers 404 not_found for any other version or file, and never leaves the bundle', async () => {
    for (const path of [
      '/widget/v2/widget.iife.js',
      '/widget/v1.0.1/widget.iife.js',
      '/widget/v1/widget.js',
      '/widget/v1/locales/fr.js',
      '/widget/v1/../package.json',
      '/widget/v1/%2e%2e/package.json',
      '/widget/v1/locales/..%2f..%2fpackage.json',
    ])
      expectEnvelope(await get(path), 'not_found', 404);
  });

  it('keeps widget.iife.js within 45 KB gzipped, locales apart', () => {
    const bundle = service.deps.widgetBundle!.files.get('widget.iife.js')!;
    // The gzip bytes the listeners send, compressed at level 9 as this budget always measured.
    expect(bundle.gzip.length).toBe(gzipSync(bundle.identity, { level: 9 }).length);
    expect(bundle.gzip.length).toBeLessThanOrEqual(45 * 1024);
  });
});
