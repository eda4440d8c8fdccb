import { setTimeout as sleep } from 'node:timers/promises';

/** One request as the harness sends it; a write carries its Idempotency-Key, and every retry sends it again. */
export interface Ask {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token: string;
  key?: string;
  body?: unknown;
}

export interface Answer {
  status: number;
  /** The body's exact text: replays are compared byte for byte. */
  text: string;
  json: any;
}

export interface AskerCounts {
  /** HTTP requests sent, first tries and retries. */
  sent: number;
  /** Requests whose connection failed or timed out: their outcome was unknown, and they were asked again. */
  cutOff: number;
  /** 5xx answers (the database restarting, a process dying mid-request), asked again. */
  serverErrors: number;
  /** 409 idempotency_key_in_progress: the key was held by a request a killed process had started. */
  inProgress: number;
  rateLimited: number;
  /** Requests that had no final answer by the deadline: a loss. */
  unanswered: number;
}

/** How long one HTTP request may take before its outcome counts as unknown. */
const REQUEST_TIMEOUT_MS = 20_000;
/**
 * Retry-After is obeyed up to this. Fully, within a minute: a refused request that comes before the
 * Retry-After counts against the limit unless a Retry-After given earlier (to it or to another request
 * of the same limit) falls due then (docs/operator-api.md, "Rate limits"), so
 * asking sooner only keeps the limit active, while requests of one limit that each wait share it fairly.
 */
const MAX_WAIT_MS = 60_000;

/**
 * Asks until the answer is final, as an operator's client should (a 500 is safe to retry with the same key): a lost
 * connection, a 5xx, a key still in progress and a rate limit are not answers, so the same request goes again, same key
 * and body, until something else comes back or the deadline passes.
 */
export class Asker {
  readonly counts: AskerCounts = { sent: 0, cutOff: 0, serverErrors: 0, inProgress: 0, rateLimited: 0, unanswered: 0 };

  constructor(private readonly deadline: () => number) {}

  async final(ask: Ask): Promise<Answer | null> {
    for (let attempt = 0; Date.now() < this.deadline(); attempt++) {
      const backoff = Math.min(100 * 2 ** attempt, 2_000);
      const answer = await this.once(ask).catch(() => null);
      if (answer === null) {
        this.counts.cutOff++;
        await sleep(backoff);
        continue;
      }
      const code = answer.json?.error;
      if (answer.status >= 500 && !/_paused$/.test(code ?? '')) {
        this.counts.serverErrors++;
        await sleep(backoff);
      } else if (answer.status === 409 && code === 'idempotency_key_in_progress') {
        this.counts.inProgress++;
        await sleep(retryAfterMs(answer, backoff));
      } else if (answer.status === 429) {
        this.counts.rateLimited++;
        await sleep(retryAfterMs(answer, backoff));
      } else {
        return answer;
      }
    }
    this.counts.unanswered++;
    return null;
  }

  private async once(ask: Ask): Promise<Answer & { retryAfter: string | null }> {
    this.counts.sent++;
    const headers: Record<string, string> = { authorization: `Bearer ${ask.token}` };
    if (ask.body !== undefined) headers['content-type'] = 'application/json';
    if (ask.key !== undefined) headers['idempotency-key'] = ask.key;
    const res = await fetch(ask.url, {
      method: ask.method,
      headers,
      body: ask.body === undefined ? undefined : JSON.stringify(ask.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a proxy's page, say): kept as text
    }
    return { status: res.status, text, json, retryAfter: res.headers.get('retry-after') };
  }
}

function retryAfterMs(answer: { retryAfter?: string | null }, fallback: number): number {
  const seconds = Number(answer.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_WAIT_MS) : fallback;
}
