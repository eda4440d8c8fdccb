import { LIMITED_TIERS, SPEC_LIMITS, type LimitedTier } from '../domains/rate-limits/model/tiers.js';
import type { Credential, RateTier } from './route-meta.js';

/** A route as app.ts's route table lists it (named here so that this file does not import the app). */
interface RouteInfo {
  method: string;
  url: string;
  meta: { tier: RateTier; credential: Credential } | undefined;
}

/**
 * What the reference at /docs says besides the routes' own schemas (issue 29): each success answer
 * described, each operation's rate limit, and text a markdown reader would take for HTML kept as text.
 */

/** Success answers whose schema has no description of its own, by `METHOD path status`. */
const SUCCESS: Record<string, string> = {
  'PUT /v1/users/{external_user_id} 200': 'The user, updated, with its virtual balance.',
  'PUT /v1/users/{external_user_id} 201': 'The user, registered by this request, with its virtual balance.',
  'GET /v1/users/{external_user_id} 200': 'The user with its virtual balance.',
  'GET /v1/users/me 200': "The session's user with its virtual balance.",
  'POST /v1/balance-sync 200':
    'The movement applied: its ledger transaction and the virtual balance after it. The same key and body answer these bytes again.',
  'POST /v1/balance-sync/batch 200':
    'One result per item, in item order: the status and body that item would have had as a single request.',
  'GET /v1/transactions 200': 'A page of ledger transactions and the cursor of the next page.',
  'GET /v1/markets 200': 'A page of the markets enabled for this tenant environment and the cursor of the next page.',
  'GET /v1/markets/{slug} 200': 'The market with its outcomes and their current prices.',
  'GET /v1/markets/{slug}/snapshot 200': "The market's current prices.",
  'GET /v1/markets/{slug}/history 200': "The market's price history over the period asked for.",
  'GET /v1/widget/config 200': 'The widget settings of this tenant environment.',
  'GET /v1/widget/profile 200': "The session user's profile.",
  'PUT /v1/widget/profile 200': "The session user's profile after the change.",
  'GET /v1/widget/leaderboard 200': 'The leaderboard of this tenant environment.',
  'POST /v1/widget/error-reports 202': 'The report was taken; nothing else is answered.',
  'GET /v1/widget/saved-markets 200': "The session user's saved markets.",
  'PUT /v1/widget/saved-markets/{market_slug} 200': 'The market is saved (saving it again changes nothing).',
  'POST /v1/positions 201': 'The opened position.',
  'GET /v1/positions 200': 'A page of positions and the cursor of the next page.',
  'POST /v1/positions/{id}/close 200': 'The closed position with what the close paid.',
  'POST /v1/positions/quote 200': 'What the stake would buy now, its price, and the most one open may stake.',
  'POST /v1/positions/{id}/close-quote 200': 'What closing the position now would pay, and at which price.',
  'POST /v1/orders 201': 'The placed limit order.',
  'GET /v1/orders 200': 'A page of limit orders and the cursor of the next page.',
  'GET /v1/positions/{id} 200': 'The position.',
  'GET /v1/position-rejections 200': 'A page of refused open and close attempts and the cursor of the next page.',
  'GET /v1/markets/{slug}/exposure 200':
    'For each outcome: the open positions, their stake, what they would pay and the net if it wins.',
  'DELETE /v1/orders/{id} 200': 'The order as it is after the cancel.',
  'GET /v1/orders/{id} 200': 'The limit order.',
  'GET /v1/events 200': 'A page of events, as the webhooks carry them, and the cursor of the next page.',
  'POST /v1/support-tickets 201': 'The opened ticket.',
  'GET /v1/support-tickets 200': "This tenant environment's tickets, oldest first.",
  'GET /v1/support-tickets/{id} 200': 'The ticket with its messages.',
  'POST /v1/reports 202': 'The report job, generating: read it until it is ready, then download it.',
  'GET /v1/reports 200': "This tenant environment's report jobs, oldest first.",
  'GET /v1/reports/{id} 200': 'The report job with its status.',
  'GET /v1/reconciliation/discrepancies 200': "This tenant environment's reconciliation discrepancies, oldest first.",
  'GET /v1/sandbox/markets 200': "This tenant's sandbox test markets.",
  'GET /v1/tenant 200': 'The tenant and environment the calling key belongs to.',
  'GET /v1/tenant/settings 200': "This environment's webhook URL and allowed origins.",
  'PUT /v1/tenant/settings 200': "This environment's settings after the change.",
  'POST /v1/tenant/webhook-secret 201': 'The new webhook secret, shown in this answer only.',
  'POST /v1/webhooks/test 202': 'The test delivery was queued: its id.',
  'GET /v1/changelog 200': "The contract's changes, newest first.",
};

const STATUS_TEXT: Record<string, string> = { '200': 'Success', '201': 'Created', '202': 'Accepted', '204': 'Done' };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

interface Operation {
  summary?: string;
  description?: string;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: { description?: string } }> }>;
  'x-rate-limit'?: unknown;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}
type JsonSchema = { anyOf?: JsonSchema[]; type?: unknown } & Record<string, unknown>;
type Document = { paths?: Record<string, Record<string, Operation>> };

/**
 * Gives every 2xx a description instead of @fastify/swagger's "Default Response": the table above, the
 * schema's own description, or the summary.
 */
export function withSuccessDescriptions<T>(document: T): T {
  for (const [path, item] of Object.entries((document as Document).paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2') || (response.description && response.description !== 'Default Response')) continue;
        const schema = Object.values(response.content ?? {})[0]?.schema;
        response.description =
          SUCCESS[`${method.toUpperCase()} ${path} ${status}`] ??
          schema?.description ??
          `${STATUS_TEXT[status] ?? 'Success'}: ${operation.summary ?? 'the request was done'}.`;
      }
    }
  }
  return document;
}

/**
 * A body that may be left out (a schema that also takes null) is documented as an optional body of its
 * object shape, not as a required body that may be `null`; one that holds no field at all (a void's `{}`,
 * taken only so that a field sent by mistake is refused) is not documented: the route takes no body, and
 * clients and the SDK call it without one.
 */
export function withOptionalBodies<T>(document: T): T {
  for (const item of Object.values((document as Document).paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !operation.requestBody) continue;
      for (const media of Object.values(operation.requestBody.content ?? {})) {
        const branches = media.schema?.anyOf;
        if (!branches?.some((b) => b.type === 'null')) continue;
        const rest = branches.filter((b) => b.type !== 'null');
        const { anyOf: _nullable, ...others } = media.schema!;
        media.schema = rest.length === 1 ? { ...others, ...rest[0] } : { ...others, anyOf: rest };
        operation.requestBody.required = false;
      }
      const shapes = Object.values(operation.requestBody.content ?? {}).map((m) => m.schema);
      const empty = (s: JsonSchema | undefined) =>
        s?.type === 'object' && Object.keys((s.properties as object | undefined) ?? {}).length === 0;
      if (operation.requestBody.required === false && shapes.every(empty)) delete operation.requestBody;
    }
  }
  return document;
}

const perMinute = (n: number) => n.toLocaleString('en-US');

/** A tier's limits as a route meets them: an end-user limit only where a session token is taken. */
export function endUserLimits(tier: LimitedTier, credential: Credential): { tenant: number; endUser: number | null } {
  const { tenant, endUser } = SPEC_LIMITS[tier];
  const sessions = credential === 'session' || credential === 'api_key_or_session';
  return { tenant, endUser: sessions ? endUser : null };
}

/**
 * Each operation's rate tier (its route meta) as `x-rate-limit` {tier, per_tenant_per_minute,
 * per_end_user_per_minute} and a line at the end of its description.
 */
export function withRateLimits<T>(document: T, routes: readonly RouteInfo[]): T {
  const paths = (document as Document).paths ?? {};
  for (const route of routes) {
    const tier = route.meta?.tier;
    const operation = paths[route.url.replace(/:([a-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (!operation || tier === undefined) continue;
    if (!(LIMITED_TIERS as readonly string[]).includes(tier)) {
      operation['x-rate-limit'] = { tier: 'none' };
      continue;
    }
    const limits = endUserLimits(tier as LimitedTier, route.meta!.credential);
    operation['x-rate-limit'] = {
      tier,
      per_tenant_per_minute: limits.tenant,
      per_end_user_per_minute: limits.endUser,
    };
    const user = limits.endUser === null ? '' : `, ${perMinute(limits.endUser)} per end user with a session token`;
    const line =
      `**Rate limit:** tier \`${tier}\`, ${perMinute(limits.tenant)} requests a minute per tenant environment${user}; ` +
      'over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).';
    operation.description = operation.description ? `${operation.description}\n\n${line}` : line;
  }
  return document;
}

/**
 * Many readers of the document render descriptions as markdown with HTML, where `Bearer <token>` shows as
 * "Bearer ." (an unknown tag, dropped). Every `<word…>` outside a code span becomes a code span, which
 * reads the same in the reference's pages and in the SDK's doc comments made from the same document.
 */
export function withPlaceholdersAsCode<T>(document: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'description' || key === 'summary') && typeof value === 'string')
        (node as Record<string, unknown>)[key] = placeholdersAsCode(value);
      else if (key !== 'example' && key !== 'examples') visit(value);
    }
  };
  visit(document);
  return document;
}

export function placeholdersAsCode(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/<[A-Za-z][^<>`\n]*>/g, (tag) => `\`${tag}\``)))
    .join('');
}

const ENVELOPE_FIELDS = ['error', 'message', 'details', 'request_id', 'source', 'ts'];

/**
 * Each error answer's schema as a reference to the one `ErrorEnvelope` instead of a copy of it per status
 * and route: the same body, described once (with the catalog), and a document a tenth smaller. The
 * response's own description keeps the codes that route gives.
 */
export function withSharedErrorEnvelope<T>(document: T): T {
  type Response = {
    content?: Record<string, { schema?: { properties?: Record<string, unknown> } | { $ref: string } }>;
  };
  const paths = (document as { paths?: Record<string, Record<string, { responses?: Record<string, Response> }>> })
    .paths;
  for (const item of Object.values(paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const media = response.content?.['application/json'];
        const properties = media?.schema && 'properties' in media.schema ? media.schema.properties : undefined;
        if (Number(status) < 400 || !media || !properties) continue;
        if (ENVELOPE_FIELDS.every((field) => field in properties)) {
          media.schema = { $ref: '#/components/schemas/ErrorEnvelope' };
        }
      }
    }
  }
  return document;
}

/**
 * Security said on every operation, as the linters ask (docs/api-lint.md): a route that takes no credential
 * says so with an empty list, and each webhook event names the signature its deliveries carry.
 */
export function withDocumentedSecurity<T>(document: T): T {
  type Item = Record<string, { security?: unknown[] }>;
  const doc = document as { paths?: Record<string, Item>; webhooks?: Record<string, Item> };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method) && operation.security === undefined) operation.security = [];
    }
  }
  for (const item of Object.values(doc.webhooks ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method)) operation.security = [{ webhookSignature: [] }];
    }
  }
  return document;
}
