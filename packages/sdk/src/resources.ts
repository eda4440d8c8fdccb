import type { ApiError } from './errors.js';
import type { operations } from './generated/openapi.generated.js';
import { RESOURCE_OPERATIONS } from './generated/resources.generated.js';
import type { ReportDownload } from './reports.js';

/**
 * The resource methods (docs/sdk.md, "Calls"): `pm.<resource>.<verb>(...pathParams, paramsOrBody?, options?)`,
 * one per operationId of the served document (`balanceSync.create`, `positions.close`, …), from the
 * generated table (generated/resources.generated.ts) and typed by the generated `operations`.
 */
type Table = typeof RESOURCE_OPERATIONS;

/** Every operationId of the document: `<resource>.<verb>`. */
export type OperationId = keyof Table & keyof operations;

/** The options of a call that moves money: the caller's own key, required by type. */
export interface KeyedCallOptions {
  /** Made from the id of your own record the call stands for (`deposit-${deposit.id}`), never per call. */
  idempotencyKey: string;
  signal?: AbortSignal;
}

/** The options of any other keyed call: without `idempotencyKey` the client makes a fresh one. */
export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** The options of a call without an Idempotency-Key. */
export interface UnkeyedCallOptions {
  signal?: AbortSignal;
}

/** The JSON body of an operation (its requestBody's application/json). */
export type RequestBody<Id extends OperationId> =
  NonNullable<operations[Id]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;

/** The query of an operation. */
export type QueryParams<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;

type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';
type JsonOf<Answer> = Answer extends { content: { 'application/json': infer B } } ? B : undefined;

/** The 2xx body of an operation (undefined for a 204). */
export type SuccessBody<Id extends OperationId> = {
  [S in keyof operations[Id]['responses']]: S extends OkStatus ? JsonOf<operations[Id]['responses'][S]> : never;
}[keyof operations[Id]['responses']];

type PathArgs<Names> = Names extends readonly [unknown, ...infer Rest] ? [string, ...PathArgs<Rest>] : [];

type PayloadArg<Id extends OperationId, E extends Table[Id]> = E['body'] extends 'required'
  ? [body: RequestBody<Id>]
  : E['body'] extends 'optional'
    ? [body?: RequestBody<Id>]
    : E['query'] extends 'required'
      ? [query: QueryParams<Id>]
      : E['query'] extends 'optional'
        ? [query?: QueryParams<Id>]
        : [];

/** Path parameters in path order, then the body or query, then the options (required where money moves). */
export type ResourceArgs<Id extends OperationId, E extends Table[Id] = Table[Id]> = E['key'] extends 'required'
  ? [...PathArgs<E['pathParams']>, ...Required<PayloadArg<Id, E>>, options: KeyedCallOptions]
  : E['key'] extends 'optional'
    ? [...PathArgs<E['pathParams']>, ...PayloadArg<Id, E>, options?: CallOptions]
    : [...PathArgs<E['pathParams']>, ...PayloadArg<Id, E>, options?: UnkeyedCallOptions];

/** What a method resolves to: the 2xx body; a report's artifact as a download; another non-JSON answer as bytes. */
export type ResourceResult<Id extends OperationId> = Id extends 'reports.download'
  ? ReportDownload
  : Table[Id]['parseAs'] extends 'stream'
    ? ReadableStream<Uint8Array>
    : SuccessBody<Id>;

/**
 * One operation as a method: resolves to the 2xx body, throws the ApiError otherwise (after the client's
 * retries). `operationId` names the operation (and lets `pm.each(pm.transactions.list, query)` read a list).
 */
export type ResourceMethod<Id extends OperationId> = ((...args: ResourceArgs<Id>) => Promise<ResourceResult<Id>>) & {
  readonly operationId: Id;
};

type ResourceName = OperationId extends `${infer R}.${string}` ? R : never;

/** `pm.<resource>.<verb>` for every operation of the document. */
export type Resources = {
  [R in ResourceName]: { [Id in OperationId as Id extends `${R}.${infer V}` ? V : never]: ResourceMethod<Id> };
};

/** The list operations (a page `{ data, next_cursor }`), which `pm.each` reads page after page. */
export type ListOperationId = {
  [Id in OperationId]: SuccessBody<Id> extends { data: unknown[]; next_cursor: string | null } ? Id : never;
}[OperationId];

/** An item of a list operation's page. */
export type ListItem<Id extends ListOperationId> = SuccessBody<Id> extends { data: (infer T)[] } ? T : never;

/** What the resource methods call underneath: the path client's call (its retries, keys and errors). */
type Call = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: ApiError; response: Response | null }>;
type Download = (
  id: string,
  init: { signal?: AbortSignal },
) => Promise<{ data?: ReportDownload; error?: ApiError; response: Response | null }>;

export function buildResources(call: Call, download: Download): Resources {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(RESOURCE_OPERATIONS) as [OperationId, Table[OperationId]][]) {
    const [resource, verb] = id.split('.') as [string, string];
    const method = async (...args: unknown[]) => {
      const count = operation.pathParams.length;
      for (const [i, name] of operation.pathParams.entries())
        if (typeof args[i] !== 'string' || args[i] === '')
          throw new TypeError(`${id}: the path parameter ${name} (argument ${i + 1}) must be a non-empty string`);
      const takesPayload = operation.body !== null || operation.query !== null;
      const payload = takesPayload ? args[count] : undefined;
      const options = (args[takesPayload ? count + 1 : count] ?? {}) as CallOptions;
      const params: Record<string, unknown> = {};
      if (count > 0) params.path = Object.fromEntries(operation.pathParams.map((name, i) => [name, args[i]]));
      if (operation.query !== null && payload !== undefined) params.query = payload;
      if (operation.key !== null && options.idempotencyKey !== undefined)
        params.header = { 'idempotency-key': options.idempotencyKey };
      if (id === 'reports.download') {
        const downloaded = await download(args[0] as string, { signal: options.signal });
        if (downloaded.error) throw downloaded.error;
        return downloaded.data;
      }
      const init: Record<string, unknown> = { params };
      if (operation.body !== null && payload !== undefined) init.body = payload;
      if (options.signal) init.signal = options.signal;
      if (operation.parseAs === 'stream') init.parseAs = 'stream';
      const result = await call(operation.method, operation.path, init);
      if (result.error) throw result.error;
      return result.data;
    };
    Object.defineProperty(method, 'name', { value: id });
    Object.defineProperty(method, 'operationId', { value: id, enumerable: true });
    (resources[resource] ??= {})[verb] = method;
  }
  return resources as unknown as Resources;
}

/** Whether `page` is a resource method (it names its operation) rather than a page function. */
export function isResourceMethod(page: unknown): page is { operationId: string } & ((...args: unknown[]) => unknown) {
  return typeof page === 'function' && typeof (page as { operationId?: unknown }).operationId === 'string';
}
