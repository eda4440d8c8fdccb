/** All code reads time through a Clock so tests can move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests. */
export class FakeClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(time: Date | string): void {
    this.#ms = new Date(time).getTime();
  }
}

/** RFC 3339 UTC with a Z, the only time format that leaves the service. */
export function toRfc3339(date: Date): string {
  return date.toISOString();
}
