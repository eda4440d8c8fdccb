import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { embeddedIpv4s } from './embedded-ipv4.js';

const carried = (address: string) => embeddedIpv4s(ipaddr.IPv6.parse(address)).map(String);

describe('embeddedIpv4s', () => {
  it('reads the IPv4 address where each form keeps it', () => {
    expect(carried('::7f00:1')).toEqual(['127.0.0.1']); // IPv4-compatible
    expect(carried('::ffff:a01:203')).toEqual(['10.1.2.3']); // IPv4-mapped
    expect(carried('::ffff:0:a9fe:a9fe')).toEqual(['169.254.169.254']); // IPv4-translated
    expect(carried('64:ff9b::808:808')).toEqual(['8.8.8.8']); // NAT64, well-known
    expect(carried('64:ff9b:1::c0a8:101')).toEqual(['192.168.1.1']); // NAT64, local use
    expect(carried('2002:7f00:1:ab::1')).toEqual(['127.0.0.1']); // 6to4: bits 16 to 47, not the rest
  });

  it('reads both of Teredo: the server as written, the client with every bit flipped', () => {
    // RFC 4380's example: server 65.54.227.120, client 192.0.2.45 behind port 40000.
    expect(carried('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45']);
  });

  it('finds none in addresses that carry none', () => {
    for (const address of [
      '2606:2800:220:1:248:1893:25c8:1946',
      'fe80::1',
      'fd00:ec2::254',
      '2001:db8::1',
      '::1:0:0:1',
    ]) {
      expect(carried(address), address).toEqual([]);
    }
  });
});
