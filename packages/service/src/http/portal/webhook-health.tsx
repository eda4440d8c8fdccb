/** @jsxRuntime automatic @jsxImportSource preact */
import { attemptWords, percent, type EndpointHealth } from '../../domains/webhooks/index.js';
import { when } from '../web/shared.js';

const count = (n: number) => n.toLocaleString('en');

/**
 * The endpoint at a glance (docs/operations.md, "The tenant portal"): where deliveries go, how the last
 * 24 h went (delivered over sent attempts, the median latency), what is waiting and dead now, and the
 * last failure, linked to its delivery. An attempt not sent (no secret, no URL) is said apart, never as
 * a failure of the endpoint.
 */
export function EndpointHealthSection(props: { health: EndpointHealth }) {
  const h = props.health;
  const failure = h.lastFailure;
  return (
    <section aria-labelledby="health">
      <h2 id="health">Endpoint</h2>
      {h.webhookUrl ? (
        <p>
          Deliveries go to <code class="wrap">{h.webhookUrl}</code>.
        </p>
      ) : (
        <p class="problem">
          No webhook URL is set for this environment: no deliveries are made (events are still in GET /v1/events). Set
          one in <a href="/portal">Settings</a>.
        </p>
      )}
      {h.webhookUrl && !h.webhookSecretSet && (
        <p class="problem">
          No webhook secret is set: nothing is sent, since nothing goes out unsigned. Each attempt is recorded as not
          sent and retried on schedule; create a secret in <a href="/portal">Settings</a>.
        </p>
      )}
      <dl class="stats">
        <div class="stat">
          <dt>Success rate, 24 h</dt>
          <dd>{h.successRate === null ? '—' : percent(h.successRate)}</dd>
          <dd class="hint">
            {h.sent === 0 ? 'Nothing sent' : `${count(h.delivered)} of ${count(h.sent)} attempts answered 2xx`}
          </dd>
        </div>
        <div class="stat">
          <dt>Median latency, 24 h</dt>
          <dd>{h.p50LatencyMs === null ? '—' : `${count(h.p50LatencyMs)} ms`}</dd>
          <dd class="hint">Of the attempts sent</dd>
        </div>
        <div class="stat">
          <dt>Pending</dt>
          <dd>
            <a href="/portal/webhooks?state=pending">{count(h.pending)}</a>
          </dd>
          <dd class="hint">Waiting for an attempt</dd>
        </div>
        <div class="stat">
          <dt>Dead</dt>
          <dd>
            <a href="/portal/webhooks?state=dead">{count(h.dead)}</a>
          </dd>
          <dd class="hint">Out of retries</dd>
        </div>
      </dl>
      <p>
        {h.sent + h.notSent === 0 ? (
          'No attempt in the last 24 hours.'
        ) : failure ? (
          <>
            Last failure: {when(failure.attemptedAt)},{' '}
            {attemptWords({ sent: true, statusCode: failure.statusCode, error: failure.error })} (
            <a href={`/portal/webhooks/${failure.eventId}`}>its delivery</a>).
          </>
        ) : (
          'No failed attempt in the last 24 hours.'
        )}
        {h.notSent > 0 &&
          ` ${count(h.notSent)} attempt${h.notSent === 1 ? ' was' : 's were'} not sent (no secret or no URL): in no rate.`}
      </p>
    </section>
  );
}
