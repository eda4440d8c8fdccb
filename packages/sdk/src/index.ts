export { createOperatorClient, type ClientOptions, type OperatorClient, type Result } from './client.js';
export { ApiError, type ErrorCode } from './errors.js';
export { DEFAULT_RETRY, type RetryPolicy } from './retries.js';
export {
  verifyWebhook,
  type VerifiedWebhook,
  type WebhookEvent,
  type WebhookEventType,
  type UnknownWebhookEvent,
} from './webhooks.js';
export type { paths, webhooks, components } from './generated/openapi.generated.js';
