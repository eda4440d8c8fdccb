import type { Db, Executor } from '../db/connection.js';
import type { Environment } from '../db/schema.js';
import { rejected, ok, type Result } from '../errors/index.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Command, CommandGroup, EngineStats, StoredAnswer } from './engine/index.js';
import type { KeyInvalidation } from './api-keys/key-cache.js';

/**
 * Who asks for a change: an operator's API key, one end user through a widget session, a tenant's staff
 * in the tenant portal, the platform team, or the service itself (a job, or work that follows a committed
 * change).
 */
export type Actor = OperatorActor | UserActor | StaffActor | PlatformActor | SystemActor;
export interface OperatorActor {
  readonly kind: 'operator';
  readonly keyId: string;
}
export interface UserActor {
  readonly kind: 'user';
  readonly externalUserId: string;
}
/** A tenant's staff member signed in to the tenant portal: sees what the operator's key sees. */
export interface StaffActor {
  readonly kind: 'staff';
  readonly name: string;
}
export interface PlatformActor {
  readonly kind: 'platform';
}
export interface SystemActor {
  readonly kind: 'system';
  readonly job: string;
}

/** The unit of isolation: a tenant in one environment. Users, keys and the ledger never cross it. */
export interface TenantEnv {
  readonly tenantId: string;
  readonly environment: Environment;
}

export const ENVIRONMENTS = ['sandbox', 'live'] as const satisfies readonly Environment[];

/** What every context is made from: the pool, the clock, the logger and the write engine of the process. */
export interface Runtime {
  readonly db: Db;
  readonly clock: Clock;
  readonly log: Logger;
  /** The write engine: every keyed write goes through it; verbs reach it through their context. */
  readonly engine: Engine;
  /**
   * This process's API key cache, which the verbs that revoke keys or change a tenant's status tell at
   * once (other processes hear by NOTIFY); absent where nothing caches keys (a script, a unit test).
   */
  readonly apiKeys?: KeyInvalidation;
}

/**
 * What a verb is told besides its input: who acts, the time the change happens at, where to read and
 * write (the pool, or the transaction the verb runs in), where to log, and how to ask for work once
 * the change has committed. Verbs take (ctx, input) and return a value or a rejection.
 */
export interface Ctx<A extends Actor = Actor> {
  readonly runtime: Runtime;
  readonly db: Executor;
  readonly now: Date;
  readonly actor: A;
  readonly log: Logger;
  /**
   * Runs `task` with a fresh system context after the transaction this context writes in has
   * committed (never when it rolls back), before the request is answered. Limit orders are evaluated
   * this way after a trade: outside the trade's locks, but not forgotten.
   */
  afterCommit(task: (ctx: Ctx<SystemActor>) => Promise<unknown>): void;
}

/** A context inside one tenant environment: an operator's key, one of its end users, or its staff. */
export interface TenantCtx extends Ctx<OperatorActor | UserActor | StaffActor> {
  readonly tenantEnv: TenantEnv;
}

type Task = (ctx: Ctx<SystemActor>) => Promise<unknown>;

/** A context on the pool, outside any transaction, with the time taken now. */
export function contextOf<A extends Actor>(runtime: Runtime, actor: A, log: Logger = runtime.log): Ctx<A> {
  return {
    runtime,
    db: runtime.db,
    now: runtime.clock.now(),
    actor,
    log,
    afterCommit: outsideTransaction,
  };
}

function outsideTransaction(): never {
  throw new Error('afterCommit outside a transaction: open one with withTransaction first');
}

export function tenantContextOf(
  runtime: Runtime,
  tenantEnv: TenantEnv,
  actor: OperatorActor | UserActor | StaffActor,
  log?: Logger,
): TenantCtx {
  return { ...contextOf(runtime, actor, log), tenantEnv };
}

export function systemContextOf(runtime: Runtime, job: string): Ctx<SystemActor> {
  return contextOf(runtime, { kind: 'system', job });
}

/**
 * Runs `work` in one transaction with a context that writes in it, then runs what it asked to do after
 * the commit. Inside a transaction already (a verb called by another verb), it simply joins it and its
 * tasks wait for the outer commit.
 */
export async function withTransaction<C extends Ctx, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const tasks: Task[] = [];
  const result = await ctx.db
    .transaction()
    .execute((db) => work({ ...ctx, db, afterCommit: (task: Task) => tasks.push(task) }));
  await runAfterCommit(ctx.runtime, tasks);
  return result;
}

/** Runs follow-up work of a committed change; a failure is logged, never the change's answer. */
export async function runAfterCommit(runtime: Runtime, tasks: readonly Task[]): Promise<void> {
  for (const task of tasks) {
    try {
      await task(systemContextOf(runtime, 'after-commit'));
    } catch (error) {
      runtime.log.error({ err: error }, 'work after a committed change failed; its periodic job catches up');
    }
  }
}

/**
 * The user a request acts for: a session's own user, or the external_user_id an operator names. A
 * session cannot act for anyone else.
 */
export function actingUser(ctx: TenantCtx, named: string | undefined): Result<string> {
  if (ctx.actor.kind === 'user') {
    if (named !== undefined && named !== ctx.actor.externalUserId) {
      return rejected('validation_failed', 'A session acts only for its own user; leave external_user_id out.');
    }
    return ok(ctx.actor.externalUserId);
  }
  if (named === undefined) return rejected('validation_failed', 'external_user_id is required with the API key.');
  return ok(named);
}

/** The user a session is bound to, or null for an operator (who names users in the request). */
export function sessionUser(ctx: TenantCtx): string | null {
  return ctx.actor.kind === 'user' ? ctx.actor.externalUserId : null;
}

/**
 * The write engine as verbs see it: every keyed write goes through it (docs/architecture.md, "The write
 * path"). A command's state is the round's, which satisfies every handler's slices (src/write-path).
 */
export interface Engine {
  /** One command's answer, after its round committed. */
  submit<S, N>(command: Command<S, N>): Promise<StoredAnswer>;
  /** A group's one answer: its outer key's, composed from the items' answers. */
  submitGroup<S, N>(group: CommandGroup<S, N>): Promise<StoredAnswer>;
  /** What the engine has done since the process started (GET /platform/v1/engine). */
  stats(): EngineStats;
}

/** The tenant environment whose key space a command's key lives in, and whose principal. */
export function principalOf(ctx: TenantCtx): string {
  return ctx.actor.kind === 'user' ? `user:${ctx.actor.externalUserId}` : 'operator';
}
