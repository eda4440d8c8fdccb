export {
  deliverDue,
  DELIVERY_DEFAULTS,
  type DeliveryOptions,
  type DeliveryOutcome,
  type DeliveryPorts,
} from './deliver-due.js';
export { deliveryBacklog, deliveryBacklogTotals } from './delivery-backlog.js';
export type { BacklogTotals } from './model/backlog-totals.js';
export { findDeliveryById } from './delivery-repo.js';
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
export { listDeliveries, type DeliveryView } from './list-deliveries.js';
export { listEvents, type EventFeedPage } from './list-events.js';
export { resendDeadLetter } from './resend-dead-letter.js';
export { resendDelivery, type DeliveryResend } from './resend-delivery.js';
export { retryDeliveryNow, type DeliveryRetry } from './retry-delivery-now.js';
export { resendDeadLetters, type BulkResend } from './resend-dead-letters.js';
export * from './schemas.js';
export { signBody, verifySignature } from './signature.js';
export { webhookUrlProblem, type WebhookUrlPolicy } from './model/webhook-url.js';
export { httpTransport, type SendResult, type WebhookRequest, type WebhookTransport } from './transport.js';
