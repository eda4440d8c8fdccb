import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRegistrableOrigin } from './origin.js';

describe('isRegistrableOrigin', () => {
  it.each([
    'https://example.com',
    'http://localhost:3000',
    'https://a.b.example.co.uk:8443',
    'http://example.com:443',
    'https://example.com:80',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
    'https://xn--bcher-kva.de',
  ])('accepts %s', (origin) => {
    expect(isRegistrableOrigin(origin)).toBe(true);
  });

  it.each([
    ['a trailing slash', 'https://example.com/'],
    ['a path', 'https://example.com/app'],
    ['a query', 'https://example.com?x=1'],
    ['an empty query', 'https://example.com?'],
    ['a hash', 'https://example.com#top'],
    ['an upper-case host', 'https://Example.com'],
    ['an upper-case scheme', 'HTTPS://example.com'],
    ['the https default port spelled out', 'https://x.com:443'],
    ['the http default port spelled out', 'http://x.com:80'],
    ['a port with a leading zero', 'http://x.com:03000'],
    ['an empty port', 'https://x.com:'],
    ['a file: URL', 'file:///etc/passwd'],
    ['an ftp: URL', 'ftp://example.com'],
    ['a chrome-extension: URL', 'chrome-extension://abcdefghijklmnop'],
    ['a ws: URL', 'ws://example.com'],
    ['a data: URL', 'data:text/html,hi'],
    ['the opaque origin "null"', 'null'],
    ['the empty string', ''],
    ['user-info', 'https://user@example.com'],
    ['user-info with a password', 'https://user:pass@example.com'],
    ['a trailing space', 'https://example.com '],
    ['a leading space', ' https://example.com'],
    ['a trailing newline', 'https://example.com\n'],
    ['a scheme without slashes', 'https:example.com'],
    ['a unicode host', 'https://bücher.de'],
    ['a bare host', 'example.com'],
  ])('refuses %s (%j)', (_name, origin) => {
    expect(isRegistrableOrigin(origin)).toBe(false);
  });

  // DNS labels; no '--' (that would make xn-- punycode) and a last label that is not a number (URL reads
  // a host ending in a number as an IPv4 address).
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/).filter((l) => !l.includes('--'));
  const topLabel = fc.stringMatching(/^[a-z]([a-z0-9-]{0,6}[a-z0-9])?$/).filter((l) => !l.includes('--'));
  const host = fc.tuple(fc.array(label, { maxLength: 3 }), topLabel).map(([labels, top]) => [...labels, top].join('.'));
  const scheme = fc.constantFrom('http', 'https');

  it('accepts any lower-case host with or without a non-default port', () => {
    fc.assert(
      fc.property(scheme, host, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), (s, h, port) => {
        fc.pre(!(port === 80 && s === 'http') && !(port === 443 && s === 'https'));
        expect(isRegistrableOrigin(`${s}://${h}${port === undefined ? '' : `:${port}`}`)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any accepted origin with something appended or a letter upper-cased', () => {
    fc.assert(
      fc.property(scheme, host, fc.constantFrom('/', '/p', '?', '?q=1', '#', '#h', ':443x'), (s, h, suffix) => {
        expect(isRegistrableOrigin(`${s}://${h}${suffix}`)).toBe(false);
        const upper = h.replace(/[a-z]/, (c) => c.toUpperCase());
        if (upper !== h) expect(isRegistrableOrigin(`${s}://${upper}`)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('hosts a browser never sends', () => {
  it.each(['https://*.example.com', 'https://exa_mple.com', 'https://-bad.example', 'http://a..b'])(
    'refuses %s',
    (origin) => {
      expect(isRegistrableOrigin(origin)).toBe(false);
    },
  );
  it('accepts IP literals', () => {
    expect(isRegistrableOrigin('http://127.0.0.1:8080')).toBe(true);
    expect(isRegistrableOrigin('http://[::1]:3000')).toBe(true);
  });
});
