/** @jsxRuntime automatic @jsxImportSource preact */
import { Fragment, type ComponentChildren } from 'preact';
import type { DeliveryDetail } from '../../domains/webhooks/index.js';
import { DeliveryStateBadge } from './delivery-status.js';
import { CopyButton } from './page.js';
import { when } from './shared.js';

/**
 * A delivery's facts (docs/operations.md, "The tenant portal"): its state, event, id, where it goes and
 * when it was or will be attempted. `before` comes first (the panel's tenant and environment).
 */
export function DeliveryFacts(props: { detail: DeliveryDetail; before?: [string, ComponentChildren][] }) {
  const { detail } = props;
  const { delivery } = detail;
  const { lastSent } = detail;
  const sentElsewhere = lastSent?.url && lastSent.url !== detail.webhookUrl ? lastSent.url : null;
  return (
    <section aria-labelledby="facts">
      <h2 id="facts">Delivery</h2>
      <dl>
        {props.before?.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        <dt>State</dt>
        <dd>{delivery ? <DeliveryStateBadge state={delivery.state} /> : 'No delivery made'}</dd>
        <dt>Event type</dt>
        <dd>
          <code>{detail.event.type}</code>
        </dd>
        <dt>Delivery id</dt>
        <dd>
          <code id="delivery-id" class="copy">
            {detail.event.id}
          </code>{' '}
          <CopyButton target="delivery-id" label="Copy id" />
          <p class="hint">The body's id and X-Webhook-Delivery, the same on every attempt and on a resend.</p>
        </dd>
        <dt>Occurred</dt>
        <dd>{when(detail.event.occurredAt)}</dd>
        <dt>Target URL</dt>
        <dd>
          {detail.webhookUrl ? <code class="wrap">{detail.webhookUrl}</code> : 'None: no webhook URL is set'}
          {sentElsewhere && (
            <p class="hint">
              Last sent to <code class="wrap">{sentElsewhere}</code>, the URL then.
            </p>
          )}
        </dd>
        <dt>Attempts</dt>
        <dd>{delivery ? delivery.attempts : '—'}</dd>
        {delivery?.state === 'pending' && (
          <>
            <dt>Next attempt</dt>
            <dd>{delivery.inFlight ? 'Being sent now' : when(delivery.nextAttemptAt)}</dd>
          </>
        )}
        {delivery && delivery.state !== 'pending' && (
          <>
            <dt>{delivery.state === 'dead' ? 'Dead since' : 'Delivered at'}</dt>
            <dd>{when(delivery.finishedAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
