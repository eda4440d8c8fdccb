import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, fingerprint } from './fingerprint.js';

/**
 * The keys of every object in a JSON text, in the order the text has them. Read off the text itself,
 * because JSON.parse would move integer-like keys ("1", "20") to the front whatever the text says.
 */
function keyOrders(text: string): string[][] {
  const orders: string[][] = [];
  const open: (string[] | null)[] = []; // null for an array
  let keyNext = false;
  for (const [token] of text.matchAll(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^{}[\],:"]+/g)) {
    if (token === '{') {
      const keys: string[] = [];
      orders.push(keys);
      open.push(keys);
      keyNext = true;
    } else if (token === '[') {
      open.push(null);
      keyNext = false;
    } else if (token === '}' || token === ']') {
      open.pop();
      keyNext = false;
    } else if (token === ',') {
      keyNext = open.at(-1) !== null;
    } else if (token === ':') {
      keyNext = false;
    } else if (keyNext) {
      open.at(-1)!.push(JSON.parse(token) as string);
      keyNext = false;
    }
  }
  return orders;
}

/** Equality of JSON values as JSON sees it: members compared by name whatever their order, 0 equal to -0. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return (
      ka.length === kb.length &&
      ka.every(
        (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return a === b;
}

/** A copy of a JSON value with the members of every object inserted in another order (seeded). */
function reordered(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => reordered(v, seed + i + 1));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    let state = seed >>> 0;
    for (let i = entries.length - 1; i > 0; i--) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const j = state % (i + 1);
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
    }
    const copy: Record<string, unknown> = {};
    for (const [k, v] of entries)
      Object.defineProperty(copy, k, {
        value: reordered(v, seed + 7),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  return value;
}

/** -0 becomes 0: JSON has one zero. */
function withoutMinusZero(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMinusZero);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(copy, k, {
        value: withoutMinusZero(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  return Object.is(value, -0) ? 0 : value;
}

/** JSON values whose objects may also carry undefined members (as a parsed body with an optional field does). */
const withUndefined = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(tie('value'), fc.constant(undefined)), { maxKeys: 5 }),
  ),
})).value;

describe('canonicalJson', () => {
  it('sorts keys and drops undefined members, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: undefined, x: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[{"x":2,"z":1}]},"b":1}',
    );
    expect(
      canonicalJson({ external_user_id: 'u', direction: 'credit', amount: '10', resulting_balance: undefined }),
    ).toBe('{"amount":"10","direction":"credit","external_user_id":"u"}');
    expect(canonicalJson({ '10': 1, '9': 2, a: 3 })).toBe('{"10":1,"9":2,"a":3}');
    expect(canonicalJson([3, 'x', null, true])).toBe('[3,"x",null,true]');
  });

  it('is JSON that parses back to the value, with the keys of every object in sorted order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(sameJson(JSON.parse(text), value)).toBe(true);
        expect(JSON.parse(text)).toEqual(withoutMinusZero(value));
        for (const keys of keyOrders(text)) {
          expect(keys).toEqual([...keys].sort());
          expect(new Set(keys).size).toBe(keys.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('drops undefined members the way JSON.stringify does', () => {
    fc.assert(
      fc.property(withUndefined, (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(text).not.toContain('undefined":');
        for (const keys of keyOrders(text)) expect(keys).toEqual([...keys].sort());
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same text whatever the order the members were inserted in', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer(), (value, seed) => {
        expect(canonicalJson(reordered(value, seed))).toBe(canonicalJson(value));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('fingerprint', () => {
  it('is a 32-byte SHA-256 digest', () => {
    expect(fingerprint({ a: 1 })).toHaveLength(32);
    // sha256('{"a":1}')
    expect(fingerprint({ a: 1 }).toString('hex')).toBe(
      '015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862',
    );
  });

  it('gives equal values equal fingerprints regardless of key order or undefined members', () => {
    fc.assert(
      fc.property(fc.object({ values: [fc.jsonValue()] }), fc.integer(), (value, seed) => {
        const withExtra = { ...(reordered(value, seed) as Record<string, unknown>), '\u0000absent': undefined };
        expect(fingerprint(withExtra).equals(fingerprint(value))).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(
      fingerprint({ amount: '10', direction: 'credit' }).equals(fingerprint({ direction: 'credit', amount: '10' })),
    ).toBe(true);
  });

  it('gives different values different fingerprints', () => {
    fc.assert(
      fc.property(fc.object({ values: [fc.jsonValue()] }), fc.object({ values: [fc.jsonValue()] }), (a, b) => {
        fc.pre(!sameJson(a, b));
        expect(fingerprint(a).equals(fingerprint(b))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('tells apart values that differ in one member, including the text of an amount', () => {
    const base = { external_user_id: 'u1', direction: 'credit', amount: '10' };
    const variants = [
      { ...base, amount: '10.00' },
      { ...base, amount: '10.0' },
      { ...base, amount: 10 },
      { ...base, direction: 'debit' },
      { ...base, external_user_id: 'u2' },
      { ...base, resulting_balance: '10' },
      { ...base, resulting_balance: null },
      { items: [base] },
    ];
    const prints = [base, ...variants].map((v) => fingerprint(v).toString('hex'));
    expect(new Set(prints).size).toBe(prints.length);
  });

  it('differs when a single JSON value changes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        fc.pre(!sameJson(a, b));
        expect(fingerprint({ items: [a] }).equals(fingerprint({ items: [b] }))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('undefined inside arrays', () => {
  it('is null, as in JSON.stringify', () => {
    expect(canonicalJson([undefined, 1])).toBe(JSON.stringify([undefined, 1]));
  });
});
