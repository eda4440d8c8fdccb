/**
 * Values read from the database on request and kept for at most `refreshMs` of monotonic time (not the
 * service clock: this bounds how long another process's change takes to be seen). Concurrent reads of
 * one key share one query. A failed read keeps the last value, or answers `fallback` when there is none,
 * so a database hiccup changes nothing. `invalidate` makes the next get read again (this process just
 * changed the value).
 */
export interface RefreshingCache<K, V> {
  get(key: K): Promise<V>;
  invalidate(key: K): void;
}

export function refreshingCache<K, V>(
  read: (key: K) => Promise<V>,
  options: { fallback: V; refreshMs: number },
): RefreshingCache<K, V> {
  const copies = new Map<K, { value: V; readAt: number }>();
  const reading = new Map<K, Promise<V>>();
  const load = async (key: K): Promise<V> => {
    try {
      const value = await read(key);
      copies.set(key, { value, readAt: performance.now() });
      return value;
    } catch {
      return copies.get(key)?.value ?? options.fallback;
    } finally {
      reading.delete(key);
    }
  };
  return {
    get(key) {
      const copy = copies.get(key);
      if (copy && performance.now() - copy.readAt < options.refreshMs) return Promise.resolve(copy.value);
      let pending = reading.get(key);
      if (!pending) {
        pending = load(key);
        reading.set(key, pending);
      }
      return pending;
    },
    invalidate(key) {
      const copy = copies.get(key);
      if (copy) copy.readAt = -Infinity;
    },
  };
}
