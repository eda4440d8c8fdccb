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

/**
 * What a refusal adds when ALLOW_INSECURE_WEBHOOKS=1 would lift the rule that refused the URL (plain http,
 * a loopback, private or local host). Only the sandbox is told to start the service so: the flag is for
 * local development and tests (docs/configuration.md), and a live receiver must be https on a public host.
 */
const LIFTABLE_HINT = {
  sandbox: 'For local development, start the service with ALLOW_INSECURE_WEBHOOKS=1 to allow http and loopback URLs.',
  live: 'Live events go only to https on a public host; try a local receiver with the sandbox environment instead.',
} as const;

/**
 * Why `text` may not be a webhook URL, or null when it may. Checked when the URL is set. With the
 * environment the URL is for, a refusal that ALLOW_INSECURE_WEBHOOKS lifts says what to do instead.
 */
export function webhookUrlProblem(
  text: string,
  policy: WebhookUrlPolicy,
  environment?: keyof typeof LIFTABLE_HINT,
): string | null {
  const problem = strictProblem(text, policy);
  if (problem === null || environment === undefined || !problem.liftable) return problem?.text ?? null;
  return `${problem.text}. ${LIFTABLE_HINT[environment]}`;
}

function strictProblem(text: string, policy: WebhookUrlPolicy): { text: string; liftable?: true } | null {
  const problem = (words: string) => ({ text: words });
  const liftable = (words: string) => ({ text: words, liftable: true as const });
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return problem(`must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return problem('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return problem('must use https');
  if (url.username !== '' || url.password !== '') return problem('must not carry a user name or password');
  if (policy.allowInsecure) return null;
  if (url.protocol !== 'https:') return liftable('must use https');
  const host = url.hostname;
  const literal = ipLiteralOf(host);
  if (literal !== null) {
    const range = addressRange(literal);
    return range === 'unicast' ? null : liftable(`must not point at a ${range} address`);
  }
  if (isLocalName(host)) return liftable('must name a public host');
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
