/** @jsxRuntime automatic @jsxImportSource preact */
import type { DeliveryState } from '../../db/schema.js';
import { attemptKind, attemptReason, type AttemptFacts } from '../../domains/webhooks/index.js';

/** A delivery's state by colour and word: delivered green, pending amber (retried on schedule), dead red. */
const STATE_CLASS: Record<DeliveryState, string> = { delivered: 's2', pending: 's4', dead: 's5' };
const STATE_WORD: Record<DeliveryState, string> = { delivered: 'Delivered', pending: 'Pending', dead: 'Dead' };

export function DeliveryStateBadge(props: { state: DeliveryState }) {
  return <span class={`status ${STATE_CLASS[props.state]}`}>{STATE_WORD[props.state]}</span>;
}

/**
 * An attempt's outcome: its HTTP status coloured by class (2xx green, 3xx blue, 4xx amber, 5xx red), "No
 * answer" red with the error, and "Not sent" grey with its reason: never coloured or worded as a failure
 * of the receiver. Reads "Not sent: no webhook secret set".
 */
export function AttemptOutcome(props: { attempt: AttemptFacts }) {
  const { attempt } = props;
  const reason = attemptReason(attempt);
  switch (attemptKind(attempt)) {
    case 'not_sent':
      return (
        <>
          <span class="status s0">Not sent</span>
          <span class="wrap">: {reason}</span>
        </>
      );
    case 'no_answer':
      return (
        <>
          <span class="status s5">No answer</span>
          <span class="wrap">: {reason}</span>
        </>
      );
    default:
      return <span class={`status s${Math.floor(attempt.statusCode! / 100)}`}>{attempt.statusCode}</span>;
  }
}
