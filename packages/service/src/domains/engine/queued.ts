import type { Command, CommandGroup, StoredAnswer } from './ports.js';

/** A command in the queue; `preset` when it was answered before any round (a duplicate of a key in flight here). */
export interface QueuedItem<S, N> {
  command: Command<S, N>;
  preset?: StoredAnswer;
}

/** Commands that commit together, as the queue holds them until a round answers them. */
export interface QueuedGroup<S, N> {
  items: readonly QueuedItem<S, N>[];
  outer: CommandGroup<S, N>['outer'];
  /** The names of its keys, held in this process while it is queued or running. */
  names: readonly string[];
  /** The names of the rows it touches (RoundWorld.touches). */
  touches: readonly string[];
  /** Rounds that put it back because another transaction held one of its rows. */
  deferrals: number;
  /** Its answers in item order, or the outer key's one answer. */
  settle(answers: StoredAnswer[]): void;
  fail(error: unknown): void;
}
