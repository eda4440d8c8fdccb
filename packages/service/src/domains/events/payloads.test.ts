import { describe, expect, it } from 'vitest';
import type { TenantEnv } from '../context.js';
import type { NewEvent } from './event-repo.js';
import { EVENT_PAYLOADS, EVENT_TYPES, eventEnvelope } from './payloads.js';

/**
 * An event is typed where it is built (issue 28): `npm run typecheck` checks the `@ts-expect-error` lines
 * below, so a builder that leaves out, misnames or mistypes a field, or names no event type, fails to
 * compile. The runtime half holds the same payloads to the schemas the reference documents.
 */
const scope: TenantEnv = { tenantId: '6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d', environment: 'sandbox' };
const slug = 'election-2026';
const outcome = '9e8d7c6b-5a49-4382-b716-05f4e3d2c1b0';

describe('NewEvent', () => {
  it('takes a correct builder as an object literal', () => {
    const built: NewEvent[] = [
      { scope, type: 'market.resolved', data: { market_slug: slug, resolved_outcome_id: outcome } },
      { scope, type: 'market.voided', data: { market_slug: slug } },
    ];
    for (const e of built) expect(EVENT_PAYLOADS[e.type].safeParse(e.data).success).toBe(true);
  });

  it('refuses a builder that leaves out a field', () => {
    // @ts-expect-error resolved_outcome_id is missing
    const missing: NewEvent = { scope, type: 'market.resolved', data: { market_slug: slug } };
    expect(EVENT_PAYLOADS[missing.type].safeParse(missing.data).success).toBe(false);
  });

  it('refuses a builder that misnames a field', () => {
    // @ts-expect-error outcome_id is not a field of market.resolved (resolved_outcome_id is)
    const misnamed: NewEvent = { scope, type: 'market.resolved', data: { market_slug: slug, outcome_id: outcome } };
    expect(EVENT_PAYLOADS[misnamed.type].safeParse(misnamed.data).success).toBe(false);
  });

  it('refuses a builder function whose data fits another event type', () => {
    const build = (): NewEvent => ({
      scope,
      type: 'market.voided',
      // @ts-expect-error market.voided carries no resolved_outcome_id
      data: { market_slug: slug, resolved_outcome_id: outcome },
    });
    expect(build().type).toBe('market.voided');
  });

  it('refuses a value outside an enum, and an unknown event type', () => {
    const data = {
      market_slug: slug,
      previous_outcome_id: null,
      resolved_outcome_id: outcome,
      status: 'resolved',
    } as const;
    // @ts-expect-error previous_status is 'voided' or 'resolved'
    const wrong: NewEvent = { scope, type: 'market.void_corrected', data: { ...data, previous_status: 'open' } };
    expect(EVENT_PAYLOADS[wrong.type].safeParse(wrong.data).success).toBe(false);
    // @ts-expect-error no event type market.closed
    const unknown: NewEvent = { scope, type: 'market.closed', data: { market_slug: slug } };
    expect(EVENT_TYPES).not.toContain(unknown.type);
  });
});

describe('eventEnvelope', () => {
  it('wraps the data of one type in the body every webhook shares', () => {
    const body = {
      id: '8c7b6a59-4837-4261-9f0e-1d2c3b4a5968',
      event: 'market.voided',
      occurred_at: '2026-11-25T12:00:00.000Z',
      data: { market_slug: slug },
    };
    expect(eventEnvelope('market.voided').parse(body)).toEqual(body);
    expect(eventEnvelope('market.resolved').safeParse(body).success).toBe(false);
  });
});
