import { describe, expect, it } from 'vitest';
import { HISTORY_FRESH_MS, HistoryCache } from './chart-cache.js';

describe('the history cache', () => {
  it('keeps an answer per market and range for a minute', () => {
    const cache = new HistoryCache<string>();
    cache.set('lions', 'week', 'lions week', 1_000);
    expect(cache.get('lions', 'week', 1_000 + HISTORY_FRESH_MS - 1)).toBe('lions week');
    expect(cache.get('lions', 'day', 1_000)).toBeNull();
    expect(cache.get('tigers', 'week', 1_000)).toBeNull();
    expect(cache.get('lions', 'week', 1_000 + HISTORY_FRESH_MS)).toBeNull();
  });

  it('drops stale answers as new ones come', () => {
    const cache = new HistoryCache<string>();
    cache.set('lions', 'week', 'old', 0);
    cache.set('lions', 'day', 'new', HISTORY_FRESH_MS);
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBe(1);
    cache.set('lions', 'week', 'again', HISTORY_FRESH_MS + 1);
    expect(cache.get('lions', 'week', HISTORY_FRESH_MS + 1)).toBe('again');
  });
});
