export { createOperatorClient, type ClientOptions, type OperatorClient, type Result } from './client.js';
export { ApiError, isRetryable, type ErrorCode, type RetryAdvice } from './errors.js';
export type { EventBatch, EventFeed, FeedEvent, ListPage } from './lists.js';
export type { ReportDownload } from './reports.js';
export type {
  CallOptions,
  KeyedCallOptions,
  ListItem,
  ListOperationId,
  OperationId,
  QueryParams,
  RequestBody,
  ResourceMethod,
  Resources,
  SuccessBody,
  UnkeyedCallOptions,
} from './resources.js';
export { DEFAULT_RETRY, type RetryPolicy } from './retries.js';
export {
  signWebhook,
  verifyWebhook,
  type SignedWebhook,
  type VerifiedWebhook,
  type WebhookEvent,
  type WebhookEventType,
  type UnknownWebhookEvent,
} from './webhooks.js';
export type { paths, webhooks, components } from './generated/openapi.generated.js';
