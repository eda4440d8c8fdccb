import type { ServerResponse } from 'node:http';
import { verifySignature } from '../../packages/service/src/domains/webhooks/signature.js';
import { serveOnLoopback } from './loopback-server.js';

/** A delivery that reached /ok/<tenant>, first time only. */
export interface Arrival {
  id: string;
  type: string;
  occurredAt: number;
  receivedAt: number;
}

/**
 * The webhook-fairness bench's receiver: /dead holds every request open and never answers (tenant A's
 * dead receiver), /ok/<tenant> checks the signature, answers 204 at once and records the arrival.
 */
export async function startFairnessReceiver() {
  /** Tenant id → webhook secret, for the signatures of /ok/<tenant>. */
  const secrets = new Map<string, string>();
  const held = new Set<ServerResponse>();
  const state = {
    arrivals: new Map<string, Arrival>(),
    duplicates: 0,
    badSignatures: 0,
    /** Requests to /dead since the receiver started, and the most it held open at once since the last reset. */
    deadRequests: 0,
    deadHeldMax: 0,
    /** At the end of a shape: /dead drops what it holds and every new request, so the processes stop at once. */
    dropDead: false,
  };
  const server = await serveOnLoopback((req, res, raw) => {
    const receivedAt = Date.now();
    const url = req.url ?? '';
    if (url === '/dead') {
      state.deadRequests++;
      if (state.dropDead) {
        res.destroy();
        return;
      }
      held.add(res);
      state.deadHeldMax = Math.max(state.deadHeldMax, held.size);
      res.on('close', () => held.delete(res));
      return; // never answered: the service's timeout ends it
    }
    const tenant = url.startsWith('/ok/') ? url.slice(4) : null;
    const signature = req.headers['x-webhook-signature'];
    if (
      tenant === null ||
      typeof signature !== 'string' ||
      !verifySignature(secrets.get(tenant) ?? '', raw, signature)
    ) {
      state.badSignatures++;
      res.writeHead(401).end();
      return;
    }
    const body = JSON.parse(raw.toString('utf8')) as { id: string; event: string; occurred_at: string };
    if (state.arrivals.has(body.id)) state.duplicates++;
    else
      state.arrivals.set(body.id, {
        id: body.id,
        type: body.event,
        occurredAt: Date.parse(body.occurred_at),
        receivedAt,
      });
    res.writeHead(204).end();
  });
  return Object.assign(state, {
    base: server.base,
    secrets,
    held: () => held.size,
    reset: () =>
      Object.assign(state, {
        arrivals: new Map<string, Arrival>(),
        duplicates: 0,
        badSignatures: 0,
        deadHeldMax: held.size,
        dropDead: false,
      }),
    dropHeld: () => {
      state.dropDead = true;
      for (const res of held) res.destroy();
    },
    close: server.close,
  });
}
export type FairnessReceiver = Awaited<ReturnType<typeof startFairnessReceiver>>;
