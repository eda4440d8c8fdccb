import { z } from 'zod';
import { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from '../errors/index.js';

/** The error envelope (docs/operator-api.md, "Errors") as a response schema. */
export const ErrorEnvelope = z
  .object({
    error: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).describe('The code; clients branch on it.'),
    message: z.string().describe('Human text; never branch on it.'),
    details: z.record(z.string(), z.unknown()).nullable(),
    request_id: z.string().describe('Also in the X-Request-Id header.'),
    source: z.string().describe('Opaque; quote it with request_id to support.'),
    ts: z.string().describe('RFC 3339 UTC.'),
  })
  .describe('Error envelope');

/** What any route with an API key can answer before it starts its own work (rate_limited among them). */
export const API_KEY_ERRORS = ['invalid_api_key', 'insufficient_scope', 'tenant_suspended', 'rate_limited'] as const;
/** The same for routes that also take a widget session token. */
export const API_KEY_OR_SESSION_ERRORS = [...API_KEY_ERRORS, 'invalid_session_token'] as const;

/** What any keyed write with the API key can answer besides its own refusals (the keyed-write runner's). */
export const API_KEY_WRITE_ERRORS = [
  'validation_failed',
  'idempotency_key_required',
  ...API_KEY_ERRORS,
  'request_too_large',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
] as const;

/** The same for routes only a widget session token reaches (an API key there is invalid_session_token). */
export const SESSION_ERRORS = ['invalid_session_token', 'tenant_suspended', 'rate_limited'] as const;

/** OpenAPI security of routes by credential (the schemes are declared in http/app.ts). */
export const API_KEY_SECURITY: Record<string, string[]>[] = [{ apiKey: [] }];
export const SESSION_SECURITY: Record<string, string[]>[] = [{ sessionToken: [] }];
export const API_KEY_OR_SESSION_SECURITY: Record<string, string[]>[] = [{ apiKey: [] }, { sessionToken: [] }];

/** The document's introduction: what an operator needs before the first call (markdown, shown at /docs). */
export const API_INTRODUCTION = [
  'The operator-facing API (/v1). Call it from your server only, with `Authorization: Bearer <API key>`;',
  'a sandbox key works on the sandbox listener only, a live key on the live one.',
  '',
  '**Guides**: start with the [quickstart](/docs/guides/quickstart) (a user, a deposit, the widget and a',
  'webhook, in curl and TypeScript), then [errors and retries](/docs/guides/errors), [rate',
  'limits](/docs/guides/rate-limits) and the [other guides](/docs/guides).',
  '',
  '**SDK**: `@pm/sdk` is the typed TypeScript client of this API, a method per operation',
  '(`pm.balanceSync.create(body, { idempotencyKey })`), with Idempotency-Keys, retries with the same key,',
  'cursors and a webhook verifier. Install it from this listener with',
  '`npm install "$PM_BASE_URL/docs/sdk/pm-sdk-0.1.0.tgz"`; [its page](/docs/sdk) shows each.',
  '',
  '- **Writes** that move money or open something take an `Idempotency-Key` (at most 128 characters, no',
  '  colon): the same key and body replay the first answer, so a retry after a lost answer is safe.',
  '- **Amounts** are decimal strings with at most two decimals (`"10.00"`); a JSON number is refused.',
  '- **Errors** have one envelope (`ErrorEnvelope` below): branch on `error`, quote `request_id` to',
  '  support. 429, 409 `idempotency_key_in_progress` and 503 `market_not_ready` carry `Retry-After`.',
  '- **Rate limits** (per tier, per 60 s) answer 429 `rate_limited` with `Retry-After` in whole seconds.',
  '  Wait it out: a refused request that comes once a `Retry-After` given for it is due does not count, so',
  '  clients that wait, even several sharing one budget, keep it whole, while one that retries at once',
  '  stays refused.',
  '  Requests with a widget session token count per end user; in `default` and `feed_read` they do not',
  "  count against your API key's budget.",
  '- **Lists** answer `{"data": [...], "next_cursor"}`; pass `cursor` for the next page.',
  '- **Free text** (ticket subjects and bodies, display names, titles) refuses control characters and the',
  '  bidirectional controls U+202A–U+202E and U+2066–U+2069 with 400 `validation_failed`.',
  '- **Webhooks** are signed with your webhook secret; their events are listed at the end.',
  '- **Headers**: every answer carries `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`.',
  '  CORS headers go only to widget session-token requests from an origin the tenant lists, never to',
  '  API-key requests: a page that holds an API key cannot read the answers.',
  '- **Compression**: JSON answers over 1 KB come brotli- or gzip-encoded when `Accept-Encoding` asks',
  '  for it (`Vary: Accept-Encoding`); send no header or `identity` for plain bytes.',
].join('\n');

/** The tags of the /v1 routes, in the order the reference shows them, each with what it covers. */
export const API_TAG_DESCRIPTIONS = {
  tenant: 'The tenant and environment a key belongs to, its webhook URL, allowed origins and webhook secret.',
  users:
    'End users mirrored from your platform: registered by your external id, with their virtual balance and limits.',
  'balance sync': 'Deposits and withdrawals moved into the virtual balance, one at a time or in batches of up to 500.',
  ledger: "A user's ledger transactions, newest first: every movement of the virtual balance.",
  markets: 'The markets enabled for the environment, their prices, price history and your exposure.',
  positions: 'Opening and closing positions at the price of the moment, quotes, and refused attempts.',
  orders: 'Limit orders: placed, filled when the price reaches them, cancelled.',
  'widget sessions': 'Session tokens that let the embedded widget act for one user, made by your server.',
  widget: "What the embedded widget reads and changes for its session's user.",
  events: 'The events the webhooks carry, as a list to read back or catch up from.',
  reports: 'Reports generated in the background and downloaded as CSV.',
  reconciliation: 'Differences found between your balances and the ledger.',
  'support tickets': 'Questions to the platform team, quoting a request id.',
  sandbox: 'Test markets of the sandbox environment, resolved or voided by you.',
  versioning: "The contract's changes, newest first.",
  Webhooks: 'The events posted to your webhook URL, signed with your webhook secret.',
} as const;

/** The success of a route that answers 204 with no body. */
export const NO_CONTENT = { 204: z.null().describe('No content.') };

/**
 * Error responses of a route, one entry per status listing the codes it can give, so the reference
 * says exactly which codes a route produces.
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, 'internal_error' as const]) {
    const status = ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, ErrorEnvelope.describe(list.join(', '))]));
}

/** The whole catalog in the document: every code with its status and meaning. */
export function errorCatalogComponents(): { schemas: Record<string, object>; 'x-error-catalog': object } {
  const retry = { same_key: 'same key', new_key: 'new key, after the fix', no: 'no: fix first' } as const;
  const rows = ERROR_CODES.map((code) => {
    const { status, description, action } = ERROR_CATALOG[code];
    return `| ${status} | ${code} | ${description} | ${retry[ERROR_CATALOG[code].retry]} | ${action} |`;
  });
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ErrorEnvelope) as Record<string, unknown>;
  return {
    'x-error-catalog': Object.fromEntries(ERROR_CODES.map((code) => [code, ERROR_CATALOG[code]])),
    schemas: {
      ErrorEnvelope: {
        ...schema,
        description: [
          'Every error answer has this body. [Errors and retries](/docs/guides/errors) explains how to act on each.',
          '',
          '| Status | Code | Meaning | Retry | What to do |',
          '|---|---|---|---|---|',
          ...rows,
        ].join('\n'),
      },
    },
  };
}

/** The response header a replayed keyed answer carries, as the document shows it. */
const REPLAYED_HEADER_DOC = {
  description:
    'Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key ' +
    'sent again (its body byte for byte the first one); a first answer never carries it.',
  schema: { type: 'string', enum: ['true'] },
};

/** Answers given before a keyed write reaches its key (credential, size, rate, server): never a replay. */
const NEVER_REPLAYED = new Set(['401', '403', '413', '429', '500', '503']);

interface KeyedOperation {
  parameters?: { in?: string; name?: string }[];
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}

/**
 * Documents `Idempotent-Replayed` on every answer of every keyed route (those taking an Idempotency-Key
 * header) that a stored answer can be: successes and stored refusals alike.
 */
export function withReplayedHeader<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, KeyedOperation>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const keyed = operation.parameters?.some((p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key');
      if (!keyed) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (NEVER_REPLAYED.has(status)) continue;
        response.headers = { ...response.headers, 'Idempotent-Replayed': REPLAYED_HEADER_DOC };
      }
    }
  }
  return document;
}
