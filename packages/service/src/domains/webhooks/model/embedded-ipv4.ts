import ipaddr from 'ipaddr.js';

/**
 * The IPv6 forms that carry an IPv4 address, and where it sits. A packet to one of them can land on that
 * IPv4 address (a NAT64 translator, a 6to4 or Teredo relay, the kernel's own tunnel does the rest), so a
 * webhook URL's address is judged by the IPv4 addresses inside as well as by its own range
 * (docs/operator-api.md, "Where it may go"): `[64:ff9b::a9fe:a9fe]` is the metadata address.
 */
const FORMS: ReadonlyArray<{ prefix: [ipaddr.IPv6, number]; carried: (bytes: number[]) => number[][] }> = [
  // IPv4-compatible (RFC 4291 2.5.5.1, deprecated but still parsed and routed by some stacks).
  { prefix: ipaddr.IPv6.parseCIDR('::/96'), carried: (b) => [b.slice(12)] },
  // IPv4-mapped; ipaddr.process already turns these into the IPv4 address, listed for completeness.
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), carried: (b) => [b.slice(12)] },
  // IPv4-translated (RFC 6145 / SIIT).
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), carried: (b) => [b.slice(12)] },
  // NAT64, the well-known prefix (RFC 6052).
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), carried: (b) => [b.slice(12)] },
  // NAT64 for local use (RFC 8215), read as a /96 translator prefix: the IPv4 address is the last 32 bits.
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), carried: (b) => [b.slice(12)] },
  // 6to4 (RFC 3056): the site's IPv4 address is bits 16 to 47.
  { prefix: ipaddr.IPv6.parseCIDR('2002::/16'), carried: (b) => [b.slice(2, 6)] },
  // Teredo (RFC 4380): the server's IPv4 address is bits 32 to 63, the client's the last 32 bits with every
  // bit flipped. Both are contacted on the way, so both are judged.
  {
    prefix: ipaddr.IPv6.parseCIDR('2001::/32'),
    carried: (b) => [b.slice(4, 8), b.slice(12).map((byte) => byte ^ 0xff)],
  },
];

/** The IPv4 addresses `address` carries by its form, in the order they appear; none for other addresses. */
export function embeddedIpv4s(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const form = FORMS.find((f) => address.match(f.prefix));
  return form ? form.carried(address.toByteArray()).map((bytes) => new ipaddr.IPv4(bytes)) : [];
}
