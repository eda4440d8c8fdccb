import type { RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';

/*
 * What the write engine works with, and all it knows: commands that say what they need locked and how they
 * apply to a round's state, a state that locks, holds and writes rows, and a key store. It knows no
 * domain: the handlers live in their domains (sync/, trading/, orders/), the state's slices with the
 * tables' owners, and src/write-path puts them together (docs/architecture.md, "The write path").
 */

/** An answer as it is stored and sent for a keyed write: the status and the exact body bytes. */
export interface StoredAnswer {
  status: number;
  body: string;
  /** Seconds for Retry-After (idempotency_key_in_progress only); never stored. */
  retryAfter?: number;
  /** A stored answer sent again for its key (`Idempotent-Replayed: true`); never stored. */
  replayed?: true;
  /** The error code of a refusal made for this request (not of a replay), as it is logged; never stored. */
  code?: string;
}

/** A command's Idempotency-Key, as the key store names it; `name` is unique over every key space. */
export interface EngineKey {
  readonly name: string;
}

/** What a command did to the round's state: its answer, and whether the answer spends its key. */
export interface Applied {
  answer: StoredAnswer;
  /** True: the answer is stored for its key and replayed. False: the key is given back. */
  spend: boolean;
}

/**
 * One keyed write (or a write that takes no key) as the engine runs it. `apply` runs inside the round, in
 * arrival order, against the state the commands before it left; it does no IO, and a refusal changes
 * nothing in the state.
 */
export interface Command<S, N> {
  key: EngineKey | null;
  /** The request its answers' envelopes name (the key store's business). */
  request: unknown;
  needs: N;
  apply(state: S): Applied;
}

/**
 * Commands that commit together or not at all: one command, or a batch with the request's own key around
 * its items, whose one answer is composed from theirs (and stored, unless compose says not).
 */
export interface CommandGroup<S, N> {
  items: readonly Command<S, N>[];
  outer: {
    key: EngineKey;
    request: unknown;
    compose(answers: StoredAnswer[]): { answer: StoredAnswer; store: boolean };
  } | null;
}

/** What a key's stored row says to a command carrying it: answered already (replay, reused, in flight), or free. */
export type KeyClaimed = StoredAnswer | 'free';

/** The idempotency keys' table, as the engine uses it: claimed and answered inside the round's transaction. */
export interface KeyStore {
  /** Claims the keys in one round trip, each answered with its request's envelope when not free. */
  claim(tx: Executor, keys: readonly { key: EngineKey; request: unknown }[], now: Date): Promise<KeyClaimed[]>;
  /** The answer for a key another command of this process holds: in progress. */
  busy(request: unknown, now: Date): StoredAnswer;
  /** The write of the answers, a part of the round's one statement returning one row per key stored. */
  storeSql(answers: readonly { key: EngineKey; answer: StoredAnswer }[], now: Date): RawBuilder<unknown>;
}

/** The rows a round locked, and what other transactions hold. */
export interface Locked<S, N> {
  /** The names (RoundWorld.touches) of rows another transaction holds: their commands wait for a next round. */
  held: ReadonlySet<string>;
  /**
   * The state the going commands apply to, read after the locks. `putBack` names the rows of the commands
   * put back: a row locked only for those must not change in this round.
   */
  state(going: readonly N[], putBack: ReadonlySet<string>): Promise<S>;
}

/**
 * The state a round holds, made of the domains' slices: what a command needs locked, named; the locks, in
 * the one order every transaction takes them; and the writes, set-based.
 */
export interface RoundWorld<S, N> {
  /** The names of the rows a command touches: per name, commands run in arrival order. */
  touches(needs: N): readonly string[];
  /** Locks what the commands need, skipping rows others hold (or, with `wait`, waiting for them in order). */
  lock(tx: Executor, needs: readonly N[], options: { wait: boolean; now: Date }): Promise<Locked<S, N>>;
  /** What the round changed, as parts of one WITH statement (each part built by its table's owner). */
  writes(state: S): RawBuilder<unknown>[];
}
