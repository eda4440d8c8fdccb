import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secondOf, secondsUntilRoom, usedAt, windowAt, windowStart, WINDOW_S } from './window.js';

const S = secondOf(Date.parse('2026-06-01T12:00:00.000Z'));

describe('the exact window of 60 whole seconds', () => {
  it('holds the seconds S−59 … S, and nothing before or after', () => {
    expect(windowStart(S)).toBe(S - 59);
    const counts = new Map([
      [S - 60, 100],
      [S - 59, 1],
      [S - 1, 2],
      [S, 3],
      [S + 1, 50],
    ]);
    expect(usedAt(counts, S)).toBe(6);
    expect(usedAt(counts, S + 1)).toBe(55);
    expect(usedAt(new Map(), S)).toBe(0);
  });

  it('says, in the same pass, when the oldest counted request leaves it', () => {
    expect(windowAt(new Map(), S)).toEqual({ used: 0, resetSeconds: 60 });
    expect(windowAt(new Map([[S, 4]]), S)).toEqual({ used: 4, resetSeconds: 60 });
    expect(windowAt(new Map([[S - 59, 1]]), S)).toEqual({ used: 1, resetSeconds: 1 });
    expect(
      windowAt(
        new Map([
          [S - 70, 1],
          [S - 20, 1],
          [S - 10, 0],
          [S + 2, 7],
        ]),
        S,
      ),
    ).toEqual({ used: 1, resetSeconds: 40 });
  });

  it('says when the next request finds room: as soon as enough of the oldest seconds have left', () => {
    // 450 counted at S − 1 (limit 450, room for the next when at most 449 stay): S − 1 leaves at S + 59.
    expect(secondsUntilRoom(new Map([[S - 1, 450]]), S, 449)).toBe(59);
    // 300 at :59 and 150 at :00 (S): :59 leaves first, and that is enough.
    const acrossMinute = new Map([
      [S - 1, 300],
      [S, 150],
    ]);
    expect(secondsUntilRoom(acrossMinute, S, 449)).toBe(59);
    // All at S, and this request stays counted there too: only the whole window's turn frees room.
    expect(secondsUntilRoom(new Map([[S, 10]]), S, 8)).toBe(60);
    // Room already: the next second.
    expect(secondsUntilRoom(new Map([[S - 30, 3]]), S, 9)).toBe(1);
    // A second ahead of this one (another process's clock) does not hold it back.
    expect(secondsUntilRoom(new Map([[S + 1, 99]]), S, 0)).toBe(1);
  });

  it('answers the least k in 1 … 60 with room in the window of S + k (against counting each one)', () => {
    const seconds = fc.dictionary(fc.integer({ min: -80, max: 0 }).map(String), fc.integer({ min: 0, max: 20 }), {
      maxKeys: 40,
    });
    fc.assert(
      fc.property(seconds, fc.integer({ min: -1, max: 200 }), (dictionary, room) => {
        const counts = new Map(Object.entries(dictionary).map(([at, n]) => [S + Number(at), n]));
        const k = secondsUntilRoom(counts, S, room);
        expect(k).toBeGreaterThanOrEqual(1);
        expect(k).toBeLessThanOrEqual(WINDOW_S);
        // What stays of S's counts in the window of S + j: no new request meanwhile.
        const staysAt = (j: number) => usedAt(new Map([...counts].filter(([at]) => at <= S)), S + j);
        if (k < WINDOW_S) expect(staysAt(k)).toBeLessThanOrEqual(room);
        for (let j = 1; j < k; j++) expect(staysAt(j)).toBeGreaterThan(room);
      }),
    );
  });
});
