/** @jsxRuntime automatic @jsxImportSource preact */
import { MAX_BODY_BYTES, type StoredRequest } from '../../domains/request-log/index.js';
import { withBidiControlsShown } from '../../lib/text.js';
import { CopyButton } from './page.js';
import { when } from './shared.js';

/**
 * A kept body as shown: whole when its full size fits what the log keeps (then indented, as JSON), else
 * the first 16 KB as they were kept.
 */
function readable(text: string, bytes: number): { text: string; whole: boolean } {
  if (bytes > MAX_BODY_BYTES) return { text, whole: false };
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), whole: true };
  } catch {
    return { text, whole: true };
  }
}

/** A kept body as people read it: indented JSON, what was cut and what was not kept said plainly. */
function Body(props: { label: string; id: string; text: string | null; bytes: number | null }) {
  if (props.bytes === null) return null;
  const size = `${props.bytes.toLocaleString('en')} bytes`;
  const shown = props.text === null ? null : readable(props.text, props.bytes);
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.label}</h2>
      {shown === null ? (
        <p>Not kept ({size}): not JSON, or over 128 KB, or sent while the log was catching up.</p>
      ) : (
        <>
          {!shown.whole && <p class="hint">The first 16 KB of {size}: the log keeps no more of a body.</p>}
          <pre class="body" tabIndex={0} aria-label={props.label}>
            {withBidiControlsShown(shown.text)}
          </pre>
        </>
      )}
    </section>
  );
}

/** The error an answer's envelope carried, when it was one. */
function envelopeOf(r: StoredRequest): { message: string; details: unknown } | null {
  if (r.status < 400 || r.responseBody === null) return null;
  try {
    const body = JSON.parse(r.responseBody) as { message?: unknown; details?: unknown };
    return typeof body.message === 'string' ? { message: body.message, details: body.details ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * One logged request (docs/operations.md, "The request log"): what was asked, how it was answered, the
 * error in words, and the bodies kept (secrets and tokens replaced by [redacted]). Shared by the portal's
 * and the panel's request pages; `userHref` says where a user's other requests are.
 */
export function RequestFacts(props: { request: StoredRequest; userHref: (user: string) => string }) {
  const r = props.request;
  const envelope = envelopeOf(r);
  return (
    <>
      {envelope && (
        <div class="problem" role="note">
          <p>
            <strong>{r.code ?? 'Error'}</strong>: {envelope.message}
          </p>
        </div>
      )}
      <section aria-labelledby="facts">
        <h2 id="facts">Request</h2>
        <dl>
          <dt>Request id</dt>
          <dd>
            <code id="request-id">{r.requestId}</code> <CopyButton target="request-id" />
          </dd>
          <dt>Time</dt>
          <dd>{when(r.at)}</dd>
          <dt>Method and path</dt>
          <dd>
            {r.method} <code>{r.path}</code>
          </dd>
          <dt>Route</dt>
          <dd>
            <code>{r.route}</code>
          </dd>
          <dt>Status</dt>
          <dd>
            <span class={`status s${Math.floor(r.status / 100)}`}>{r.status}</span>
            {r.code && <> {r.code}</>}
          </dd>
          <dt>Time taken</dt>
          <dd>{r.latencyMs.toFixed(1)} ms</dd>
          <dt>User</dt>
          <dd>{r.externalUserId ? <a href={props.userHref(r.externalUserId)}>{r.externalUserId}</a> : '—'}</dd>
          <dt>Idempotency key</dt>
          <dd>
            {r.idempotencyKey ? <code>{r.idempotencyKey}</code> : '—'}
            {r.replayed && ' — replayed: the stored answer of the first request with this key'}
          </dd>
        </dl>
      </section>
      <Body label="Request body" id="request-body" text={r.requestBody} bytes={r.requestBodyBytes} />
      <Body label="Response body" id="response-body" text={r.responseBody} bytes={r.responseBodyBytes} />
      {r.requestBodyBytes === null && r.responseBodyBytes === null && (
        <p class="hint">The log keeps bodies for writes and for error answers only.</p>
      )}
    </>
  );
}
