import type { RawBuilder } from 'kysely';
import { insertEventsSql, type NewEvent } from './event-repo.js';

/** The outbox's slice of an engine round: the events its commands emit, written in its one statement. */
export class RoundEvents {
  private readonly events: NewEvent[] = [];

  /** What the round's commands emitted so far, in order. */
  get emitted(): readonly NewEvent[] {
    return this.events;
  }

  emit(event: NewEvent): void {
    this.events.push(event);
  }

  writes(now: Date): RawBuilder<unknown>[] {
    return this.events.length > 0 ? [insertEventsSql(this.events, now)] : [];
  }
}
