/** @jsxRuntime automatic @jsxImportSource preact */
import { Fragment } from 'preact';
import type { DeliveryDetail } from '../../domains/webhooks/index.js';
import { CopyButton } from './page.js';

/**
 * The body the delivery posts, indented: the same object the worker serializes (one line, no spaces) and
 * signs, so the size said is of the bytes sent.
 */
export function PayloadSection(props: { detail: DeliveryDetail }) {
  const bytes = Buffer.byteLength(JSON.stringify(props.detail.body));
  return (
    <section aria-labelledby="payload">
      <h2 id="payload">Payload</h2>
      <p class="hint">
        Sent as one line of {bytes.toLocaleString('en')} bytes, the bytes X-Webhook-Signature signs; shown indented.
      </p>
      <pre class="body" id="payload-body" tabIndex={0} aria-label="Payload as JSON">
        {JSON.stringify(props.detail.body, null, 2)}
      </pre>
      <p>
        <CopyButton target="payload-body" label="Copy payload" />
      </p>
    </section>
  );
}

/**
 * The headers of the latest attempt sent, the signature among them: an HMAC of the body, which tells
 * nothing of the secret. Each attempt is signed with the secret current at that attempt.
 */
export function HeadersSection(props: { detail: DeliveryDetail }) {
  const sent = props.detail.lastSent;
  const headers = sent?.requestHeaders ?? null;
  return (
    <section aria-labelledby="headers">
      <h2 id="headers">Headers sent</h2>
      {!sent ? (
        <p>No attempt has been sent yet: the headers show here once one is.</p>
      ) : headers === null ? (
        <p>Not recorded for attempt {sent.attempt}: it was made before the service kept the headers it sends.</p>
      ) : (
        <>
          <p class="hint">
            Attempt {sent.attempt}'s. Every attempt is signed with the webhook secret current at that attempt; the
            signature is an HMAC of the body and reveals nothing of the secret.
          </p>
          <dl class="headers">
            {Object.entries(headers)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([name, value]) => (
                <Fragment key={name}>
                  <dt>
                    <code>{name}</code>
                  </dt>
                  <dd>
                    <code class="wrap">{value}</code>
                  </dd>
                </Fragment>
              ))}
          </dl>
        </>
      )}
    </section>
  );
}
