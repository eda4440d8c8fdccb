import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOperatorClient, type WebhookEvent } from '@pm/sdk';
import { onboard } from './onboard.js';
import { Operator } from './operator.js';
import { describeEvent, webhookHandler } from './webhooks.js';

export interface ExampleOptions {
  /** The service's sandbox listener. */
  baseUrl: string;
  platformUrl: string;
  adminToken: string;
  /** The example's own port (0: any free one). */
  port: number;
  log: (line: string) => void;
}

/**
 * An operator's back end, end to end: its HTTP server (webhooks at POST /webhooks, widget sessions for
 * its pages at POST /session), then one user's day: registered, a deposit mirrored (and mirrored again,
 * which moves nothing), a widget session minted, and a trade through that session, whose
 * position.opened event comes back to the webhook endpoint.
 */
export async function runExample(options: ExampleOptions) {
  const { log } = options;
  const events: WebhookEvent[] = [];
  let opened!: (event: WebhookEvent) => void;
  const firstOpen = new Promise<WebhookEvent>((resolve) => (opened = resolve));
  let handle: ReturnType<typeof webhookHandler> | null = null;
  let operator: Operator | null = null;
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/webhooks' && handle) return void handle(request, response);
    if (request.method === 'POST' && request.url?.startsWith('/session?user=') && operator) {
      // Behind the operator's own sign-in in a real back end: the user comes from its session, not a query.
      const user = new URL(request.url, 'http://x').searchParams.get('user')!;
      return void operator.mintSession(user).then(
        (minted) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(minted)),
        (error: Error) => response.writeHead(502).end(error.message),
      );
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  log(`operator back end at ${url} (webhooks at ${url}/webhooks)`);

  const { apiKey, webhookSecret } = await onboard(options.platformUrl, options.adminToken, `${url}/webhooks`);
  handle = webhookHandler(webhookSecret, (event) => {
    events.push(event);
    log(`webhook: ${describeEvent(event)}`);
    if (event.event === 'position.opened') opened(event);
  });
  operator = new Operator(options.baseUrl, apiKey);
  log('onboarded: a sandbox key and a webhook secret for a tenant of its own');

  const user = `player-${Date.now()}`;
  await operator.registerUser(user);
  const deposit = await operator.mirrorDeposit(user, `${user}-1001`, '100.00');
  const again = await operator.mirrorDeposit(user, `${user}-1001`, '100.00');
  log(`${user} registered; deposit mirrored: balance ${deposit.balance} (sent twice: ${again.balance}, one movement)`);

  const session = await operator.mintSession(user);
  log(`widget session minted for ${user}, valid until ${session.expires_at}`);
  // What the widget does in the user's browser with that session.
  const widget = createOperatorClient({ baseUrl: options.baseUrl, credential: session.token });
  const markets = await widget.markets.list();
  const market = markets.data.find((m) => m.status === 'open');
  if (!market) throw new Error('no open market: run `npm start` on a fresh DATA_DIR, which seeds the demo markets');
  const outcome = market.outcomes[0]!;
  // A trade moves money: its key is the bet slip's own id, so a retry after a lost answer opens it once.
  const slipId = `${user}-slip-1`;
  const trade = await widget.positions.open(
    { market_slug: market.slug, outcome_id: outcome.id, stake: '5.00', max_price: '1' },
    { idempotencyKey: `bet-${slipId}` },
  );
  log(`the widget opened 5.00 on "${outcome.title}" in "${market.title}" at ${trade.price}`);
  return { url, user, events, firstOpen, webhookSecret, stop };
}
