import { describe, expect, it } from 'vitest';
import { isApiBaseUrl, optionsProblem, tokenExpiry } from './options.js';

const token = `h.${btoa(JSON.stringify({ exp: 2_000_000_000 })).replace(/=+$/, '')}.s`;
const valid = { target: { nodeType: 1 }, sessionToken: token, onSessionExpired: () => {} };

describe('optionsProblem (docs/widget.md, "How it behaves": what mount() refuses)', () => {
  it('takes the three required options and every optional one when well formed', () => {
    expect(optionsProblem(valid)).toBeNull();
    expect(
      optionsProblem({
        ...valid,
        apiBaseUrl: 'https://api.example.com:8443',
        locale: 'pt-BR',
        scheme: 'dark',
        theme: { accent: '#0af', 'font-size': '16px' },
        market: 'cup-final-2027',
      }),
    ).toBeNull();
  });

  it('refuses the API key as a token, whatever else is right', () => {
    expect(optionsProblem({ ...valid, sessionToken: 'pmk_sandbox_abc' })).toMatch(/API key/);
  });

  it('refuses every malformed option with a reason', () => {
    for (const options of [
      undefined,
      'x',
      { ...valid, target: undefined },
      { ...valid, target: {} },
      { ...valid, sessionToken: '' },
      { ...valid, sessionToken: 'not-a-jwt' },
      { ...valid, onSessionExpired: undefined },
      { ...valid, apiBaseUrl: 'https://api.example.com/' },
      { ...valid, apiBaseUrl: 'https://api.example.com/v1' },
      { ...valid, apiBaseUrl: 'https://api.example.com?x=1' },
      { ...valid, apiBaseUrl: 'https://api.example.com#x' },
      { ...valid, apiBaseUrl: 'ftp://api.example.com' },
      { ...valid, apiBaseUrl: 'https://user:pw@api.example.com' },
      { ...valid, locale: 'english' },
      { ...valid, scheme: 'blue' },
      { ...valid, theme: { css: 'x' } },
      { ...valid, theme: { accent: 'blue' } },
      { ...valid, theme: 'dark' },
      { ...valid, sessiontoken: token },
      { ...valid, market: 'Cup Final' },
      { ...valid, market: '' },
      { ...valid, market: 'x'.repeat(65) },
      { ...valid, market: 42 },
    ])
      expect(optionsProblem(options), JSON.stringify(options)).toEqual(expect.any(String));
  });
});

describe('isApiBaseUrl and tokenExpiry', () => {
  it('read what they must', () => {
    expect(isApiBaseUrl('http://localhost:8080')).toBe(true);
    expect(isApiBaseUrl('https://EXAMPLE.com')).toBe(false); // not in its normal form
    expect(tokenExpiry(token)).toBe(2_000_000_000_000);
    expect(tokenExpiry('a.b.c')).toBeNull();
  });
});
