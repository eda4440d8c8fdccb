import { sendWebhook, type SendResult, type WebhookRequest } from './send-webhook.js';

export { EXCERPT_BYTES, type SendResult, type WebhookRequest } from './send-webhook.js';

/** The webhook transport port: how one signed POST reaches a receiver. */
export interface WebhookTransport {
  send(request: WebhookRequest): Promise<SendResult>;
}

/** Temporary: the fetch-based sender, until the checked-address transport lands. */
export const fetchTransport: WebhookTransport = { send: sendWebhook };
