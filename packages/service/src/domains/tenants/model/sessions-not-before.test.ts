import { describe, expect, it } from 'vitest';
import { RACING_MINT_MS, sessionsNotBeforeOf } from './sessions-not-before.js';

describe('sessionsNotBeforeOf', () => {
  it('ends sessions up to a margin after the suspension, for a mint that raced it', () => {
    const at = new Date('2026-06-01T12:00:00.990Z');
    expect(sessionsNotBeforeOf(at).getTime() - at.getTime()).toBe(RACING_MINT_MS);
  });
});
