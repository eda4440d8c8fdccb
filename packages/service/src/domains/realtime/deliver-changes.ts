import type { Executor } from '../../db/connection.js';
import { readChanges, replayChanges, type Change, type ChangeFilter } from './change-repo.js';
import { comparePositions, formatEventId, type ChangePosition } from './model/event-id.js';
import { sseComment } from './model/sse.js';
import { nothingWanted, readFrames, type Frames, type Wanted } from './stream-frames.js';
import type { Stream, StreamRegistry } from './stream-registry.js';

export interface Delivery {
  db: Executor;
  now: Date;
  registry: StreamRegistry;
  /** Where the last delivery stopped; null when this process has not read yet (or had no stream). */
  cursor: ChangePosition | null;
  limit: number;
  /** Writes to a stream, closing it when its reader is too slow. */
  send(stream: Stream, chunk: string): void;
  /** Ends a stream (it reconnects with its Last-Event-ID). */
  end(stream: Stream): void;
}

export interface Delivered {
  cursor: ChangePosition;
  /** The read was full: more rows follow at once. */
  more: boolean;
  /** Committed rows wait behind an older transaction still running. */
  waiting: boolean;
}

/** What a stream that starts in this delivery gets: everything (fresh) or what changed since its id. */
type Start = { fresh: true } | { fresh: false; changes: Change[] };

/**
 * One delivery: reads the changes after the cursor for the streams of this process, reads the current
 * state of each changed thing once (a market's snapshot once for all its streams), and writes it to the
 * streams that follow it. Streams that joined since the last delivery start here, with their starting
 * state: the prices of their markets and their balance when fresh, or what changed after their
 * Last-Event-ID when they resume. Deliveries run one at a time, so every stream gets state read in order.
 */
export async function deliverChanges(d: Delivery): Promise<Delivered> {
  const joining = d.registry.joining();
  const batch = await readChanges(d.db, d.cursor, d.registry.filter(), d.limit);
  const starts = await startsOf(d.db, joining, batch.through);
  const wanted = nothingWanted();
  const changed = changedFor(d.registry, batch.changes, wanted);
  for (const [stream, start] of starts) addStart(wanted, stream, start);
  const frames = await readFrames(d.db, wanted, d.now, formatEventId(batch.through));

  // Rows this process had not read yet were purged (it was stalled for the whole retention): its streams
  // may have missed changes, so they end and reconnect, their Last-Event-ID now too old to resume.
  const lost = d.cursor !== null && comparePositions(d.cursor, batch.purgedThrough) < 0;
  if (lost) {
    for (const stream of [...d.registry.all()]) if (stream.started) d.end(stream);
  } else {
    sendChanged(d, changed, frames);
  }
  for (const [stream, start] of starts) {
    if (stream.closed) continue;
    d.send(stream, sseComment(start.fresh ? 'fresh' : 'resumed'));
    if (start.fresh) sendFresh(d, stream, frames);
    else sendChanges(d, stream, start.changes, frames);
    d.registry.start(stream);
  }
  return { cursor: batch.through, more: batch.full, waiting: batch.waiting };
}

/** Each joining stream's start; those resuming from one place share one replay query. */
async function startsOf(db: Executor, joining: Stream[], through: ChangePosition): Promise<Map<Stream, Start>> {
  const starts = new Map<Stream, Start>();
  const byPlace = new Map<string, Stream[]>();
  for (const stream of joining) {
    if (stream.resumeFrom === null) starts.set(stream, { fresh: true });
    else
      byPlace.set(formatEventId(stream.resumeFrom), [...(byPlace.get(formatEventId(stream.resumeFrom)) ?? []), stream]);
  }
  await Promise.all(
    [...byPlace.values()].map(async (group) => {
      const filter: ChangeFilter = {
        marketIds: [...new Set(group.flatMap((s) => s.marketIds))],
        userIds: [...new Set(group.map((s) => s.userId))],
      };
      const changes = await replayChanges(db, group[0]!.resumeFrom!, through, filter);
      for (const stream of group)
        starts.set(
          stream,
          changes === null ? { fresh: true } : { fresh: false, changes: changes.filter(concerns(stream)) },
        );
    }),
  );
  return starts;
}

const concerns = (stream: Stream) => (change: Change) =>
  change.kind === 'prices' ? stream.marketIds.includes(change.marketId!) : change.userId === stream.userId;

/** The changes some stream here follows, deduplicated, added to what the delivery reads. */
function changedFor(registry: StreamRegistry, changes: Change[], wanted: Wanted): Wanted {
  const changed = nothingWanted();
  for (const change of changes) {
    if (change.kind === 'prices' && registry.hasMarket(change.marketId!)) changed.marketIds.add(change.marketId!);
    else if (change.kind === 'balance' && registry.hasUser(change.userId!)) changed.balanceUserIds.add(change.userId!);
    else if (change.kind === 'position' && registry.hasUser(change.userId!))
      changed.positionIds.add(change.positionId!);
  }
  for (const id of changed.marketIds) wanted.marketIds.add(id);
  for (const id of changed.balanceUserIds) wanted.balanceUserIds.add(id);
  for (const id of changed.positionIds) wanted.positionIds.add(id);
  return changed;
}

function addStart(wanted: Wanted, stream: Stream, start: Start): void {
  if (start.fresh) {
    for (const id of stream.marketIds) wanted.marketIds.add(id);
    wanted.balanceUserIds.add(stream.userId);
    return;
  }
  for (const change of start.changes) {
    if (change.kind === 'prices') wanted.marketIds.add(change.marketId!);
    else if (change.kind === 'balance') wanted.balanceUserIds.add(change.userId!);
    else wanted.positionIds.add(change.positionId!);
  }
}

/** The delivery's changes to the streams that had started before it: each frame once per stream. */
function sendChanged(d: Delivery, changed: Wanted, frames: Frames): void {
  for (const marketId of changed.marketIds) {
    const frame = frames.prices.get(marketId);
    if (frame) for (const stream of d.registry.ofMarket(marketId)) if (stream.started) d.send(stream, frame);
  }
  for (const userId of changed.balanceUserIds) {
    const frame = frames.balances.get(userId);
    if (frame) for (const stream of d.registry.ofUser(userId)) if (stream.started) d.send(stream, frame);
  }
  for (const positionId of changed.positionIds) {
    const position = frames.positions.get(positionId);
    if (position)
      for (const stream of d.registry.ofUser(position.userId)) if (stream.started) d.send(stream, position.frame);
  }
}

function sendFresh(d: Delivery, stream: Stream, frames: Frames): void {
  for (const marketId of stream.marketIds) {
    const frame = frames.prices.get(marketId);
    if (frame) d.send(stream, frame);
  }
  const balance = frames.balances.get(stream.userId);
  if (balance) d.send(stream, balance);
}

function sendChanges(d: Delivery, stream: Stream, changes: Change[], frames: Frames): void {
  const marketIds = new Set(changes.filter((c) => c.kind === 'prices').map((c) => c.marketId!));
  for (const marketId of marketIds) {
    const frame = frames.prices.get(marketId);
    if (frame) d.send(stream, frame);
  }
  if (changes.some((c) => c.kind === 'balance')) {
    const balance = frames.balances.get(stream.userId);
    if (balance) d.send(stream, balance);
  }
  for (const positionId of new Set(changes.filter((c) => c.kind === 'position').map((c) => c.positionId!))) {
    const position = frames.positions.get(positionId);
    if (position?.userId === stream.userId) d.send(stream, position.frame);
  }
}
