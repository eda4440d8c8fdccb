/** What one POST to a receiver gave. */
export interface SendResult {
  /** The HTTP status, or null when no answer came (timeout, refused, reset). */
  status: number | null;
  /** Why it failed without an answer. */
  error: string | null;
  latencyMs: number;
  /** At most EXCERPT_BYTES of the answer's body, for support; null without an answer. */
  excerpt: string | null;
}

/** Receivers are slow and hostile (DESIGN.md part 5): their answers are not kept beyond this. */
export const EXCERPT_BYTES = 256;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * POSTs a webhook and reads at most EXCERPT_BYTES of the answer. The timeout covers the whole exchange;
 * redirects are not followed (a 3xx is an answer like any non-2xx, and retried).
 */
export async function sendWebhook(request: WebhookRequest): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const res = await fetch(request.url, {
      method: 'POST',
      body: request.body,
      headers: { 'content-type': 'application/json', 'user-agent': 'pm-operator-webhooks/1', ...request.headers },
      redirect: 'manual',
      signal,
    });
    // The status decides; a body that stalls past the timeout does not undo an answer already given.
    const excerpt = await readExcerpt(res).catch(() => null);
    return { status: res.status, error: null, latencyMs: latency(), excerpt };
  } catch (error) {
    return {
      status: null,
      error: signal.aborted ? `timeout after ${request.timeoutMs} ms` : describe(error),
      latencyMs: latency(),
      excerpt: null,
    };
  }
}

/** The first bytes of the body, then the rest is dropped (the connection is not kept for a body we do not read). */
async function readExcerpt(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (size >= EXCERPT_BYTES) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  // PostgreSQL text holds no NUL; a cut multi-byte character becomes U+FFFD.
  return new TextDecoder().decode(bytes).replaceAll('\u0000', '');
}

/** fetch wraps network failures as "fetch failed"; the cause says what happened (ECONNREFUSED, …). */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const text = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return text.slice(0, 200);
}
