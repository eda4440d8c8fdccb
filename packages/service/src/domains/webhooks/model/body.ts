/** An event as the outbox stores it (one row per tenant environment). */
export interface StoredEvent {
  id: string;
  type: string;
  occurredAt: Date;
  /** The jsonb column as the driver parsed it. */
  data: Record<string, unknown>;
}

/**
 * The webhook body (docs/operator-api.md, "Webhooks and the event feed"), also each item of GET /v1/events. Keys in
 * this order, nothing else.
 */
export interface WebhookBody {
  id: string;
  event: string;
  occurred_at: string;
  data: Record<string, unknown>;
}

/**
 * id is the event row's id (= X-Webhook-Delivery), occurred_at the time the state change committed.
 * The webhook worker and the feed both build the body here, so they carry the same object.
 */
export function webhookBody(event: StoredEvent): WebhookBody {
  return { id: event.id, event: event.type, occurred_at: event.occurredAt.toISOString(), data: event.data };
}
