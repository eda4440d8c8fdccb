import { useEffect, useState } from 'preact/hooks';
import { outcomeUnknown, type ApiResult } from '../api.js';
import type { PendingClose, PendingOpen, PendingWrite, Position, Store } from '../store.js';
import { useWidget } from './context.js';

type Unsent<W> = Omit<W, 'sending' | 'failure'>;

/**
 * Sends a keyed write and keeps it in the store until an answer settles it: in flight while sent, kept
 * with its failure when the outcome is unknown (so the same key and body go again on Try again, whichever
 * view comes back), forgotten on an answer. Runs to its end whether its view is still on screen or not.
 */
async function sendKept<W extends PendingWrite<unknown, unknown>>(
  write: Unsent<W>,
  send: () => Promise<ApiResult<Position>>,
  keep: (write: W) => void,
  forget: () => void,
): Promise<ApiResult<Position>> {
  const sending = send();
  keep({ ...write, sending, failure: null } as W);
  const res = await sending;
  if (!res.ok && outcomeUnknown(res.error)) keep({ ...write, sending: null, failure: res.error } as W);
  else forget();
  return res;
}

/**
 * Opens a position: POST /v1/positions with the intent's key and body. A position is applied and the
 * balance and the market's prices read again before the answer returns, so what follows it (the note,
 * the next quote) sees the market as it is now.
 */
export function sendOpen(store: Store, open: Unsent<PendingOpen>): Promise<ApiResult<Position>> {
  const slug = open.body.market_slug;
  return sendKept<PendingOpen>(
    open,
    async () => {
      const res = await store.api.send<Position>('POST', '/v1/positions', open.body, open.key);
      if (res.ok) {
        store.applyPosition(res.value);
        await store.poll([slug]);
      }
      return res;
    },
    (kept) => store.setPendingOpen(slug, kept),
    () => store.clearPendingOpen(slug, open.key),
  );
}

/** Closes a position: POST /v1/positions/{id}/close with the intent's key and min_price. */
export function sendClose(store: Store, positionId: string, close: Unsent<PendingClose>): Promise<ApiResult<Position>> {
  const path = `/v1/positions/${encodeURIComponent(positionId)}/close`;
  return sendKept<PendingClose>(
    close,
    async () => {
      const res = await store.api.send<Position>('POST', path, close.body, close.key);
      if (res.ok) store.applyPosition(res.value);
      return res;
    },
    (kept) => store.setPendingClose(positionId, kept),
    () => store.clearPendingClose(positionId, close.key),
  );
}

/** The value `read` gives from the store, read again whenever the store changes. */
function useStoreRead<T>(read: (store: Store) => T, deps: unknown[]): T {
  const { store } = useWidget();
  const [, setSeen] = useState<T | null>(null);
  useEffect(() => {
    const update = () => setSeen(() => read(store));
    update();
    return store.subscribe(update);
  }, [store, ...deps]);
  return read(store);
}

/** The market's pending open (see Store), kept current. */
export function usePendingOpen(slug: string): PendingOpen | null {
  return useStoreRead((store) => store.pendingOpen(slug), [slug]);
}

/** The position's pending close (see Store), kept current. */
export function usePendingClose(positionId: string): PendingClose | null {
  return useStoreRead((store) => store.pendingClose(positionId), [positionId]);
}

/**
 * Which of some positions have a close whose answer was lost (pending, not in flight), kept current: a
 * holding's cash-out leaves them to their own Try again.
 */
export function useLostCloseIds(positionIds: readonly string[]): ReadonlySet<string> {
  const key = positionIds.join(' ');
  const lost = useStoreRead(
    (store) => positionIds.filter((id) => store.pendingClose(id)?.sending === null).join(' '),
    [key],
  );
  return new Set(lost === '' ? [] : lost.split(' '));
}

/**
 * A view that mounts while its write is still in flight (it went away and came back) takes the answer
 * of that request as if it had sent it.
 */
export function useResume(pending: PendingWrite<unknown, unknown> | null, settle: (res: ApiResult<Position>) => void) {
  useEffect(() => {
    if (pending?.sending) void pending.sending.then(settle);
  }, []);
}
