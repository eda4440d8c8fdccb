import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressRange, ipLiteralOf } from './model/webhook-url.js';

/** The webhook transport port: how one signed POST reaches a receiver. */
export interface WebhookTransport {
  send(request: WebhookRequest): Promise<SendResult>;
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** What one POST to a receiver gave. */
export interface SendResult {
  /** The HTTP status, or null when no answer came (timeout, refused, reset, a refused address). */
  status: number | null;
  /** Why it failed without an answer. */
  error: string | null;
  latencyMs: number;
  /** At most EXCERPT_BYTES of the answer's body, for support; null without an answer. */
  excerpt: string | null;
}

/** Who the service says it is to a receiver. */
export const WEBHOOK_USER_AGENT = 'pm-operator-webhooks/1';

/** Receivers are slow and some are hostile (docs/architecture.md, "Events"): their answers are not kept beyond this. */
export const EXCERPT_BYTES = 256;

/**
 * The real transport: node's http and https clients. Unless `allowInsecure`, the receiver's name is
 * resolved once, every address it resolves to must be public, and the socket connects to that checked
 * address (the request's `lookup`), so DNS cannot answer one address to the check and another to the
 * connection. The timeout covers the whole exchange; redirects are not followed (a 3xx is an answer
 * like any non-2xx, and retried).
 */
export function httpTransport(options: { allowInsecure: boolean }): WebhookTransport {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  const lookup = options.allowInsecure ? undefined : publicOnlyLookup;
  return {
    async send(request) {
      const started = performance.now();
      const latencyMs = () => Math.round(performance.now() - started);
      const failed = (error: string): SendResult => ({ status: null, error, latencyMs: latencyMs(), excerpt: null });
      const url = URL.canParse(request.url) ? new URL(request.url) : null;
      if (url === null) return failed('not a URL');
      const scheme = url.protocol === 'https:' ? 'https:' : url.protocol === 'http:' ? 'http:' : null;
      if (scheme === null) return failed(`refused scheme ${url.protocol}`);
      if (!options.allowInsecure) {
        if (scheme !== 'https:') return failed('refused plain http');
        // An IP literal is never looked up, so it is checked here instead of in the lookup.
        const literal = ipLiteralOf(url.hostname);
        const range = literal === null ? 'unicast' : addressRange(literal);
        if (range !== 'unicast') return failed(`refused ${range} address ${literal}`);
      }
      try {
        const answer = await post(scheme === 'https:' ? https : http, agents[scheme], url, request, lookup);
        return { status: answer.status, error: null, latencyMs: latencyMs(), excerpt: answer.excerpt };
      } catch (error) {
        return failed(describe(error, request.timeoutMs));
      }
    },
  };
}

class Timeout extends Error {}
class RefusedAddress extends Error {}

/** One POST; resolves once the status and the excerpt are in, or fails with the reason. */
function post(
  client: typeof http | typeof https,
  agent: http.Agent,
  url: URL,
  request: WebhookRequest,
  lookup: LookupFunction | undefined,
): Promise<{ status: number; excerpt: string }> {
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      agent,
      lookup,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(request.body),
        'user-agent': WEBHOOK_USER_AGENT,
        ...request.headers,
      },
    });
    const timer = setTimeout(() => req.destroy(new Timeout()), request.timeoutMs);
    let answered = false;
    req.on('error', (error) => {
      // After the status came, an error (the timeout, a reset) only cuts the excerpt short.
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      readExcerpt(res).then((excerpt) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, excerpt });
      });
    });
    req.end(request.body);
  });
}

/**
 * The first bytes of the body. The status decides, so a body that stalls, breaks or runs past the
 * timeout still leaves the answer given; past EXCERPT_BYTES the response is dropped, connection and all.
 */
function readExcerpt(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
      // PostgreSQL text holds no NUL; a cut multi-byte character becomes U+FFFD.
      resolve(new TextDecoder().decode(bytes).replaceAll('\u0000', ''));
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= EXCERPT_BYTES) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('close', done);
    res.on('error', done);
  });
}

/** net's lookup hook: resolve once, refuse unless every address is public, and hand back only those. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 })
    .then((addresses) => {
      const refused = addresses.find((a) => addressRange(a.address) !== 'unicast');
      if (refused) {
        const range = addressRange(refused.address);
        throw new RefusedAddress(`refused ${range} address ${refused.address} for ${hostname}`);
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    })
    .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
};

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Timeout) return `timeout after ${timeoutMs} ms`;
  if (error instanceof RefusedAddress) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  return (code ?? (error instanceof Error ? error.message : String(error))).slice(0, 200);
}
