import ipaddr from 'ipaddr.js';
import { embeddedIpv4s } from './embedded-ipv4.js';

/**
 * Where the service may POST events (docs/operator-api.md, "Where it may go"; ALLOW_INSECURE_WEBHOOKS in
 * docs/configuration.md). A webhook URL is fetched by our servers, so an operator must not be able to aim
 * it at our own network: loopback, private, link-local (the cloud metadata address among them) and every
 * other special range are refused, and so are plain http and credentials in the URL. `allowInsecure`
 * (local development and tests) lifts the address and scheme rules, never the shape rules.
 */
export interface WebhookUrlPolicy {
  readonly allowInsecure: boolean;
}

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Why `text` may not be a webhook URL, or null when it may. Checked when the URL is set. */
export function webhookUrlProblem(text: string, policy: WebhookUrlPolicy): string | null {
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (policy.allowInsecure) return null;
  if (url.protocol !== 'https:') return 'must use https';
  const host = url.hostname;
  const literal = ipLiteralOf(host);
  if (literal !== null) {
    const range = addressRange(literal);
    return range === 'unicast' ? null : `must not point at a ${range} address`;
  }
  if (isLocalName(host)) return 'must name a public host';
  return null;
}

/**
 * The address's range when it is not a public unicast one, else 'unicast'. Checked again at connect time
 * on the address the name resolved to, because DNS can change after the URL was set.
 *
 * An IPv6 address that carries an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo: see
 * embedded-ipv4.ts) is refused with the IPv4 address's range when that one is not public, so
 * `::127.0.0.1` and `64:ff9b::10.0.0.1` are loopback and private. With only public IPv4 addresses inside,
 * the IPv6 form's own range decides as before (NAT64, 6to4 and Teredo stay refused under their names):
 * the rule only ever gets stricter here.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.range();
  const own = parsed.range();
  // :: and ::1 lie in ::/96, but they are IPv6's own unspecified and loopback addresses, named as such.
  if (own === 'unspecified' || own === 'loopback') return own;
  const inside = embeddedIpv4s(parsed).map((v4) => v4.range());
  return inside.find((range) => range !== 'unicast') ?? own;
}

export const isPublicAddress = (address: string): boolean => addressRange(address) === 'unicast';

/** The address in an IP-literal host (`[::1]` → `::1`), or null for a name. */
export function ipLiteralOf(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}

/** Names that only resolve inside a network: single labels and the suffixes reserved for local use. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return /\.(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/.test(name);
}
