import { describe, expect, it } from 'vitest';
import { countsOf, minuteOf, restore, type MinuteCount } from './batch.js';

const at = (iso: string) => new Date(iso);

describe('error answer counts', () => {
  it('truncates to the minute', () => {
    expect(minuteOf(at('2026-11-26T10:04:59.999Z')).toISOString()).toBe('2026-11-26T10:04:00.000Z');
  });

  it('counts one row per minute, environment, tenant and code', () => {
    const rows = countsOf([
      { at: at('2026-11-26T10:04:01Z'), environment: 'live', tenantId: 't1', code: 'rate_limited' },
      { at: at('2026-11-26T10:04:59Z'), environment: 'live', tenantId: 't1', code: 'rate_limited' },
      { at: at('2026-11-26T10:05:00Z'), environment: 'live', tenantId: 't1', code: 'rate_limited' },
      { at: at('2026-11-26T10:04:30Z'), environment: 'sandbox', tenantId: 't1', code: 'rate_limited' },
      { at: at('2026-11-26T10:04:30Z'), environment: null, tenantId: null, code: 'not_found' },
    ]);
    expect(rows.map((r) => [r.minute.toISOString().slice(11, 16), r.environment, r.code, r.count])).toEqual([
      ['10:04', 'live', 'rate_limited', 2],
      ['10:05', 'live', 'rate_limited', 1],
      ['10:04', 'sandbox', 'rate_limited', 1],
      ['10:04', null, 'not_found', 1],
    ]);
  });

  it('puts failed counts back beside new ones', () => {
    const one = countsOf([{ at: at('2026-11-26T10:04:01Z'), environment: 'live', tenantId: null, code: 'x' }]);
    const gathering = new Map<string, MinuteCount>();
    restore(gathering, one);
    restore(gathering, one);
    expect([...gathering.values()].map((c) => c.count)).toEqual([2]);
    expect(one[0]!.count).toBe(1);
  });
});
