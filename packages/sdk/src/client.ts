import { randomUUID } from 'node:crypto';
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { ApiError } from './errors.js';
import type { paths } from './generated/openapi.generated.js';
import { KEY_REQUIRED_OPERATIONS, KEYED_OPERATIONS } from './generated/operations.generated.js';
import { eachItem, pollEvents, type EventFeed, type ListPage } from './lists.js';
import { downloadReport } from './reports.js';
import {
  buildResources,
  isResourceMethod,
  type ListItem,
  type ListOperationId,
  type QueryParams,
  type ResourceMethod,
  type Resources,
} from './resources.js';
import { DEFAULT_RETRY, nextWait, type RetryPolicy } from './retries.js';

export interface ClientOptions {
  /** The sandbox or live listener, e.g. https://sandbox.example.com. */
  baseUrl: string;
  /** The tenant API key (pmk_…), from the server only, never a browser; or a widget session token. */
  credential: string;
  retry?: Partial<RetryPolicy>;
  /**
   * Idempotency-Key of a call that did not bring its own, on the keyed routes that do not move money
   * (reports, support tickets). A call that moves money always brings the caller's own key.
   */
  newIdempotencyKey?: () => string;
  fetch?: (request: Request) => Promise<Response>;
}

/** A call's answer: the typed body, or the error as a value (never thrown). */
export type Result<R> =
  (Extract<R, { error?: never }> & { error?: never }) | { data?: never; error: ApiError; response: Response | null };

// As openapi-fetch's, without its `[key: string]: unknown`: a misspelt option is a compile error here.
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];

type Method<M extends HttpMethod> = <
  Path extends PathsWithMethod<paths, M>,
  Init extends MaybeOptionalInit<paths[Path], M>,
>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<Result<FetchResponse<Operation<paths[Path], M>, Init, `${string}/${string}`>>>;
type Operation<Item, M extends HttpMethod> = M extends keyof Item
  ? Item[M] extends Record<string | number, unknown>
    ? Item[M]
    : never
  : never;

/**
 * The client: a method per operation, `pm.<resource>.<verb>(...pathParams, paramsOrBody?, options?)`
 * (resources.ts), resolving to the 2xx body and throwing the ApiError; and underneath them the path client,
 * `pm.GET('/v1/…', init)` and so on, answering `{ data, error, response }` without throwing.
 */
export interface OperatorClient extends Omit<Resources, 'events'> {
  GET: Method<'get'>;
  POST: Method<'post'>;
  PUT: Method<'put'>;
  DELETE: Method<'delete'>;
  /**
   * Every item of a list, page after page (every list answers `{data, next_cursor}`). `page` asks for one
   * page from a cursor; an error ends the iteration by throwing the ApiError. It ends after a page that
   * is empty, shorter than the limit asked (the `limit` query of the request, else `options.limit`, else
   * the API's default of 50), without a next_cursor, or with the cursor it was asked from: so it also ends
   * on GET /v1/events, which answers a cursor on its last page too (for reading the feed, see `events`).
   */
  each<T>(page: (cursor: string | undefined) => Promise<ListPage<T>>, options?: { limit?: number }): AsyncGenerator<T>;
  /**
   * Every item of a list read by its resource method, `pm.each(pm.transactions.list, { external_user_id })`:
   * the query of every page (its `cursor` set by each), ending as above; a page's ApiError is thrown.
   */
  each<Id extends ListOperationId>(
    list: ResourceMethod<Id>,
    query?: Omit<QueryParams<Id>, 'cursor' | 'after'>,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<ListItem<Id>>;
  /** The event feed (GET /v1/events): `events.list(query?)` one page, `events.poll(cursor)` read by polling. */
  events: EventFeed & Resources['events'];
  /**
   * A report's artifact (GET /v1/reports/{id}/download), CSV or JSON, as a stream of bytes with a `text()`
   * helper. A report past its expires_at is the ApiError 410 `report_expired`; one still generating or
   * failed is 409 `state_conflict` (`details.status` says which).
   */
  downloadReport(id: string, init?: { signal?: AbortSignal }): ReturnType<typeof downloadReport>;
}

/**
 * A typed client of the operator API (generated from the served OpenAPI document, openapi-fetch underneath). Over what
 * the generator gives: a call that moves money carries the caller's own Idempotency-Key (required by its type), any
 * other keyed call a new one unless the caller gives its own, kept for every retry; retries follow each code's advice
 * in the error catalog, with Retry-After obeyed; amounts stay strings; errors come back as ApiError values.
 */
export function createOperatorClient(options: ClientOptions): OperatorClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const transport = options.fetch ?? ((request: Request) => fetch(request));
  const base = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.credential}` },
  }) as unknown as LooseClient;
  const newKey = options.newIdempotencyKey ?? randomUUID;

  const call = async (method: Uppercase<HttpMethod>, path: string, given: Init = {}) => {
    const route = `${method} ${path}`;
    // A call that moves money goes with the caller's key or none (the service refuses it then): a key made
    // up here would differ on a re-run after a crash, and the money would move twice.
    const keyed = KEYED_OPERATIONS.has(route) && !KEY_REQUIRED_OPERATIONS.has(route);
    const { init, key } = withKey(given, keyed ? newKey : null);
    // The last answer that came, if any: a failure after it (a body that is not JSON) is not "no answer".
    let answered: Response | null = null;
    const send = async (request: Request) => (answered = await sendWithRetries(request, transport, policy));
    try {
      const result = await base.request(method, path, { ...init, fetch: send });
      if (result.response.ok) return result;
      // openapi-fetch leaves `error` undefined for an empty error body: still an error.
      return { error: ApiError.fromAnswer(result.response, result.error ?? null, key), response: result.response };
    } catch (cause) {
      if (answered) return { error: ApiError.fromAnswer(answered, null, key, cause), response: answered };
      const aborted = (init.signal as AbortSignal | undefined)?.aborted ?? false;
      return { error: ApiError.network(cause, key, aborted), response: null };
    }
  };
  const method = (name: Uppercase<HttpMethod>) => ((path: string, init?: Init) => call(name, path, init)) as never;

  const resources = buildResources(
    // On a 2xx `error` is absent; otherwise it is the ApiError.
    (name, path, init) =>
      call(name as Uppercase<HttpMethod>, path, init) as Promise<{
        data?: unknown;
        error?: ApiError;
        response: Response | null;
      }>,
    (id, init) => downloadReport(client, id, init),
  );
  const client: OperatorClient = {
    ...resources,
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    DELETE: method('DELETE'),
    each: ((page: unknown, second?: Record<string, unknown>, third?: { signal?: AbortSignal }) => {
      if (!isResourceMethod(page))
        return eachItem(page as (cursor: string | undefined) => Promise<ListPage<unknown>>, second);
      const query = second ?? {};
      const read = (cursor: string | undefined): Promise<ListPage<unknown>> =>
        (
          page({ ...query, ...(cursor === undefined ? {} : { cursor }) }, third) as Promise<ListPage<unknown>['data']>
        ).then(
          (data) => ({ data }),
          (error: ApiError) => ({ error }),
        );
      return eachItem(read, { limit: typeof query.limit === 'number' ? query.limit : undefined });
    }) as OperatorClient['each'],
    events: { ...resources.events, poll: (cursor, options) => pollEvents(client, cursor, options) },
    downloadReport: (id, init) => downloadReport(client, id, init),
  };
  return client;
}

/** openapi-fetch's client as the wrapper calls it: the types are checked at the wrapper's own methods. */
interface LooseClient {
  request(method: string, path: string, init: Init): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

interface Init {
  params?: { header?: Record<string, string>; [where: string]: unknown };
  headers?: unknown;
  [option: string]: unknown;
}

/**
 * The call's options with exactly one Idempotency-Key, in `params.header`: the caller's, wherever it
 * was given (`params.header` or `headers`, in any case), else a new one when the route takes keys.
 */
function withKey(init: Init, newKey: (() => string) | null): { init: Init; key: string | null } {
  const isKey = (name: string) => name.toLowerCase() === 'idempotency-key';
  const pairs = (headers: unknown): [string, string][] =>
    headers instanceof Headers
      ? [...headers.entries()]
      : Array.isArray(headers)
        ? (headers as [string, string][])
        : Object.entries((headers ?? {}) as Record<string, string>);
  const given = [...pairs(init.params?.header), ...pairs(init.headers)].find(([name]) => isKey(name))?.[1];
  const key = given ?? newKey?.() ?? null;
  if (key === null) return { init, key };
  const header = Object.fromEntries(pairs(init.params?.header).filter(([name]) => !isKey(name)));
  const headers = Object.fromEntries(pairs(init.headers).filter(([name]) => !isKey(name)));
  return { init: { ...init, headers, params: { ...init.params, header: { ...header, 'idempotency-key': key } } }, key };
}

/** One request, asked again while its answer says to (retries.ts); each attempt sends the same bytes and key. */
async function sendWithRetries(
  request: Request,
  transport: (request: Request) => Promise<Response>,
  policy: RetryPolicy,
): Promise<Response> {
  // Safe to send again whatever became of the first: a read, a PUT (every PUT of the API sets a state), or
  // a write with its key (the service answers a repeat with the first answer).
  const repeatable = ['GET', 'PUT'].includes(request.method) || request.headers.has('idempotency-key');
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await transport(request.clone());
    } catch (cause) {
      // The caller gave up on the call: no more attempts.
      if (request.signal.aborted) throw cause;
      const wait = nextWait(policy, attempt, { failed: true }, repeatable);
      if (wait === null) throw cause;
      await policy.sleep(wait);
      continue;
    }
    if (response.ok) return response;
    const code = await errorCode(response);
    const wait = nextWait(policy, attempt, { response, code }, repeatable);
    if (wait === null) return response;
    await response.body?.cancel();
    await policy.sleep(wait);
  }
}

async function errorCode(response: Response): Promise<string | null> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : null;
}
