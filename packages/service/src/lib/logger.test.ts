import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logger.js';

describe('loggedUrl', () => {
  it('keeps a path without a query as it is', () => {
    expect(loggedUrl('/v1/markets')).toBe('/v1/markets');
    expect(loggedUrl('/v1/markets?')).toBe('/v1/markets?');
  });

  it("keeps the query's parameter names and leaves every value out", () => {
    expect(loggedUrl('/portal/sign-in?token=abc123')).toBe('/portal/sign-in?token=…');
    expect(loggedUrl('/v1/widget/stream?markets=a,b&x&limit=5')).toBe('/v1/widget/stream?markets=…&x=…&limit=…');
  });

  it('leaves out a name that is not a short plain word: it may be a value sent without one', () => {
    expect(loggedUrl(`/v1/markets?pmk_sandbox_${'a'.repeat(32)}`)).toBe('/v1/markets?…');
    expect(loggedUrl('/v1/markets?a%3Db=1')).toBe('/v1/markets?…');
  });
});
