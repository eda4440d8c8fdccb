import ipaddr from 'ipaddr.js';

/**
 * Whether a bind address (HOST) is reached from this machine only: `localhost`, 127.0.0.0/8, `::1`
 * (bracketed or not, or IPv4-mapped). `0.0.0.0`, `::`, a LAN address or a name are not.
 *
 * @example
 * isLoopbackHost('127.0.0.1'); // true
 * isLoopbackHost('0.0.0.0'); // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}
