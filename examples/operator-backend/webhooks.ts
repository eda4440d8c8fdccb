import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyWebhook, type WebhookEvent } from '@pm/sdk';

/**
 * The operator's webhook endpoint, on plain node:http: the raw bytes are read before anything parses
 * them (the signature is over those bytes), the signature is checked, and each delivery is processed once
 * however often it comes (delivery is at least once). The set of seen deliveries stands in
 * for a table with a unique key on the delivery id, written in the same transaction as the event's
 * effect: then a crash between the two can neither lose nor double an event. (In memory, as here, two
 * copies arriving at the same moment could both be processed.)
 */
export function webhookHandler(secret: string, onEvent: (event: WebhookEvent) => Promise<void> | void) {
  const seen = new Set<string>();
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      // requireTimestamp: every delivery carries the timestamped signature, so one without it, or signed more
      // than five minutes ago (a captured delivery sent again), is refused.
      const verified = verifyWebhook({
        rawBody: Buffer.concat(chunks),
        headers: request.headers,
        secret,
        requireTimestamp: true,
      });
      if (!verified.ok) {
        // Not from the service (or changed on the way): refuse it and process nothing.
        response.writeHead(401).end(verified.reason);
        return;
      }
      // An event type this code does not know yet is acknowledged and ignored: new ones come without notice.
      if (!seen.has(verified.delivery_id) && verified.known) await onEvent(verified.event);
      // Recorded only once processed: a failure above answers 500, and the service delivers it again.
      seen.add(verified.delivery_id);
      response.writeHead(204).end();
    } catch {
      if (!response.headersSent) response.writeHead(500).end();
    }
  };
}

/** One line per event, narrowed by its type. */
export function describeEvent(event: WebhookEvent): string {
  switch (event.event) {
    case 'position.opened':
      return `${event.data.external_user_id} opened ${event.data.stake} on ${event.data.market_slug} at ${event.data.price}`;
    case 'position.closed':
      return `${event.data.external_user_id} closed a position for ${event.data.payout}`;
    case 'position.settled':
      return `${event.data.external_user_id}'s position ${event.data.state}, payout ${event.data.payout}`;
    case 'report.ready':
      return `report ${event.data.report_id} ready at ${event.data.download_path}`;
    default:
      return event.event;
  }
}
