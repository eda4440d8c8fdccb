import type { StoredAnswer } from '../commands.js';
import type { Submitted } from '../context.js';
import type { KeyRef } from '../idempotency/index.js';

/** A command in the queue, with its key as the idempotency table names it (null for a cancel). */
export interface QueuedItem {
  submitted: Submitted;
  ref: KeyRef | null;
  /** Answered before any round: a duplicate of a key already queued or running in this process. */
  preset?: StoredAnswer;
}

/** What a group's submitter gets: its answers in item order (or the outer key's one answer), or orders ended. */
export interface GroupResult {
  answers: StoredAnswer[];
  finished: number;
}

/**
 * Commands that commit together (one command, a batch of syncs, or an evaluation of a market's orders),
 * as the queue holds them until a round answers them.
 */
export interface QueuedGroup {
  items: readonly QueuedItem[];
  outer: {
    ref: KeyRef;
    request: Submitted['request'];
    compose(answers: StoredAnswer[]): { answer: StoredAnswer; store: boolean };
  } | null;
  /** A market whose open orders the group evaluates (no items). */
  evaluate: { id: string; slug: string } | null;
  /** The process-wide names of its keys, held while it is queued or running. */
  names: readonly string[];
  /** Rounds that put it back because another transaction held its market or user. */
  deferrals: number;
  settle(result: GroupResult): void;
  fail(error: unknown): void;
}
