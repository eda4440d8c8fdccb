import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Environment } from '../../db/schema.js';
import { displayPrefix, environmentOfKey, generateApiKey, hashApiKey } from './api-key.js';

const ENVIRONMENTS: Environment[] = ['sandbox', 'live'];
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY = /^pmk_(sandbox|live)_[A-Za-z0-9]{32}$/;

const environment = fc.constantFrom(...ENVIRONMENTS);
const randomPart = (length: number) =>
  fc.string({ unit: fc.constantFrom(...BASE62), minLength: length, maxLength: length });

describe('generateApiKey', () => {
  it.each(ENVIRONMENTS)('gives pmk_%s_ followed by 32 base62 characters', (env) => {
    for (let i = 0; i < 50; i++) {
      const key = generateApiKey(env);
      expect(key).toMatch(KEY);
      expect(key.startsWith(`pmk_${env}_`)).toBe(true);
      expect(key).toHaveLength(`pmk_${env}_`.length + 32);
      expect(environmentOfKey(key)).toBe(env);
    }
  });

  it('gives a different key every time', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => generateApiKey(ENVIRONMENTS[i % 2]!));
    expect(new Set(keys).size).toBe(keys.length);
    // The random parts differ too, not only the environment names.
    expect(new Set(keys.map((k) => k.slice(-32))).size).toBe(keys.length);
  });

  it('draws on the whole base62 alphabet, roughly evenly', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++)
      for (const c of generateApiKey('live').slice(-32)) counts.set(c, (counts.get(c) ?? 0) + 1);
    // 64,000 characters over 62 symbols: about 1,032 each; a bias or a missing symbol would show.
    expect([...counts.keys()].sort()).toEqual([...BASE62].sort());
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(700);
      expect(n).toBeLessThan(1400);
    }
  });
});

describe('environmentOfKey', () => {
  it('reads the environment of any well-formed key', () => {
    fc.assert(
      fc.property(environment, randomPart(32), (env, random) => {
        expect(environmentOfKey(`pmk_${env}_${random}`)).toBe(env);
      }),
    );
  });

  it.each([
    ['the empty string', ''],
    ['a wrong prefix', `pk_live_${'a'.repeat(32)}`],
    ['an upper-case prefix', `PMK_live_${'a'.repeat(32)}`],
    ['hyphens for underscores', `pmk-live-${'a'.repeat(32)}`],
    ['another environment name', `pmk_test_${'a'.repeat(32)}`],
    ['an upper-case environment', `pmk_LIVE_${'a'.repeat(32)}`],
    ['production for live', `pmk_production_${'a'.repeat(32)}`],
    ['no environment', `pmk__${'a'.repeat(32)}`],
    ['31 random characters', `pmk_live_${'a'.repeat(31)}`],
    ['33 random characters', `pmk_sandbox_${'a'.repeat(33)}`],
    ['an underscore in the random part', `pmk_live_${'a'.repeat(15)}_${'a'.repeat(16)}`],
    ['a hyphen in the random part', `pmk_live_${'a'.repeat(15)}-${'a'.repeat(16)}`],
    ['a leading space', ` pmk_live_${'a'.repeat(32)}`],
    ['a trailing newline', `pmk_live_${'a'.repeat(32)}\n`],
    ['a Bearer prefix', `Bearer pmk_live_${'a'.repeat(32)}`],
    ['non-ASCII letters', `pmk_live_${'é'.repeat(32)}`],
  ])('refuses %s', (_name, key) => {
    expect(environmentOfKey(key)).toBeNull();
  });

  it('refuses a random part of any length other than 32', () => {
    fc.assert(
      fc.property(
        environment,
        fc.integer({ min: 0, max: 64 }).filter((n) => n !== 32),
        (env, length) => {
          const key = `pmk_${env}_${'x'.repeat(length)}`;
          expect(environmentOfKey(key)).toBeNull();
        },
      ),
    );
  });

  it('refuses a generated key with one character of its random part replaced by a non-base62 character', () => {
    fc.assert(
      fc.property(
        environment,
        fc.integer({ min: 0, max: 31 }),
        fc.constantFrom('_', '-', ' ', '.', '/', '+', '=', 'é', '\n'),
        (env, at, c) => {
          const key = generateApiKey(env);
          const prefix = `pmk_${env}_`.length;
          const broken = key.slice(0, prefix + at) + c + key.slice(prefix + at + 1);
          expect(environmentOfKey(broken)).toBeNull();
        },
      ),
    );
  });
});

describe('hashApiKey', () => {
  it('is 32 bytes and the same for the same key', () => {
    const key = generateApiKey('sandbox');
    expect(hashApiKey(key)).toHaveLength(32);
    expect(hashApiKey(key).equals(hashApiKey(key))).toBe(true);
    // A fresh string with the same text, not the same object.
    expect(hashApiKey([...key].join('')).equals(hashApiKey(key))).toBe(true);
  });

  it('is deterministic and tells keys apart', () => {
    fc.assert(
      fc.property(environment, randomPart(32), randomPart(32), (env, a, b) => {
        const ka = `pmk_${env}_${a}`;
        expect(hashApiKey(ka)).toHaveLength(32);
        expect(hashApiKey(ka).equals(hashApiKey(ka))).toBe(true);
        if (a !== b) expect(hashApiKey(ka).equals(hashApiKey(`pmk_${env}_${b}`))).toBe(false);
      }),
    );
    expect(hashApiKey(`pmk_live_${'a'.repeat(32)}`).equals(hashApiKey(`pmk_sandbox_${'a'.repeat(32)}`))).toBe(false);
  });
});

describe('displayPrefix', () => {
  it('shows the prefix, the environment and 4 characters of the random part', () => {
    expect(displayPrefix(`pmk_live_abcd${'x'.repeat(28)}`)).toBe('pmk_live_abcd');
    expect(displayPrefix(`pmk_sandbox_WXYZ${'x'.repeat(28)}`)).toBe('pmk_sandbox_WXYZ');
  });

  it('never shows more than 4 characters of the random part of any key', () => {
    fc.assert(
      fc.property(environment, fc.boolean(), randomPart(32), (env, generated, random) => {
        const key = generated ? generateApiKey(env) : `pmk_${env}_${random}`;
        const shown = displayPrefix(key);
        const head = `pmk_${env}_`;
        expect(key.startsWith(shown)).toBe(true);
        expect(shown.startsWith(head)).toBe(true);
        expect(shown.length - head.length).toBeLessThanOrEqual(4);
        // It still tells the environment apart.
        expect(shown.slice(0, head.length)).toBe(head);
      }),
      { numRuns: 500 },
    );
  });
});
