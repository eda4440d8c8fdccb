import { z } from 'zod';
import { EVENT_TYPES, eventEnvelope, type EventData, type EventType } from '../domains/events/index.js';

/**
 * The webhook events (docs/guides/webhooks.md, "What a delivery looks like") as OpenAPI 3.1 `webhooks`: one entry per
 * event type, its body schema and an example, so the reference and the SDK's typed payloads come from one place. The
 * schemas are the events domain's (domains/events/payloads.ts), the same ones that type each event where it is built;
 * this file adds the prose and the examples, which are typed by them too. test/webhook-events.test.ts holds every
 * delivered body to these schemas.
 */

const IDS = {
  position: '0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f',
  outcome: '6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  otherOutcome: '9e8d7c6b-5a49-4382-b716-05f4e3d2c1b0',
  transaction: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f',
  reversed: '7a6b5c4d-3e2f-4109-8a7b-6c5d4e3f2a1b',
  order: '1f2e3d4c-5b6a-4798-8a7b-9c0d1e2f3a4b',
  report: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4e3d2c1b',
  discrepancy: '2d3c4b5a-6978-4e6d-8c5b-4a3f2e1d0c9b',
};
const commonExample = {
  position_id: IDS.position,
  external_user_id: 'user-4711',
  market_slug: 'election-2026',
  outcome_id: IDS.outcome,
};

interface EventDoc<T extends EventType> {
  summary: string;
  example: EventData<T>;
}

/** Every event type's summary and example: a type left out, or an example that does not fit, does not compile. */
export const WEBHOOK_EVENTS: { [T in EventType]: EventDoc<T> } = {
  'position.opened': {
    summary: 'A widget session opened a position (an API-key open sends nothing).',
    example: { ...commonExample, stake: '10.00', price: '0.523810', open_transaction_id: IDS.transaction },
  },
  'position.closed': {
    summary: 'A widget session closed a position (an API-key close sends nothing).',
    example: { ...commonExample, payout: '11.42', close_price: '0.598312', settlement_transaction_id: IDS.transaction },
  },
  'order.filled': {
    summary: 'The engine filled a limit order by opening a position.',
    example: {
      order_id: IDS.order,
      ...commonExample,
      stake: '25.00',
      limit_price: '0.450000',
      fill_price: '0.448113',
    },
  },
  'position.settled': {
    summary: 'A position reached settled_win or settled_loss when its market resolved.',
    example: {
      ...commonExample,
      state: 'settled_win',
      stake: '10.00',
      price: '0.523810',
      payout: '19.09',
      settlement_transaction_id: IDS.transaction,
    },
  },
  'position.voided': {
    summary: 'A position was refunded because its market was voided.',
    example: {
      ...commonExample,
      state: 'voided',
      stake: '10.00',
      payout: '10.00',
      settlement_transaction_id: IDS.transaction,
    },
  },
  'market.resolved': {
    summary: 'A market enabled for the tenant resolved.',
    example: { market_slug: 'election-2026', resolved_outcome_id: IDS.outcome },
  },
  'market.voided': {
    summary: 'A market enabled for the tenant was voided.',
    example: { market_slug: 'election-2026' },
  },
  'position.settlement_corrected': {
    summary: 'A correction moved a position between settled_win and settled_loss.',
    example: {
      ...commonExample,
      previous_state: 'settled_loss',
      state: 'settled_win',
      previous_payout: '0',
      payout: '19.09',
      reversed_transaction_id: null,
      settlement_transaction_id: IDS.transaction,
    },
  },
  'market.resolution_corrected': {
    summary: "A resolved market's outcome was corrected.",
    example: { market_slug: 'election-2026', previous_outcome_id: IDS.otherOutcome, resolved_outcome_id: IDS.outcome },
  },
  'position.void_corrected': {
    summary: 'A correction moved a position from voided to settled, or from settled to voided.',
    example: {
      ...commonExample,
      previous_state: 'voided',
      state: 'settled_win',
      stake: '10.00',
      previous_payout: '10.00',
      payout: '19.09',
      reversed_transaction_id: IDS.reversed,
      settlement_transaction_id: IDS.transaction,
    },
  },
  'market.void_corrected': {
    summary: 'A market moved from voided to resolved, or from resolved to voided.',
    example: {
      market_slug: 'election-2026',
      previous_status: 'voided',
      status: 'resolved',
      previous_outcome_id: null,
      resolved_outcome_id: IDS.outcome,
    },
  },
  'reconciliation.discrepancy': {
    summary: "Reconciliation found the ledger's balance and the operator's last reported one apart.",
    example: {
      discrepancy_id: IDS.discrepancy,
      report_id: IDS.report,
      external_user_id: 'user-4711',
      ledger_balance: '120.00',
      operator_balance: '100.00',
      delta: '20.00',
    },
  },
  'report.ready': {
    summary: 'A report job reached ready.',
    example: {
      report_id: IDS.report,
      report_type: 'transactions',
      format: 'csv',
      download_path: `/v1/reports/${IDS.report}/download`,
      expires_at: '2026-11-26T12:00:00.000Z',
    },
  },
};

const HEADERS = {
  'X-Webhook-Signature': 'sha256=<hex HMAC-SHA256 of the raw body with the webhook_secret>, lower case.',
  'X-Webhook-Timestamp': 'When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew.',
  'X-Webhook-Signature-V2':
    '`t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex ' +
    'HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. ' +
    'Refuse one whose t is more than 5 minutes from your clock: a replayed delivery.',
  'X-Webhook-Event': 'The event type; equals the body field event.',
  'X-Webhook-Delivery': 'The delivery id; equals the body field id. Deduplicate on it.',
};

const DELIVERY = [
  'Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url.',
  'Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else.',
  'Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered.',
  'Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once;',
  "another operator's slow or failing receiver delays yours by one attempt's timeout at most.",
  'Answer 2xx to an event type you do not know, and ignore unknown fields.',
].join(' ');

/** The `webhooks` object of the OpenAPI document. */
export function webhookDocs(): Record<string, object> {
  return Object.fromEntries(
    EVENT_TYPES.map((event) => {
      const doc = WEBHOOK_EVENTS[event];
      const { $schema: _ignored, ...schema } = z.toJSONSchema(eventEnvelope(event)) as Record<string, unknown>;
      const example = {
        id: '8c7b6a59-4837-4261-9f0e-1d2c3b4a5968',
        event,
        occurred_at: '2026-11-25T12:00:00.000Z',
        data: doc.example,
      };
      return [
        event,
        {
          post: {
            operationId: `webhook_${event.replace('.', '_')}`,
            summary: event,
            description: `${doc.summary}\n\n${DELIVERY}`,
            tags: ['Webhooks'],
            parameters: Object.entries(HEADERS).map(([name, description]) => ({
              name,
              in: 'header',
              required: true,
              description,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema, example } } },
            responses: { '2XX': { description: 'Recorded (or an event type the receiver does not know).' } },
          },
        },
      ];
    }),
  );
}
