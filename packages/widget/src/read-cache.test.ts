import { describe, expect, it } from 'vitest';
import { cacheScope, ReadCache } from './read-cache.js';

/** A sessionStorage stand-in, shared by the caches built on it as a tab's storage is by its mounts. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const token = (claims: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'), 'sig'].join('.');

describe('ReadCache', () => {
  it('gives the next mount in the tab what the last one read, while it is fresh', () => {
    const storage = memoryStorage();
    new ReadCache('a', storage).set('config', { locales: ['en'] }, 1_000);
    const next = new ReadCache('a', storage);
    expect(next.fresh('config', 60_000, 30_000)).toEqual({ locales: ['en'] });
    expect(next.fresh('config', 60_000, 61_000)).toBeNull();
    // Stale, but still there for a view that shows the old answer while it asks again.
    expect(next.get('config')).toEqual({ value: { locales: ['en'] }, at: 1_000 });
  });

  it('keeps one scope from another: another user or tenant on the same page reads nothing', () => {
    const storage = memoryStorage();
    new ReadCache('user-1', storage).set('profile', { display_name: 'Ana' }, 1_000);
    expect(new ReadCache('user-2', storage).get('profile')).toBeNull();
  });

  it('forgets what was dropped, in memory and in storage', () => {
    const storage = memoryStorage();
    const cache = new ReadCache('a', storage);
    cache.set('leaderboard:week', { entries: [] }, 1_000);
    cache.drop('leaderboard:week');
    expect(cache.get('leaderboard:week')).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('keeps answers in memory only without a scope, or when storage throws or holds nonsense', () => {
    const storage = memoryStorage();
    const unscoped = new ReadCache(null, storage);
    unscoped.set('config', 1, 1_000);
    expect(unscoped.get('config')?.value).toBe(1);
    expect(storage.items.size).toBe(0);

    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const cache = new ReadCache('a', refusing);
    cache.set('config', 2, 1_000);
    expect(cache.get('config')?.value).toBe(2);
    expect(new ReadCache('a', refusing).get('config')).toBeNull();

    storage.items.set('pm-widget:dev:a:config', '{not json');
    expect(new ReadCache('a', storage).get('config')).toBeNull();
  });
});

describe('cacheScope', () => {
  it('names the API, the tenant, the environment and the user of a session token', () => {
    const scope = cacheScope('https://api.example', token({ tid: 't1', env: 'sandbox', sub: 'u-1', exp: 1 }));
    expect(scope).toBe(JSON.stringify(['https://api.example', 't1', 'sandbox', 'u-1']));
    expect(cacheScope('https://api.example', token({ tid: 't1', env: 'live', sub: 'u-1' }))).not.toBe(scope);
  });

  it('is null for a token that does not name them', () => {
    expect(cacheScope('x', 'not-a-token')).toBeNull();
    expect(cacheScope('x', token({ sub: 'u-1' }))).toBeNull();
    expect(cacheScope('x', 'a.%%%.c')).toBeNull();
  });
});
