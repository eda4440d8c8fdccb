import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock, type Clock } from '../../lib/clock.js';
import { silentDoorbell, type Doorbell } from '../../lib/doorbell.js';
import type { Ctx } from '../context.js';
import { claimDue, envKey, recordAttempt, type ClaimedDelivery } from './delivery-repo.js';
import { webhookBody } from './model/body.js';
import { nextState } from './model/schedule.js';
import { signatureHeaders } from './signature.js';
import { WEBHOOK_USER_AGENT, type SendResult, type WebhookRequest, type WebhookTransport } from './transport.js';

export interface DeliveryOptions {
  /** Per attempt, the whole exchange with the receiver. */
  timeoutMs: number;
  /** In flight at once per tenant environment in this process (docs/architecture.md, "Events": bounded per tenant). */
  maxInFlightPerEnv: number;
  /** In flight at once in this process. */
  maxInFlight: number;
  /** Attempts one pass starts before it lets the runner schedule the next. */
  maxAttemptsPerPass: number;
  /**
   * After the last delivery it claimed, how long the pass keeps looking for new ones (every pollMs)
   * before it ends; a pass that finds nothing ends at once. 0: a pass ends as soon as nothing is due.
   * The job lingers, so that while events keep coming they are picked up within pollMs rather than at
   * the runner's next interval.
   */
  lingerMs: number;
  pollMs: number;
  /**
   * While attempts are in flight and slots are free, how long the pass waits for the doorbell before it
   * claims again anyway (retries fall due by time alone; a notification can be lost).
   */
  wakeMs: number;
}

export const DELIVERY_DEFAULTS: DeliveryOptions = {
  timeoutMs: 5_000,
  maxInFlightPerEnv: 4,
  maxInFlight: 32,
  maxAttemptsPerPass: 1_000,
  lingerMs: 0,
  pollMs: 50,
  wakeMs: 1_000,
};

/**
 * The lease covers the send and the recording of its attempt (with its retries, RECORD_RETRIES_MS), with
 * room for a slow database. It is also how long the deliveries in flight in a worker that died wait before
 * another claims them, so it is no longer than that needs (the fault harness, bench/faults.ts, shows it).
 */
export const LEASE_MARGIN_MS = 20_000;

/**
 * What became of an attempt: delivered, failed (sent, retried on schedule), not sent (no webhook secret:
 * retried on schedule, nothing went out) or dead-lettered.
 */
export type DeliveryOutcome = 'delivered' | 'failed' | 'not_sent' | 'dead_lettered';

export interface DeliveryPorts {
  transport: WebhookTransport;
  /** Told of every recorded attempt (the service's metrics). */
  observe?: (outcome: DeliveryOutcome) => void;
  /** False once the process is stopping: the pass stops claiming and lets what is in flight finish. */
  keepGoing(): boolean;
  /** Rung when deliveries are enqueued (LISTEN webhook_deliveries); without one the pass polls. */
  doorbell?: Doorbell;
  /**
   * The time each attempt is signed at (X-Webhook-Timestamp): the wall clock by default, not the service's
   * clock, because the receiver judges it against its own (docs/operator-api.md, "Webhooks and the event feed").
   */
  signingClock?: Clock;
}

/**
 * One pass of the webhook worker: claims due deliveries, POSTs each signed with its environment's
 * current secret, records the attempt and moves the delivery on (delivered, retry later, dead).
 * A slow receiver only holds its own environment's slots while the others keep flowing: a freed slot is
 * refilled at once with another claim, and while slots are free the pass also claims when the doorbell
 * rings (a delivery was enqueued) or every wakeMs, instead of waiting for the slowest attempt to end.
 * Stops claiming once the service shuts down and returns when nothing is in flight, with the number of
 * attempts made. Safe in any number of processes.
 */
export async function deliverDue(
  ctx: Ctx,
  ports: DeliveryPorts,
  options: Partial<DeliveryOptions> = {},
): Promise<number> {
  const o = { ...DELIVERY_DEFAULTS, ...options };
  const perEnv = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  let attempts = 0;
  let lastWork = Number.NEGATIVE_INFINITY;
  const start = (delivery: ClaimedDelivery, token: string) => {
    const key = envKey(delivery);
    perEnv.set(key, (perEnv.get(key) ?? 0) + 1);
    const running: Promise<void> = attemptDelivery(ctx, ports, delivery, token, o.timeoutMs)
      .catch((error: unknown) => void failures.push(error))
      .finally(() => {
        inFlight.delete(running);
        const left = perEnv.get(key)! - 1;
        if (left === 0) perEnv.delete(key);
        else perEnv.set(key, left);
      });
    inFlight.add(running);
  };
  const doorbell = ports.doorbell ?? silentDoorbell;
  try {
    for (;;) {
      const room = Math.min(o.maxInFlight - inFlight.size, o.maxAttemptsPerPass - attempts);
      const canClaim = room > 0 && ports.keepGoing();
      // A claim that found nothing while slots were busy may have been held back by the per-environment
      // limit: claim again once they are free rather than end the pass with work left.
      let claimAgain = false;
      let roomLeft = false;
      if (canClaim) {
        const busy = inFlight.size > 0;
        const now = ctx.runtime.clock.now();
        const token = randomUUID();
        const leaseUntil = new Date(now.getTime() + o.timeoutMs + LEASE_MARGIN_MS);
        const claimed = await claimDue(ctx.db, {
          now,
          leaseUntil,
          token,
          limit: room,
          maxPerEnv: o.maxInFlightPerEnv,
          inFlight: perEnv,
        });
        attempts += claimed.length;
        for (const delivery of claimed) start(delivery, token);
        if (claimed.length > 0) lastWork = performance.now();
        claimAgain = claimed.length > 0 || busy;
        roomLeft = claimed.length < room;
      }
      if (inFlight.size > 0 && roomLeft) {
        const woken = new AbortController();
        await Promise.race([...inFlight, doorbell.wait(o.wakeMs, woken.signal)]);
        woken.abort();
      } else if (inFlight.size > 0) await Promise.race(inFlight);
      else if (claimAgain) continue;
      else if (canClaim && performance.now() - lastWork < o.lingerMs) await doorbell.wait(o.pollMs);
      else break;
    }
  } finally {
    await Promise.all(inFlight);
  }
  // A failure to record leaves its delivery leased; it is attempted again when the lease runs out.
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} webhook attempts could not be recorded`);
  return attempts;
}

/** Sends one claimed delivery (or finds it cannot be sent) and records the attempt. */
async function attemptDelivery(
  ctx: Ctx,
  ports: Pick<DeliveryPorts, 'transport' | 'observe' | 'signingClock'>,
  delivery: ClaimedDelivery,
  token: string,
  timeoutMs: number,
): Promise<void> {
  const { clock } = ctx.runtime;
  const attemptedAt = clock.now();
  const request = signedRequest(delivery, timeoutMs, (ports.signingClock ?? systemClock).now());
  const result = 'unsent' in request ? unsent(request.unsent) : await ports.transport.send(request);
  const finishedAt = clock.now();
  // The schedule counts from when each attempt started (docs/guides/webhooks.md, "Retries and their
  // schedule"): an attempt that waited out its timeout does not push every later retry back by it.
  const outcome = nextState(
    { status: result.status, attemptInCycle: delivery.attemptInCycle, noUrl: delivery.webhookUrl === null },
    attemptedAt,
  );
  await recordPatiently(() =>
    recordAttempt(ctx.db, {
      eventId: delivery.eventId,
      attempt: delivery.attempt,
      token,
      attemptedAt,
      url: delivery.webhookUrl,
      sent: !('unsent' in request),
      requestHeaders: 'unsent' in request ? null : request.headers,
      statusCode: result.status,
      error: result.error,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      outcome,
      now: finishedAt,
    }),
  );
  ports.observe?.(outcomeOf(outcome.state, !('unsent' in request)));
}

function outcomeOf(state: 'delivered' | 'pending' | 'dead', sent: boolean): DeliveryOutcome {
  if (state === 'pending') return sent ? 'failed' : 'not_sent';
  return state === 'delivered' ? 'delivered' : 'dead_lettered';
}

/** Waits between the tries of recording an attempt: about 8 s in all, inside the lease's margin. */
export const RECORD_RETRIES_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000];

/**
 * Records an attempt, trying again while the database is briefly away (a restart or failover takes a few
 * seconds): otherwise the delivery stays leased until its lease runs out, a minute later. A unique
 * violation on the attempt's row means an earlier try committed although its answer was lost: recorded.
 */
export async function recordPatiently(
  record: () => Promise<boolean>,
  waitsMs: readonly number[] = RECORD_RETRIES_MS,
): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await record();
      return;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return;
      const wait = waitsMs[i];
      if (wait === undefined) throw error;
      await sleep(wait);
    }
  }
}

/**
 * The body is serialized here, once per attempt, from the stored event, and these exact bytes are
 * signed at `signedAt` and sent, with these headers (recorded with the attempt: the signatures are HMACs,
 * no secret). A retry or a resend is a new attempt, so it carries its own timestamp.
 * An environment without a secret is not sent to unsigned: the attempt is recorded as not sent and
 * retried on schedule, so setting a secret lets it through.
 */
function signedRequest(
  delivery: ClaimedDelivery,
  timeoutMs: number,
  signedAt: Date,
): WebhookRequest | { unsent: string } {
  if (delivery.webhookUrl === null) return { unsent: 'no webhook_url' };
  if (delivery.webhookSecret === null) return { unsent: 'no webhook secret' };
  const body = JSON.stringify(webhookBody(delivery.event));
  return {
    url: delivery.webhookUrl,
    body,
    timeoutMs,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': WEBHOOK_USER_AGENT,
      ...signatureHeaders(delivery.webhookSecret, body, signedAt),
      'x-webhook-event': delivery.event.type,
      'x-webhook-delivery': delivery.eventId,
    },
  };
}

/** An attempt not sent: no answer, no time taken, the reason as its error. */
const unsent = (error: string): SendResult => ({ status: null, error, latencyMs: 0, excerpt: null });
