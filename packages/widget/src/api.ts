import type { SessionKeeper } from './session.js';

/** An answer the widget can act on: the value, or the error envelope's code and what helps. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

export interface ApiFailure {
  /** An error code of the API (docs/guides/errors.md, "Every code"), or network when no answer came. */
  code: string;
  message: string;
  details: Record<string, unknown> | null;
  /** Retry-After in seconds (429, 503, in-progress keys). */
  retryAfter: number | null;
  /** The request that failed ("GET https://…/v1/widget/config"), for the console. */
  request?: string;
  /** No answer came within the request timeout. */
  timedOut?: boolean;
}

/** Codes worth re-sending at once with the same key and body (docs/guides/errors.md, "How to act on an error"). */
const TRANSIENT = new Set(['network', 'internal_error', 'idempotency_key_in_progress', 'market_not_ready']);
const RETRIES = 2;
/**
 * A request with no answer by then counts as a network failure: a wrong apiBaseUrl whose host never
 * answers must end in a message with Retry, not a skeleton for ever.
 */
const REQUEST_TIMEOUT_MS = 10_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The widget's HTTP client: the session token on every call, one AbortController that unmount()
 * fires, a refresh and one replay on 401 invalid_session_token, and for writes a replay with the same
 * Idempotency-Key and body after a network failure or an in-progress answer, so a flaky connection or
 * a double click never buys twice.
 */
export class Api {
  private readonly abort = new AbortController();

  constructor(
    readonly baseUrl: string,
    private readonly session: SessionKeeper,
  ) {}

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  stop(): void {
    this.abort.abort();
  }

  get<T>(path: string): Promise<ApiResult<T>> {
    return this.call<T>('GET', path, undefined, undefined);
  }

  /** A write; a keyed one is retried with its key and body unchanged. */
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string) {
    return this.call<T>(method, path, body, idempotencyKey);
  }

  private async call<T>(method: string, path: string, body: unknown, key: string | undefined): Promise<ApiResult<T>> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    let renewed = false;
    for (let attempt = 0; ; attempt += 1) {
      const result = await this.once<T>(method, path, text, key);
      if (result.ok || this.abort.signal.aborted) return result;
      if (result.error.code === 'invalid_session_token' && !renewed) {
        renewed = true;
        if (await this.session.renewNow()) continue;
        return result;
      }
      const replayable = method === 'GET' || key !== undefined;
      // A request that met the timeout is not sent again at once: a host that never answers would
      // keep the user waiting three timeouts. A keyed write keeps its intent for the user's Try again.
      if (!replayable || !TRANSIENT.has(result.error.code) || result.error.timedOut || attempt >= RETRIES)
        return result;
      await sleep(Math.min(5, result.error.retryAfter ?? 1) * 1000 * (attempt + 1), this.abort.signal);
    }
  }

  private async once<T>(method: string, path: string, body: string | undefined, key: string | undefined) {
    const token = this.session.current();
    if (token === null) return failure<T>('invalid_session_token', 'The session has ended.');
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key !== undefined) headers['idempotency-key'] = key;
    const url = `${this.baseUrl}${path}`;
    const request = `${method} ${url}`;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    const stop = () => timeout.abort();
    this.abort.signal.addEventListener('abort', stop, { once: true });
    try {
      const response = await fetch(url, { method, headers, body, signal: timeout.signal });
      const retryAfter = Number(response.headers.get('retry-after')) || null;
      const json = await response.json().catch(() => null);
      if (response.ok) return { ok: true, value: json as T } as const;
      const envelope = (json ?? {}) as { error?: string; message?: string; details?: Record<string, unknown> | null };
      const message = envelope.message ?? `HTTP ${response.status}`;
      return failure<T>(envelope.error ?? 'internal_error', message, envelope.details ?? null, retryAfter, request);
    } catch (error) {
      const timedOut = timeout.signal.aborted && !this.abort.signal.aborted;
      const reason = timedOut ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : String(error);
      const result = failure<T>('network', reason, null, null, request);
      if (!result.ok) result.error.timedOut = timedOut;
      return result;
    } finally {
      clearTimeout(timer);
      this.abort.signal.removeEventListener('abort', stop);
    }
  }
}

function failure<T>(
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
  retryAfter: number | null = null,
  request?: string,
): ApiResult<T> {
  return { ok: false, error: { code, message, details, retryAfter, request } };
}

/**
 * Failures after which a write may or may not have happened: its intent must be re-sent with the same key
 * and body, never a new one: a new key can open a second position.
 */
export function outcomeUnknown(failure: ApiFailure): boolean {
  return (
    failure.code === 'network' || failure.code === 'internal_error' || failure.code === 'idempotency_key_in_progress'
  );
}

/** A new key per intent (docs/widget.md, "How it behaves"): what a retry of the same intent re-sends. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
