import autocannon from 'autocannon';
import { latencyOf, type Latency } from './stats.js';

export interface HttpLoadOptions {
  baseUrl: string;
  path: string;
  apiKey: string;
  connections: number;
  durationS: number;
  /** Movements one request carries (1, or the batch size), for movements/s. */
  itemsPerRequest: number;
  /**
   * The next request: its Idempotency-Key and JSON body (a fresh key every time), its own path if it has
   * one, and its method (POST unless said; a GET goes without key or body).
   */
  next(): { idempotencyKey?: string; body?: string; path?: string; method?: 'GET' | 'POST' };
  /** For a batch: how many items of a 200 answer were not applied (status other than 200). */
  refusedItems?(body: string): number;
}

export interface LoadResult {
  elapsedS: number;
  /** Requests answered (any status). */
  answered: number;
  ok: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Items refused inside 2xx batch answers. */
  refusedItems: number;
  /** Over every answered request, measured by autocannon from write to last byte. */
  latency: Latency;
  /** The raw latencies behind it (for merging runs). */
  latenciesMs: number[];
  itemsPerRequest: number;
  firstNon2xx: string | null;
}

/** Closed-loop load with autocannon: `connections` clients, each sending its next request on an answer. */
export function runHttpLoad(options: HttpLoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let refusedItems = 0;
  let firstNon2xx: string | null = null;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: options.durationS,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path: options.path,
            setupRequest: (request) => {
              const { idempotencyKey, body, path, method } = options.next();
              return {
                ...request,
                method: method ?? 'POST',
                path: path ?? options.path,
                headers: {
                  authorization: `Bearer ${options.apiKey}`,
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
                },
                body: body ?? '',
              };
            },
            onResponse: (status, body) => {
              if (status < 200 || status > 299) firstNon2xx ??= `${status} ${body.slice(0, 300)}`;
              else if (options.refusedItems) refusedItems += options.refusedItems(body);
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
        );
        const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
        resolve({
          elapsedS: result.duration,
          answered,
          ok: answered - result.non2xx,
          non2xx: result.non2xx,
          statusCodes,
          errors: result.errors,
          timeouts: result.timeouts,
          refusedItems,
          latency: latencyOf(latencies),
          latenciesMs: latencies,
          itemsPerRequest: options.itemsPerRequest,
          firstNon2xx,
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) =>
      latencies.push(responseTimeMs),
    );
  });
}

/**
 * Runs that went on side by side as one: counts added up, the longest elapsed time, latencies over all
 * requests. Each run must carry the same items per request.
 */
export function mergeLoads(runs: readonly LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  const statusCodes: Record<string, number> = {};
  for (const r of runs)
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const latenciesMs = runs.flatMap((r) => r.latenciesMs);
  return {
    elapsedS: Math.max(...runs.map((r) => r.elapsedS)),
    answered: sum((r) => r.answered),
    ok: sum((r) => r.ok),
    non2xx: sum((r) => r.non2xx),
    statusCodes,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    refusedItems: sum((r) => r.refusedItems),
    latency: latencyOf(latenciesMs),
    latenciesMs,
    itemsPerRequest: runs[0]!.itemsPerRequest,
    firstNon2xx: runs.find((r) => r.firstNon2xx !== null)?.firstNon2xx ?? null,
  };
}

/** Items of a batch answer whose status is not 200, counted without parsing the whole body. */
export function countRefusedItems(expectedItems: number): (body: string) => number {
  return (body) => {
    let applied = 0;
    for (let at = body.indexOf('{"status":200,'); at !== -1; at = body.indexOf('{"status":200,', at + 1)) applied++;
    return expectedItems - applied;
  };
}
