import { describe, expect, it } from 'vitest';
import { addressRange, ipLiteralOf, webhookUrlProblem } from './webhook-url.js';

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
