import pg from 'pg';
import type { Logger } from '../lib/logger.js';

/** A LISTEN connection that stays up until closed. */
export interface Listening {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** First wait before reconnecting; it doubles on each failure up to maxBackoffMs. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Called each time the connection is lost (not on close): notifications sent until `onNotify` is next
   * called without a payload are lost, so a cache fed by them must stop trusting itself.
   */
  onDown?: () => void;
}

/**
 * LISTENs on `channel` on a connection of its own (a pooled one would be handed to queries between
 * notifications, and the pool may end idle connections). When the connection drops it reconnects, waiting
 * longer after each failure, and logs it; `onNotify` is also called after each (re)connection, since
 * notifications sent while it was down are lost: the caller reads the state, not the notification.
 */
export function listenTo(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
  log: Logger,
  options: ListenOptions = {},
): Listening {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const firstMs = options.firstBackoffMs ?? 250;
  const maxMs = options.maxBackoffMs ?? 10_000;
  let client: pg.Client | null = null;
  let closed = false;
  let backoffMs = firstMs;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const drop = (dropped: pg.Client, error?: unknown) => {
    if (client !== dropped) return;
    client = null;
    dropped.end().catch(() => {});
    if (closed) return;
    options.onDown?.();
    failures += 1;
    log.warn(
      { err: error, channel, retryInMs: backoffMs },
      'the LISTEN connection is down; reconnecting (its readers poll meanwhile)',
    );
    retry = setTimeout(connect, backoffMs);
    retry.unref();
    backoffMs = Math.min(backoffMs * 2, maxMs);
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    next.on('notification', (message) => onNotify(message.payload));
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      drop(next, error);
      return;
    }
    if (client !== next) return;
    if (failures > 0) log.warn({ channel, failures }, 'the LISTEN connection is back');
    failures = 0;
    backoffMs = firstMs;
    onNotify();
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
