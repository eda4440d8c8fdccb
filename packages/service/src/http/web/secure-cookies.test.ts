import { describe, expect, it } from 'vitest';
import { cookiesAreSecure } from './web-session.js';

describe('cookiesAreSecure: the Secure attribute of the panel and portal cookies, from configuration', () => {
  it('follows a public URL when one is set, whatever the bind address', () => {
    expect(cookiesAreSecure('https://panel.example.com', '127.0.0.1')).toBe(true);
    expect(cookiesAreSecure('HTTPS://PANEL.EXAMPLE.COM', '0.0.0.0')).toBe(true);
    expect(cookiesAreSecure('http://panel.internal', '0.0.0.0')).toBe(false);
  });

  it('without one, is Secure unless the listener is bound to loopback (development on this machine)', () => {
    expect(cookiesAreSecure(null, '127.0.0.1')).toBe(false);
    expect(cookiesAreSecure(null, '::1')).toBe(false);
    expect(cookiesAreSecure(null, 'localhost')).toBe(false);
    expect(cookiesAreSecure(null, '0.0.0.0')).toBe(true);
    expect(cookiesAreSecure(null, '10.0.0.5')).toBe(true);
  });
});
