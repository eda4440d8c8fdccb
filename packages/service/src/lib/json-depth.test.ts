import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[[[[[{{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('"plain"', 0)).toBe(false);
  });

  it('answers for 20,000 levels without recursion', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(nestsDeeperThan(deep, 32)).toBe(true);
    expect(nestsDeeperThan(deep, 20_000)).toBe(false);
  });
});
