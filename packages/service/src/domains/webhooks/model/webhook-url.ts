import ipaddr from 'ipaddr.js';

/**
 * Where the service may POST events (decisions part 1, ALLOW_INSECURE_WEBHOOKS). A webhook URL is
 * fetched by our servers, so an operator must not be able to aim it at our own network: loopback,
 * private, link-local (the cloud metadata address among them) and every other special range are
 * refused, and so are plain http and credentials in the URL. `allowInsecure` (local development and
 * tests) lifts the address and scheme rules, never the shape rules.
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
 * The address's range when it is not a public unicast one, else 'unicast'. IPv4-mapped IPv6 is judged
 * as the IPv4 address it carries, so ::ffff:127.0.0.1 is loopback. Checked again at connect time on the
 * address the name resolved to, because DNS can change after the URL was set.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  return ipaddr.process(address).range();
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
