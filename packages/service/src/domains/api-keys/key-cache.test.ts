import { describe, expect, it } from 'vitest';
import { KEY_USE_PRECISION_MS, type KeyGrant } from './api-key-repo.js';
import { KEY_CACHE_BOUND_MS, keyCache } from './key-cache.js';
import { keyChangeHandlers } from './key-changes.js';

const grant = (keyId: string, tenantId = 't1'): KeyGrant => ({
  keyId,
  tenantId,
  environment: 'sandbox',
  scopes: [],
  expiresAt: null,
  tenantStatus: 'active',
});
const hash = (text: string) => Buffer.from(text);

/** A cache on a clock of its own, and a loader that counts its reads. */
function setUp() {
  let ms = 0;
  const cache = keyCache(() => ms);
  const reads: string[] = [];
  const load = (keyId: string | null) => async () => {
    reads.push(keyId ?? 'unknown');
    return keyId ? grant(keyId) : null;
  };
  return { cache, reads, load, advance: (by: number) => (ms += by) };
}

describe('keyCache', () => {
  it("asks to record a key's use once a minute per key, whatever the invalidations meanwhile", () => {
    const { cache, advance } = setUp();
    expect(cache.useToRecord('k1')).toBe(true);
    expect(cache.useToRecord('k1')).toBe(false);
    expect(cache.useToRecord('k2')).toBe(true);
    cache.forgetTenant('t1');
    cache.reset(true);
    advance(KEY_USE_PRECISION_MS - 1);
    expect(cache.useToRecord('k1')).toBe(false);
    advance(1);
    expect(cache.useToRecord('k1')).toBe(true);
    expect(cache.useToRecord('k1')).toBe(false);
  });

  it('caches nothing until it is trusted (the LISTEN connection up), nor while it is down', async () => {
    const { cache, reads, load } = setUp();
    await cache.read(hash('a'), load('k1'));
    await cache.read(hash('a'), load('k1'));
    expect(reads).toEqual(['k1', 'k1']);
    cache.reset(true);
    await cache.read(hash('a'), load('k1'));
    await cache.read(hash('a'), load('k1'));
    expect(reads).toHaveLength(3);
    cache.reset(false);
    await cache.read(hash('a'), load('k1'));
    await cache.read(hash('a'), load('k1'));
    expect(reads).toHaveLength(5);
  });

  it('reads a key again after KEY_CACHE_BOUND_MS, and never caches an unknown key', async () => {
    const { cache, reads, load, advance } = setUp();
    cache.reset(true);
    await cache.read(hash('a'), load('k1'));
    advance(KEY_CACHE_BOUND_MS - 1);
    await cache.read(hash('a'), load('k1'));
    expect(reads).toHaveLength(1);
    advance(1);
    await cache.read(hash('a'), load('k1'));
    expect(reads).toHaveLength(2);
    expect(await cache.read(hash('b'), load(null))).toBeNull();
    expect(await cache.read(hash('b'), load('k2'))).toEqual(grant('k2'));
  });

  it('forgets by key, by tenant, and everything on reconnection or an unknown payload', async () => {
    const { cache, reads, load } = setUp();
    const { onNotify, onDown } = keyChangeHandlers(cache);
    onNotify(); // connected
    const readAll = async () => {
      await cache.read(hash('a'), load('k1'));
      await cache.read(hash('b'), load('k2'));
    };
    await readAll();
    onNotify('key:k1');
    await readAll();
    expect(reads).toEqual(['k1', 'k2', 'k1']);
    onNotify('tenant:t1');
    await readAll();
    expect(reads).toHaveLength(5);
    onNotify('something:new');
    await readAll();
    expect(reads).toHaveLength(7);
    onDown();
    await readAll();
    expect(reads).toHaveLength(9);
  });

  it('does not keep a read that began before an invalidation: it may have seen the old row', async () => {
    const { cache, reads, load } = setUp();
    cache.reset(true);
    let release!: () => void;
    const slow = cache.read(hash('a'), async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return grant('k1');
    });
    cache.forgetKey('k1');
    release();
    await slow;
    await cache.read(hash('a'), load('k1'));
    expect(reads).toEqual(['k1']);
  });
});
