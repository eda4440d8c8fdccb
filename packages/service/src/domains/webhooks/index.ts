export {
  deliverDue,
  DELIVERY_DEFAULTS,
  type DeliveryOptions,
  type DeliveryOutcome,
  type DeliveryPorts,
} from './deliver-due.js';
export { deliveryBacklog, deliveryBacklogTotals } from './delivery-backlog.js';
export type { BacklogTotals } from './model/backlog-totals.js';
export type { DeliveryBacklog } from './delivery-repo.js';
export { findEventById } from './feed-repo.js';
export { countDeadLetters, listDeadLetters, type DeadLetterListing } from './list-dead-letters.js';
export type { DeadLetterCount, DeadLetterRow } from './delivery-repo.js';
export {
  BULK_RESEND_CAP,
  DEAD_AGES,
  deadWindow,
  filterProblem,
  type DeadAge,
  type DeadLetterFilter,
} from './model/dead-letter-filter.js';
export type { AttemptRow } from './delivery-detail-repo.js';
export type { DeliveryRow } from './delivery-list-repo.js';
export { endpointHealth, HEALTH_WINDOW_MS, type EndpointHealth } from './endpoint-health.js';
export { findDelivery, type DeliveryDetail } from './find-delivery.js';
export { listDeliveries } from './list-deliveries.js';
export {
  attemptKind,
  attemptReason,
  attemptWords,
  type AttemptFacts,
  type AttemptKind,
} from './model/attempt-outcome.js';
export {
  DELIVERY_FILTER_FIELDS,
  DELIVERY_STATES,
  readDeliveryFilter,
  type DeliveryFilter,
  type DeliveryFilterField,
  type DeliveryFilterFields,
} from './model/delivery-filter.js';
export { percent } from './model/endpoint-health.js';
export { listEvents, type EventFeedPage } from './list-events.js';
export { resendDeadLetter } from './resend-dead-letter.js';
export { resendDelivery, type DeliveryResend } from './resend-delivery.js';
export { retryDeliveryNow, type DeliveryRetry } from './retry-delivery-now.js';
export { resendDeadLetters, type BulkResend } from './resend-dead-letters.js';
export * from './schemas.js';
export { signBody, signatureHeaders, verifySignature, verifyTimestampedSignature } from './signature.js';
export { webhookUrlProblem, type WebhookUrlPolicy } from './model/webhook-url.js';
export { httpTransport, type SendResult, type WebhookRequest, type WebhookTransport } from './transport.js';
