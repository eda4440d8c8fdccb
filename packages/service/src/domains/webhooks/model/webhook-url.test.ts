import { describe, expect, it } from 'vitest';
import { addressRange, ipLiteralOf, isPublicAddress, webhookUrlProblem } from './webhook-url.js';

const strict = { allowInsecure: false };
const insecure = { allowInsecure: true };

describe('webhookUrlProblem', () => {
  it('takes https to a public host, with a port, path and query', () => {
    for (const url of [
      'https://hooks.example.com/pm',
      'https://hooks.example.com:8443/pm?tenant=1',
      'https://93.184.216.34/hook',
      'https://[2606:2800:220:1:248:1893:25c8:1946]/hook',
    ]) {
      expect(webhookUrlProblem(url, strict), url).toBeNull();
    }
  });

  it('refuses plain http, credentials and over-long URLs', () => {
    expect(webhookUrlProblem('http://hooks.example.com/pm', strict)).toBe('must use https');
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', strict)).toMatch(/user name or password/);
    expect(webhookUrlProblem('https://user@hooks.example.com/', strict)).toMatch(/user name or password/);
    expect(webhookUrlProblem(`https://hooks.example.com/${'a'.repeat(2048)}`, strict)).toMatch(/at most 2048/);
    expect(webhookUrlProblem('ftp://hooks.example.com/', strict)).toBe('must use https');
  });

  it('refuses loopback, private, link-local, metadata and other special addresses in every spelling', () => {
    const refused: Array<[string, RegExp]> = [
      ['https://127.0.0.1/', /loopback/],
      ['https://127.1/', /loopback/], // URL normalises short and decimal forms to 127.0.0.1
      ['https://2130706433/', /loopback/],
      ['https://0x7f000001/', /loopback/],
      ['https://[::1]/', /loopback/],
      ['https://[::ffff:127.0.0.1]/', /loopback/], // IPv4-mapped: judged as the IPv4 address
      ['https://10.1.2.3/', /private/],
      ['https://172.16.0.1/', /private/],
      ['https://192.168.1.1/', /private/],
      ['https://169.254.169.254/latest/meta-data', /linkLocal/],
      ['https://[fe80::1]/', /linkLocal/],
      ['https://[fd00:ec2::254]/', /uniqueLocal/],
      ['https://0.0.0.0/', /unspecified/],
      ['https://100.64.0.1/', /carrierGradeNat/],
      ['https://224.0.0.1/', /multicast/],
    ];
    for (const [url, reason] of refused) expect(webhookUrlProblem(url, strict), url).toMatch(reason);
  });

  it('refuses names that only resolve inside a network', () => {
    for (const url of [
      'https://localhost/',
      'https://api.localhost/',
      'https://metadata/',
      'https://metadata.google.internal/',
      'https://printer.local/',
      'https://LOCALHOST./',
    ]) {
      expect(webhookUrlProblem(url, strict), url).toBe('must name a public host');
    }
  });

  it('with ALLOW_INSECURE_WEBHOOKS lets http and local hosts through, never credentials', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9000/hooks', insecure)).toBeNull();
    expect(webhookUrlProblem('http://localhost/hooks', insecure)).toBeNull();
    expect(webhookUrlProblem('https://10.0.0.1/hooks', insecure)).toBeNull();
    expect(webhookUrlProblem('http://a:b@127.0.0.1/', insecure)).toMatch(/user name or password/);
  });
});

/** An IPv4 address as the last 32 bits of an IPv6 address: 127.0.0.1 → 7f00:1. */
const hex = (v4: string) => {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
};
/** The same with every bit flipped, as Teredo keeps its client's address. */
const flipped = (v4: string) =>
  hex(
    v4
      .split('.')
      .map((octet) => 255 - Number(octet))
      .join('.'),
  );

/** Each IPv6 form that carries an IPv4 address, and its own range when what it carries is public. */
const FORMS: Array<[form: string, build: (v4: string) => string, ownRange: string]> = [
  ['IPv4-compatible ::/96', (v4) => `::${hex(v4)}`, 'unicast'],
  ['IPv4-translated ::ffff:0:0:0/96', (v4) => `::ffff:0:${hex(v4)}`, 'rfc6145'],
  ['NAT64 64:ff9b::/96', (v4) => `64:ff9b::${hex(v4)}`, 'rfc6052'],
  ['local NAT64 64:ff9b:1::/48', (v4) => `64:ff9b:1::${hex(v4)}`, 'rfc6052'],
  ['6to4 2002::/16', (v4) => `2002:${hex(v4)}::1`, '6to4'],
  ['Teredo server', (v4) => `2001:0:${hex(v4)}:8000:63bf:${flipped('8.8.8.8')}`, 'teredo'],
  ['Teredo client', (v4) => `2001:0:${hex('8.8.8.8')}:8000:63bf:${flipped(v4)}`, 'teredo'],
];
const INSIDE: Array<[v4: string, range: string | null]> = [
  ['127.0.0.1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['169.254.169.254', 'linkLocal'],
  ['8.8.8.8', null], // public: the IPv6 form's own range decides
];

describe('IPv6 addresses that carry an IPv4 address', () => {
  for (const [form, build, ownRange] of FORMS) {
    for (const [v4, range] of INSIDE) {
      const address = build(v4);
      it(`${form} carrying ${v4} (${address}) is ${range ?? ownRange}`, () => {
        expect(addressRange(address)).toBe(range ?? ownRange);
        expect(isPublicAddress(address)).toBe((range ?? ownRange) === 'unicast');
        const problem = webhookUrlProblem(`https://[${address}]/hooks`, strict);
        if (range === null && ownRange === 'unicast') expect(problem).toBeNull();
        else expect(problem).toBe(`must not point at a ${range ?? ownRange} address`);
      });
    }
  }

  it('judges the dotted spellings too, in a URL (which writes them in hex) and as a resolver may answer', () => {
    for (const [address, range] of [
      ['::127.0.0.1', 'loopback'],
      ['::169.254.169.254', 'linkLocal'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['64:ff9b:1::127.0.0.1', 'loopback'],
      ['::ffff:0:192.168.0.1', 'private'],
    ]) {
      expect(addressRange(address!), address).toBe(range);
      expect(webhookUrlProblem(`https://[${address}]/`, strict), address).toBe(`must not point at a ${range} address`);
    }
  });

  it('names :: and ::1 as themselves, not by the IPv4 address their bits would spell', () => {
    expect(addressRange('::')).toBe('unspecified');
    expect(addressRange('::1')).toBe('loopback');
    expect(webhookUrlProblem('https://[::]/', strict)).toBe('must not point at a unspecified address');
    expect(webhookUrlProblem('https://[::1]/', strict)).toBe('must not point at a loopback address');
    // The rest of 0.0.0.0/8 inside ::/96 is refused with it.
    expect(addressRange('::2')).toBe('unspecified');
  });
});

describe('addresses', () => {
  it('names the range of an address, unicast for public ones', () => {
    expect(addressRange('8.8.8.8')).toBe('unicast');
    expect(addressRange('2001:4860:4860::8888')).toBe('unicast');
    expect(addressRange('::ffff:10.0.0.1')).toBe('private');
    expect(addressRange('not an address')).toBe('invalid');
  });

  it('finds IP literals in URL hosts, not in names', () => {
    expect(ipLiteralOf('[::1]')).toBe('::1');
    expect(ipLiteralOf('127.0.0.1')).toBe('127.0.0.1');
    expect(ipLiteralOf('hooks.example.com')).toBeNull();
    expect(ipLiteralOf('1.2.3.4.example.com')).toBeNull();
  });
});

describe('the hint of a refusal the development flag lifts', () => {
  it('tells the sandbox how to allow http and loopback, live where its events go, and nothing else', () => {
    expect(webhookUrlProblem('http://hooks.example.com/', strict, 'sandbox')).toBe(
      'must use https. For local development, start the service with ALLOW_INSECURE_WEBHOOKS=1 to allow http and loopback URLs.',
    );
    expect(webhookUrlProblem('https://localhost/', strict, 'live')).toBe(
      'must name a public host. Live events go only to https on a public host; try a local receiver with the sandbox environment instead.',
    );
    expect(webhookUrlProblem('ftp://hooks.example.com/', strict, 'sandbox')).toBe('must use https');
    expect(webhookUrlProblem('https://u:p@hooks.example.com/', strict, 'sandbox')).toBe(
      'must not carry a user name or password',
    );
    expect(webhookUrlProblem('http://127.0.0.1/', insecure, 'sandbox')).toBeNull();
  });
});
