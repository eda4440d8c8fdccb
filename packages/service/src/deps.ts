import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';

/** What the listeners and workers share: built once in main (or a test) and passed down. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  platformAdminToken: string;
  /** HMAC secret of widget session tokens, used for nothing else. */
  widgetSessionSecret: string;
  idempotencyLockSeconds: number;
  /** Config requestTimeoutMs: the time a request's headers and body have to arrive (server-limits.ts). */
  requestTimeoutMs: number;
  /** Random per process; part of every error's opaque source. */
  instanceId: string;
  /** False before the database is ready and once shutdown begins: /healthz answers 503. */
  isReady(): boolean;
  logLevel: 'info' | 'warn' | 'error' | 'silent';
}
