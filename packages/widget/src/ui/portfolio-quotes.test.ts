import { describe, expect, it } from 'vitest';
import { MOVED_MS, QuotePlanner, QUOTES_PER_MINUTE, REFRESH_MS, type CloseQuote } from './portfolio-quotes.js';

const quoted = (id: string) => ({
  ok: true as const,
  value: { position_id: id, proceeds: '9.00', close_price: '0.45', quoted_at: '' } satisfies CloseQuote,
});
const limited = (retryAfter: number | null) => ({
  ok: false as const,
  error: { code: 'rate_limited', message: '', details: null, retryAfter },
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe('the close-quote planner', () => {
  it('quotes each shown position once, then again after REFRESH_MS, and not while one is in flight', () => {
    const planner = new QuotePlanner();
    expect(planner.plan(['a', 'b'], 0)).toEqual({ quote: ['a', 'b'], wakeAt: null });
    expect(planner.plan(['a', 'b'], 10).quote).toEqual([]);
    planner.settle('a', quoted('a'), 100);
    planner.settle('b', quoted('b'), 100);
    expect(planner.valueOf('a')).toMatchObject({ kind: 'quoted' });
    expect(planner.plan(['a', 'b'], 200)).toEqual({ quote: [], wakeAt: 100 + REFRESH_MS });
    expect(planner.plan(['a', 'b'], 100 + REFRESH_MS).quote).toEqual(['a', 'b']);
  });

  it('quotes sooner after a price move, but not sooner than MOVED_MS after the last quote', () => {
    const planner = new QuotePlanner();
    planner.plan(['a'], 0);
    planner.settle('a', quoted('a'), 0);
    planner.moved(['a']);
    expect(planner.plan(['a'], 1_000)).toEqual({ quote: [], wakeAt: MOVED_MS });
    expect(planner.plan(['a'], MOVED_MS).quote).toEqual(['a']);
  });

  it('keeps to QUOTES_PER_MINUTE in any 60 s, newest first', () => {
    const planner = new QuotePlanner();
    const first = planner.plan(ids(QUOTES_PER_MINUTE + 5), 0);
    expect(first.quote).toEqual(ids(QUOTES_PER_MINUTE));
    expect(first.wakeAt).toBe(60_000);
    expect(planner.plan(ids(QUOTES_PER_MINUTE + 5), 60_001).quote).toHaveLength(5);
  });

  it('after a 429 shows the value as unavailable (or keeps the last one) and pauses every quote', () => {
    const planner = new QuotePlanner();
    planner.plan(['a', 'b'], 0);
    planner.settle('a', quoted('a'), 0);
    planner.plan(['a'], REFRESH_MS);
    planner.settle('a', limited(7), REFRESH_MS);
    planner.settle('b', limited(null), REFRESH_MS);
    expect(planner.valueOf('a')).toMatchObject({ kind: 'quoted' });
    expect(planner.valueOf('b')).toEqual({ kind: 'unavailable' });
    // A price move makes both due after MOVED_MS, but the pause holds them until its end.
    planner.moved(['a', 'b']);
    expect(planner.plan(['a', 'b'], REFRESH_MS + 25_000)).toEqual({ quote: [], wakeAt: REFRESH_MS + 30_000 });
    expect(planner.plan(['a', 'b'], REFRESH_MS + 30_000).quote).toEqual(['a', 'b']);
  });

  it('tells a position worth less than a cent (proceeds_too_small) from a value that is merely unavailable', () => {
    const planner = new QuotePlanner();
    planner.plan(['a', 'b'], 0);
    const refused = (reason: string) => ({
      ok: false as const,
      error: { code: 'validation_failed', message: '', details: { reason }, retryAfter: null },
    });
    planner.settle('a', refused('proceeds_too_small'), 0);
    planner.settle('b', refused('not_representable'), 0);
    expect(planner.valueOf('a')).toEqual({ kind: 'too_small' });
    expect(planner.valueOf('b')).toEqual({ kind: 'unavailable' });
  });
});
