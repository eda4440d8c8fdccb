import { describe, expect, it } from 'vitest';
import { storable, storableDetails } from './storable.js';

describe('text the audit log can store', () => {
  it('turns a NUL byte into U+FFFD, in a target and at any depth of the details, keys too', () => {
    expect(storable('slug\u0000')).toBe('slug\uFFFD');
    expect(storableDetails({ a: ['x\u0000y', { 'k\u0000': 1 }], n: null, b: true })).toEqual({
      a: ['x\uFFFDy', { 'k\uFFFD': 1 }],
      n: null,
      b: true,
    });
  });
});
