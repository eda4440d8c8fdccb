import type { Executor } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { deliverChanges } from './deliver-changes.js';
import { streamsOfEndedSessions } from './ended-sessions.js';
import type { ChangePosition } from './model/event-id.js';
import { sseComment } from './model/sse.js';
import { StreamRegistry, type Stream, type StreamSink } from './stream-registry.js';

export interface StreamLimits {
  /** A `: ping` comment this often (15 s unless configured: STREAM_PING_MS). */
  pingMs: number;
  /** Read the change log this often while a stream is open, notified or not. */
  pollMs: number;
  /** …and this soon when committed changes wait behind an older transaction still running. */
  waitingPollMs: number;
  /** Check the open streams' sessions against their tenants this often: a suspension ends them within it. */
  sessionCheckMs: number;
  /** Open streams per user in this process; the next one ends the user's oldest. */
  maxStreamsPerUser: number;
  /** A stream whose reader leaves more than this unread is closed (it resumes with Last-Event-ID). */
  maxBufferedBytes: number;
  /** Change rows per read. */
  readLimit: number;
}

/** While reading the change log keeps failing, a warning at most this often. */
const FAILURE_LOG_MS = 10_000;

export const STREAM_LIMITS: StreamLimits = {
  pingMs: 15_000,
  pollMs: 250,
  waitingPollMs: 25,
  sessionCheckMs: 1_000,
  maxStreamsPerUser: 5,
  maxBufferedBytes: 256 * 1024,
  readLimit: 5_000,
};

export interface HubPorts {
  db: Executor;
  clock: Clock;
  log: Logger;
  /** Starts listening for change notifications (the LISTEN connection); called at the first stream. */
  listen(onNotify: () => void): { close(): Promise<void> };
}

export interface StreamRequest {
  tenantId: string;
  /** When the session token was issued: a suspension since then ends the stream. */
  issuedAt: Date;
  userId: string;
  marketIds: readonly string[];
  expiresAt: Date;
  resumeFrom: ChangePosition | null;
  sink: StreamSink;
}

export interface StreamHandle {
  /** The client went away: forget the stream (harmless when the hub already ended it). */
  leave(): void;
}

/** The realtime streams of one process (docs/operator-api.md, "Realtime stream (widget)"); one per process, in deps. */
export interface StreamHub {
  /** Opens a stream; null once the hub is closing (the caller ends the response). */
  join(request: StreamRequest): StreamHandle | null;
  /** Streams open now. */
  size(): number;
  /** Ends every stream and stops listening (service stop). */
  close(): Promise<void>;
}

/**
 * Holds this process's streams and feeds them from the change log. A delivery runs on every change
 * notification, on a poll every pollMs while any stream is open (a change can stay invisible behind an
 * older transaction that never notifies), and when streams join; deliveries run one at a time. Pings,
 * token expiry and the sessions' tenants (a suspension) are checked on timers of the hub, not one per
 * stream.
 */
export function streamHub(ports: HubPorts, limits: StreamLimits = STREAM_LIMITS): StreamHub {
  const registry = new StreamRegistry();
  const log = ports.log.child({ component: 'realtime' });
  let cursor: ChangePosition | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let listening: { close(): Promise<void> } | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let soonTimer: NodeJS.Timeout | null = null;
  let failingSince: number | null = null;
  let lastFailureLog = 0;
  let lastSessionCheck = performance.now();
  let checkingSessions: Promise<void> | null = null;

  const remove = (stream: Stream) => {
    stream.closed = true;
    registry.remove(stream);
    if (registry.size === 0) stopTimers();
  };
  const end = (stream: Stream) => {
    if (stream.closed) return;
    remove(stream);
    stream.sink.end();
  };
  const send = (stream: Stream, chunk: string) => {
    if (stream.closed) return;
    stream.sink.write(chunk);
    // A reader that does not keep up would make this process hold everything sent to it.
    if (stream.sink.buffered() > limits.maxBufferedBytes) {
      remove(stream);
      stream.sink.abort();
    }
  };

  const schedule = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = runDeliveries().finally(() => (running = null));
  };
  const runDeliveries = async () => {
    do {
      again = false;
      if (registry.size === 0) {
        // Nobody to deliver to: the next stream starts from wherever the log is then.
        cursor = null;
        return;
      }
      try {
        const delivered = await deliverChanges({
          db: ports.db,
          now: ports.clock.now(),
          registry,
          cursor,
          limit: limits.readLimit,
          send,
          end,
        });
        cursor = delivered.cursor;
        if (delivered.more) again = true;
        else if (delivered.waiting) soon();
        if (failingSince !== null)
          log.warn({ failedForMs: performance.now() - failingSince }, 'reading the change log works again');
        failingSince = null;
      } catch (error) {
        // The next poll tries again from the same place, so nothing is skipped; logged once, then every
        // 10 s while it keeps failing (a database outage would otherwise log four times a second).
        const now = performance.now();
        if (failingSince === null || now - lastFailureLog >= FAILURE_LOG_MS) {
          log.warn(
            { err: error, failingForMs: failingSince === null ? 0 : now - failingSince },
            'reading the change log failed; retrying',
          );
          lastFailureLog = now;
        }
        failingSince ??= now;
        return;
      }
    } while (again && !closed);
  };
  const soon = () => {
    if (soonTimer) return;
    soonTimer = setTimeout(() => {
      soonTimer = null;
      schedule();
    }, limits.waitingPollMs);
    soonTimer.unref();
  };

  const checkSessions = async () => {
    try {
      for (const stream of await streamsOfEndedSessions(ports.db, [...registry.all()])) end(stream);
    } catch {
      // A failed read ends nothing: the change log's reader reports a database that cannot be reached, and
      // the next check comes sessionCheckMs later.
    }
  };
  const tick = () => {
    const now = ports.clock.now().getTime();
    const expired: Stream[] = [];
    for (const stream of registry.all()) if (now >= stream.expiresAt.getTime()) expired.push(stream);
    for (const stream of expired) end(stream);
    if (!checkingSessions && registry.size > 0 && performance.now() - lastSessionCheck >= limits.sessionCheckMs) {
      lastSessionCheck = performance.now();
      checkingSessions = checkSessions().finally(() => (checkingSessions = null));
    }
    schedule();
  };
  const ping = () => {
    const comment = sseComment('ping');
    for (const stream of [...registry.all()]) if (stream.started) send(stream, comment);
  };
  const startTimers = () => {
    if (pollTimer) return;
    pollTimer = setInterval(tick, limits.pollMs);
    pingTimer = setInterval(ping, limits.pingMs);
    pollTimer.unref();
    pingTimer.unref();
  };
  const stopTimers = () => {
    for (const timer of [pollTimer, pingTimer, soonTimer]) if (timer) clearTimeout(timer);
    pollTimer = pingTimer = soonTimer = null;
  };

  return {
    join(request) {
      if (closed) return null;
      listening ??= ports.listen(() => {
        if (registry.size > 0) schedule();
      });
      // The user's oldest streams make room: a user who reloads the page is never locked out.
      const mine = [...registry.ofUser(request.userId)];
      for (const old of mine.slice(0, Math.max(0, mine.length - limits.maxStreamsPerUser + 1))) end(old);
      // The first stream after a quiet spell starts from the log as it is now, not from where the last
      // stream left it (possibly purged since): nobody here is owed what happened in between.
      if (registry.size === 0) cursor = null;
      const stream: Stream = { ...request, started: false, closed: false };
      registry.add(stream);
      startTimers();
      schedule();
      return { leave: () => remove(stream) };
    },
    size: () => registry.size,
    async close() {
      closed = true;
      stopTimers();
      for (const stream of [...registry.all()]) end(stream);
      await running;
      await checkingSessions;
      await listening?.close();
    },
  };
}
