import { z } from 'zod';

/**
 * The `data` of every webhook event, one schema per event type. The same schema documents the
 * event in the OpenAPI document (http/webhook-events.ts) and types it where it is built (`NewEvent`), so a
 * builder that leaves out or misnames a field does not compile, and the reference cannot drift from what
 * is sent.
 */

const Uuid = z.uuid();
const Amount = z.string().describe('A decimal amount with two decimals, as a string.');
const Price = z.string().describe('A price between 0 and 1 with six decimals, as a string.');
const Payout = z.string().describe('A decimal amount as a string; "0" for a settled_loss.');
const Timestamp = z.string().describe('RFC 3339 UTC.');
const Ended = z.enum(['settled_win', 'settled_loss']);
const AnyEnd = z.enum(['voided', 'settled_win', 'settled_loss']);

const positionCommon = {
  position_id: Uuid,
  external_user_id: z.string(),
  market_slug: z.string(),
  outcome_id: Uuid,
};

export const EVENT_PAYLOADS = {
  'position.opened': z.object({ ...positionCommon, stake: Amount, price: Price, open_transaction_id: Uuid }),
  'position.closed': z.object({
    ...positionCommon,
    payout: Amount,
    close_price: Price,
    settlement_transaction_id: Uuid,
  }),
  'order.filled': z.object({
    order_id: Uuid,
    position_id: Uuid,
    external_user_id: z.string(),
    market_slug: z.string(),
    outcome_id: Uuid,
    stake: Amount,
    limit_price: Price,
    fill_price: Price.describe('The execution price, at or below limit_price.'),
  }),
  'position.settled': z.object({
    ...positionCommon,
    state: Ended,
    stake: Amount,
    price: Price.describe('The price at open.'),
    payout: Payout,
    settlement_transaction_id: Uuid.nullable().describe('null for a settled_loss.'),
  }),
  'position.voided': z.object({
    ...positionCommon,
    state: z.literal('voided'),
    stake: Amount,
    payout: Amount.describe('Equal to stake.'),
    settlement_transaction_id: Uuid.describe('The market_void_refund.'),
  }),
  'market.resolved': z.object({ market_slug: z.string(), resolved_outcome_id: Uuid }),
  'market.voided': z.object({ market_slug: z.string() }),
  'position.settlement_corrected': z.object({
    ...positionCommon,
    previous_state: Ended,
    state: Ended.describe('Never equal to previous_state.'),
    previous_payout: Payout,
    payout: Payout,
    reversed_transaction_id: Uuid.nullable().describe('null when the position was settled_loss.'),
    settlement_transaction_id: Uuid.nullable().describe('null when it is now settled_loss.'),
  }),
  'market.resolution_corrected': z.object({
    market_slug: z.string(),
    previous_outcome_id: Uuid,
    resolved_outcome_id: Uuid,
  }),
  'position.void_corrected': z.object({
    ...positionCommon,
    previous_state: AnyEnd,
    state: AnyEnd.describe('Exactly one of previous_state and state is voided.'),
    stake: Amount,
    previous_payout: Payout,
    payout: Payout,
    reversed_transaction_id: Uuid.nullable(),
    settlement_transaction_id: Uuid.nullable(),
  }),
  'market.void_corrected': z.object({
    market_slug: z.string(),
    previous_status: z.enum(['voided', 'resolved']),
    status: z.enum(['voided', 'resolved']).describe('Never equal to previous_status.'),
    previous_outcome_id: Uuid.nullable().describe('null when previous_status is voided.'),
    resolved_outcome_id: Uuid.nullable().describe('null when status is voided.'),
  }),
  'reconciliation.discrepancy': z.object({
    discrepancy_id: Uuid,
    report_id: Uuid.describe('The reconciliation run that found it.'),
    external_user_id: z.string(),
    ledger_balance: Amount,
    operator_balance: Amount,
    delta: Amount.describe('ledger_balance minus operator_balance.'),
  }),
  'report.ready': z.object({
    report_id: Uuid,
    report_type: z.string(),
    format: z.enum(['json', 'csv']),
    download_path: z.string().describe('/v1/reports/{id}/download: a path, never a pre-signed URL.'),
    expires_at: Timestamp,
  }),
} satisfies Record<string, z.ZodType>;

/** Every event type the service sends. */
export type EventType = keyof typeof EVENT_PAYLOADS;

/** The event types, in the order of EVENT_PAYLOADS (the order the reference lists them). */
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];

/** What a builder writes as the `data` of an event of type T (the schema's input type). */
export type EventData<T extends EventType> = z.input<(typeof EVENT_PAYLOADS)[T]>;

/**
 * An event's type with its data, one member per type: `{ type: 'market.voided', data: { market_slug } }`.
 * A union, so a literal `type` picks the data it must carry.
 */
export type EventContent<T extends EventType = EventType> = { [K in T]: { type: K; data: EventData<K> } }[T];

/** What marks a test event's data (POST /v1/webhooks/test): its ids are samples, nobody's positions. */
const TestMark = z
  .literal(true)
  .optional()
  .describe('Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.');

/**
 * The body of one event type's webhook, as the reference documents it: the envelope every event
 * shares around that type's data. Keys in the order they are sent (domains/webhooks/model/body.ts).
 */
export function eventEnvelope<T extends EventType>(type: T) {
  return z.object({
    id: Uuid.describe('Equals X-Webhook-Delivery.'),
    event: z.literal(type),
    occurred_at: Timestamp.describe('When the state change committed, never the send time.'),
    data: z.object({ ...EVENT_PAYLOADS[type].shape, test: TestMark }),
  });
}
