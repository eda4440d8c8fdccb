/**
 * A place in the change log (migration 0009): the writing transaction's id and the row's seq. Every
 * stream event carries one as its SSE `id:`, written `<xact_id>.<seq>`, and a reconnect hands it back as
 * Last-Event-ID. (x, 0) is a place no row holds: "everything of transactions below x", which is what a
 * read that reached the snapshot's xmin has seen.
 */
export interface ChangePosition {
  xactId: bigint;
  seq: bigint;
}

/** The largest xid8 (an unsigned 64-bit transaction id) and the largest bigint seq. */
const MAX_XID8 = 2n ** 64n - 1n;
const MAX_SEQ = 2n ** 63n - 1n;

export function formatEventId(position: ChangePosition): string {
  return `${position.xactId}.${position.seq}`;
}

/** The place an event id names; null for anything this service did not give out (or past the columns' ranges). */
export function parseEventId(text: string | undefined): ChangePosition | null {
  if (text === undefined) return null;
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(text.trim());
  if (!match) return null;
  const position = { xactId: BigInt(match[1]!), seq: BigInt(match[2]!) };
  return position.xactId <= MAX_XID8 && position.seq <= MAX_SEQ ? position : null;
}

/** Negative, zero or positive as a is before, at or after b in (xact_id, seq) order. */
export function comparePositions(a: ChangePosition, b: ChangePosition): number {
  if (a.xactId !== b.xactId) return a.xactId < b.xactId ? -1 : 1;
  return a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
}

export function laterOf(a: ChangePosition, b: ChangePosition): ChangePosition {
  return comparePositions(a, b) >= 0 ? a : b;
}
