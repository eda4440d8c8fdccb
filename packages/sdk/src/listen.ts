import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createOperatorClient } from './client.js';
import type { FeedEvent } from './lists.js';
import { signatureHeaders } from './webhooks.js';

/**
 * pm-listen (docs/sdk.md, "Receive webhooks on your laptop: pm-listen"): follows the event feed and POSTs each
 * event to a local URL as the service would deliver it, so a receiver on a laptop, which the service cannot
 * reach, gets real events.
 */
export interface ListenOptions {
  /** The sandbox or live listener. */
  baseUrl: string;
  /** The environment's API key (scope write:positions, for GET /v1/events). */
  apiKey: string;
  /** Where each event is POSTed, e.g. http://localhost:3000/hooks. */
  forwardTo: string;
  /** The secret the forwarded events are signed with; without one, the state file's, or a new one. */
  secret?: string;
  /** The state file: the cursor and the generated secret, so a restart resumes. */
  statePath: string;
  /** Without a state file: forward the feed's past events too, instead of only those after the start. */
  fromStart?: boolean;
  /** How often the feed is read once caught up. */
  pollMs?: number;
  /** The first wait before an event is sent again (the receiver down or not 2xx); it doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Each POST's whole exchange; as the service's own attempts (docs/guides/webhooks.md, "Record once, answer fast"). */
  timeoutMs?: number;
  /** Events read per request. */
  pageSize?: number;
  /** Where the lines go (stdout by default). */
  print?: (line: string) => void;
  /** Aborted: the loop stops between steps, the state saved. */
  signal?: AbortSignal;
}

/**
 * What the state file keeps. `cursor` is where the page being forwarded was read from and `forwarded` the ids
 * of that page already answered 2xx, so a restart in the middle of a page skips those and nothing else. The feed
 * hands one cursor per page, not per event (docs/operator-api.md, "Webhooks and the event feed").
 */
interface ListenState {
  base_url: string;
  cursor: string | null;
  forwarded: string[];
  secret?: string;
}

const DEFAULTS = { pollMs: 2_000, retryMs: 1_000, maxRetryMs: 30_000, timeoutMs: 5_000, pageSize: 100 };

/** Who sends the forwarded events: the service's user agent (transport.ts), and this tool's name. */
const USER_AGENT = 'pm-operator-webhooks/1 (pm-listen)';

/** A new local secret: as the service's own are, whsec_ and random bytes. */
export function newListenSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** Runs until `signal` is aborted; throws when the feed refuses the key or the state file is another service's. */
export async function listen(options: ListenOptions): Promise<void> {
  const o = { ...DEFAULTS, ...options };
  const print = o.print ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const saved = await readState(o.statePath);
  if (saved && saved.base_url !== o.baseUrl)
    throw new Error(`${o.statePath} follows ${saved.base_url}, not ${o.baseUrl}: pass another --state`);
  const secret = o.secret ?? saved?.secret ?? newListenSecret();
  const state: ListenState = saved ?? { base_url: o.baseUrl, cursor: null, forwarded: [] };
  // A given secret is the caller's to keep; only a generated one is remembered, for the next start.
  if (o.secret === undefined) state.secret = secret;
  else delete state.secret;
  // A first start is saved once the feed's past is skipped, so a stop before that starts afresh next time.
  let skipping = saved === null && !o.fromStart;
  let skipped = 0;
  if (!skipping) await writeState(o.statePath, state);

  print(`Forwarding events of ${o.baseUrl} to ${o.forwardTo}`);
  print(`Signing secret: ${secret} (verify the forwarded events with it)`);
  print(
    `State: ${o.statePath} (${saved ? 'resuming from its cursor' : o.fromStart ? 'from the first event' : 'new'}); Ctrl-C to stop`,
  );

  const pm = createOperatorClient({ baseUrl: o.baseUrl, credential: o.apiKey });
  const stopped = () => o.signal?.aborted === true;
  while (!stopped()) {
    const polled = await pm.events.poll(state.cursor, { limit: o.pageSize, signal: o.signal });
    if (stopped()) break;
    if (polled.error) {
      const { status, code, message } = polled.error;
      if (status === 401 || status === 403) throw new Error(`the event feed refused the API key: ${code}: ${message}`);
      print(
        `The event feed answered ${status || 'nothing'} (${code}: ${message}); reading it again in ${o.pollMs / 1000} s`,
      );
      await pause(o.pollMs, o.signal);
      continue;
    }
    const batch = polled.data;
    if (skipping) {
      // The first start follows the feed from now: its past is read through, not forwarded.
      skipped += batch.events.length;
      state.cursor = batch.cursor;
      if (batch.more) continue;
      skipping = false;
      await writeState(o.statePath, state);
      const events = skipped === 1 ? 'event' : 'events';
      print(`Skipped the ${skipped} earlier ${events} (--from-start forwards them); waiting for new ones`);
      continue;
    }
    for (const event of batch.events) {
      if (state.forwarded.includes(event.id)) continue;
      if (!(await forwardUntilAccepted(event, secret, o, print))) return;
      state.forwarded.push(event.id);
      await writeState(o.statePath, state);
    }
    if (batch.cursor !== state.cursor || state.forwarded.length > 0) {
      state.cursor = batch.cursor;
      state.forwarded = [];
      await writeState(o.statePath, state);
    }
    if (!batch.more) await pause(o.pollMs, o.signal);
  }
}

/**
 * Posts one event until the receiver answers 2xx, never skipping it (later events wait, so they arrive in the
 * feed's order). Each attempt is signed anew, with its own time, as the service's retries are. False: stopped.
 */
async function forwardUntilAccepted(
  event: FeedEvent,
  secret: string,
  o: ListenOptions & typeof DEFAULTS,
  print: (line: string) => void,
): Promise<boolean> {
  // The feed's item is the delivery's body object; serialised the same way, it is the same bytes.
  const body = JSON.stringify(event);
  for (let wait = o.retryMs; ; wait = Math.min(wait * 2, o.maxRetryMs)) {
    if (o.signal?.aborted) return false;
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signatureHeaders(secret, body, Math.floor(Date.now() / 1000)),
      'x-webhook-event': event.event,
      'x-webhook-delivery': event.id,
    };
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    let outcome: string;
    try {
      const answer = await fetch(o.forwardTo, { method: 'POST', headers, body, signal, redirect: 'manual' });
      await answer.body?.cancel();
      if (answer.status >= 200 && answer.status < 300) {
        print(`${event.event} ${event.id} -> ${answer.status}`);
        return true;
      }
      outcome = `${answer.status}`;
    } catch (error) {
      if (o.signal?.aborted) return false;
      outcome = timeout.aborted
        ? `no answer within ${o.timeoutMs / 1000} s`
        : `${o.forwardTo} is not answering (${reasonOf(error)})`;
    }
    print(`${event.event} ${event.id} -> ${outcome}; sending it again in ${wait / 1000} s`);
    await pause(wait, o.signal);
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Waits, or less when stopped. */
async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

async function readState(path: string): Promise<ListenState | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  const state = JSON.parse(text) as ListenState;
  if (typeof state.base_url !== 'string' || !Array.isArray(state.forwarded))
    throw new Error(`${path} is not a pm-listen state file`);
  return state;
}

/** Written beside and renamed over, so a stop mid-write leaves the old state whole. */
async function writeState(path: string, state: ListenState): Promise<void> {
  await writeFile(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}
