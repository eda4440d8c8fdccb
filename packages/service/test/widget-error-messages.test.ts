import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/errors/index.js';
import ar from '../../widget/src/i18n/ar.js';
import de from '../../widget/src/i18n/de.js';
import en, { type MessageKey } from '../../widget/src/i18n/en.js';
import es from '../../widget/src/i18n/es.js';
import he from '../../widget/src/i18n/he.js';
import { errorMessageKey, USER_ERROR_CODES } from '../../widget/src/ui/error-codes.js';
import { startTestService, type TestService } from './helpers.js';

/**
 * Every error code a widget user can meet has its own message in every locale (docs/widget.md). The
 * codes come from the API reference: those documented on an operation a session token may call, and
 * every kill switch's code.
 */
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

/** Codes only an API-key request gets, though the routes that take either credential document them. */
const API_KEY_ONLY = new Set(['invalid_api_key', 'insufficient_scope']);

async function sessionRouteCodes(): Promise<Set<string>> {
  const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
  const codes = new Set<string>();
  for (const item of Object.values<any>(doc.paths)) {
    for (const op of Object.values<any>(item)) {
      const bySession = (op.security ?? []).some((s: Record<string, unknown>) => 'sessionToken' in s);
      if (!bySession) continue;
      for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
        if (Number(status) >= 400) for (const code of String(response.description).split(', ')) codes.add(code);
      }
    }
  }
  return codes;
}

describe('the widget’s error messages', () => {
  it('cover every code a session route answers and every kill switch, in every locale', async () => {
    const fromRoutes = await sessionRouteCodes();
    // The widget's own routes are in the reference under the session credential.
    expect(fromRoutes).toContain('saved_markets_limit_reached');
    expect(fromRoutes).toContain('price_moved');
    const paused = ERROR_CODES.filter((code) => code.endsWith('_paused'));
    expect(paused.length).toBeGreaterThanOrEqual(4);
    const needed = [...new Set([...fromRoutes, ...paused])].filter(
      (code) => !API_KEY_ONLY.has(code) && code !== 'internal_error',
    );
    const listed: readonly string[] = USER_ERROR_CODES;
    for (const code of needed) expect(listed, `${code} has no message in the widget`).toContain(code);

    const locales = { es, de, ar, he } as Record<string, Record<string, string>>;
    for (const code of [...listed, 'internal_error']) {
      const key = errorMessageKey(code);
      expect(en[key as MessageKey], `en ${key}`).toBeTruthy();
      for (const [locale, messages] of Object.entries(locales)) {
        expect(messages[key], `${locale} ${key}`).toBeTruthy();
        expect(messages[key], `${locale} ${key} is still English`).not.toBe(en[key]);
      }
    }
  });

  it('list only catalog codes (and network, when no answer came), each once', () => {
    const catalog: readonly string[] = ERROR_CODES;
    for (const code of USER_ERROR_CODES) if (code !== 'network') expect(catalog).toContain(code);
    expect(new Set(USER_ERROR_CODES).size).toBe(USER_ERROR_CODES.length);
    expect(errorMessageKey('internal_error')).toBe('error.internal');
    expect(errorMessageKey('something_new')).toBe('error.internal');
    expect(errorMessageKey('feed_paused')).toBe('error.feed_paused');
  });
});
