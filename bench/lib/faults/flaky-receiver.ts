import { serveOnLoopback } from '../loopback-server.js';
import { verifySignature } from '../../../packages/service/src/domains/webhooks/signature.js';

export interface FlakyReceiver {
  url: string;
  /** Event ids received with a valid signature and answered 2xx. */
  accepted: Set<string>;
  counts: { requests: number; failed: number; dropped: number; duplicates: number; badSignatures: number };
  setSecret(secret: string): void;
  close(): Promise<void>;
}

/**
 * The operator's webhook receiver, unreliable on purpose: the first time it sees an event it answers 500
 * (a quarter of the time) or drops the connection without an answer (one in twenty); after that it accepts
 * it. Failing each event at most once keeps the drain within the first retry (5 s) rather than the later
 * ones (1 min, 5 min…), so the harness stays bounded in time; the dead-letter path after the whole
 * schedule is the webhook tests' to show.
 */
export async function startFlakyReceiver(random: () => number): Promise<FlakyReceiver> {
  let secret = '';
  const seen = new Set<string>();
  const accepted = new Set<string>();
  const counts = { requests: 0, failed: 0, dropped: 0, duplicates: 0, badSignatures: 0 };
  const server = await serveOnLoopback((req, res, raw) => {
    counts.requests++;
    if (!verifySignature(secret, raw, String(req.headers['x-webhook-signature'] ?? ''))) {
      counts.badSignatures++;
      res.writeHead(401).end();
      return;
    }
    const id = (JSON.parse(raw.toString('utf8')) as { id: string }).id;
    const first = !seen.has(id);
    seen.add(id);
    const roll = random();
    if (first && roll < 0.05) {
      counts.dropped++;
      req.socket.destroy();
      return;
    }
    if (first && roll < 0.3) {
      counts.failed++;
      res.writeHead(500).end();
      return;
    }
    if (accepted.has(id)) counts.duplicates++;
    accepted.add(id);
    res.writeHead(204).end();
  });
  return {
    url: `${server.base}/hooks`,
    accepted,
    counts,
    setSecret: (value) => (secret = value),
    close: server.close,
  };
}
