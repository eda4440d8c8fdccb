import { KEY_USE_PRECISION_MS, type KeyGrant } from './api-key-repo.js';

/**
 * The longest a cached key is trusted without hearing from the database. Invalidation comes by NOTIFY
 * (milliseconds); this bounds the damage when notifications are lost without the connection reporting it
 * (a silent network partition keeps a TCP connection "up" for minutes). docs/operator-api.md, Authentication:
 * a revoked key is refused in every process within the notification's delay, at most this long if
 * notifications are lost.
 */
export const KEY_CACHE_BOUND_MS = 5_000;

/** A bound on entries, far above the live keys one process sees; reaching it empties the cache. */
const MAX_ENTRIES = 10_000;

/** Invalidation, as the verbs that change keys or tenants call it in their own process. */
export interface KeyInvalidation {
  forgetKey(keyId: string): void;
  forgetTenant(tenantId: string): void;
}

export interface KeyCache extends KeyInvalidation {
  /** The grant of a key hash: the cached one, or `load`'s (kept only if nothing changed meanwhile). */
  read(keyHash: Buffer, load: () => Promise<KeyGrant | null>): Promise<KeyGrant | null>;
  /** Drops everything; with `trusted` false, caches nothing until called again with true. */
  reset(trusted: boolean): void;
  /**
   * Whether this process should record a use of the key now (api_keys.last_used_at): true at most once a
   * KEY_USE_PRECISION_MS per key, so recording costs a busy key one write a minute, not one a request.
   */
  useToRecord(keyId: string): boolean;
}

interface Entry {
  grant: KeyGrant;
  /** When its load began (monotonic ms): the bound counts from the read, not from when it was stored. */
  readAt: number;
}

/**
 * This process's API keys by hash (the key itself is never kept). Only found keys are cached: an unknown
 * key may be issued a moment later, and its first request must not be refused from memory. Caches nothing
 * until `reset(true)` (the LISTEN connection is up).
 */
export function keyCache(monotonicMs: () => number = () => performance.now()): KeyCache {
  const entries = new Map<string, Entry>();
  let trusted = false;
  // Bumped by every invalidation: a load that began before one may have read the old row, so its result
  // answers its own request but is not stored.
  let generation = 0;
  // When each key's use was last recorded by this process (monotonic ms); kept apart from the grants, which
  // invalidations drop, so that a revocation elsewhere does not cause a burst of writes.
  const usesRecorded = new Map<string, number>();

  const forgetWhere = (stale: (grant: KeyGrant) => boolean) => {
    generation += 1;
    for (const [hash, entry] of entries) if (stale(entry.grant)) entries.delete(hash);
  };

  return {
    async read(keyHash, load) {
      const hash = keyHash.toString('base64');
      const startedAt = monotonicMs();
      const hit = entries.get(hash);
      if (hit && startedAt - hit.readAt < KEY_CACHE_BOUND_MS) return hit.grant;
      if (hit) entries.delete(hash);
      const startedIn = generation;
      const grant = await load();
      if (grant && trusted && generation === startedIn) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(hash, { grant, readAt: startedAt });
      }
      return grant;
    },
    forgetKey: (keyId) => forgetWhere((grant) => grant.keyId === keyId),
    forgetTenant: (tenantId) => forgetWhere((grant) => grant.tenantId === tenantId),
    useToRecord(keyId) {
      const at = monotonicMs();
      const last = usesRecorded.get(keyId);
      if (last !== undefined && at - last < KEY_USE_PRECISION_MS) return false;
      if (usesRecorded.size >= MAX_ENTRIES) usesRecorded.clear();
      usesRecorded.set(keyId, at);
      return true;
    },
    reset(nowTrusted) {
      generation += 1;
      entries.clear();
      trusted = nowTrusted;
    },
  };
}
