import { describe, expect, it } from 'vitest';
import { DeadLetterFilterFields } from '../../domains/webhooks/index.js';
import { readFilter } from './dead-letter-filter.js';

const TENANT = '0b7c2f4e-5d6a-4e3b-9c1d-2a3b4c5d6e7f';

describe('readFilter', () => {
  it("maps the page's names onto the API's filter and reads datetime-local values as UTC", () => {
    const read = readFilter({
      tenant: TENANT,
      environment: 'live',
      type: 'position.opened',
      older_than: '24h',
      dead_from: '2026-06-01T09:30',
      dead_to: '2026-06-01T10:00:15',
    });
    expect(read.problems).toEqual([]);
    expect(read.filter).toEqual({
      tenantId: TENANT,
      environment: 'live',
      type: 'position.opened',
      olderThan: '24h',
      deadFrom: new Date('2026-06-01T09:30:00Z'),
      deadTo: new Date('2026-06-01T10:00:15Z'),
    });
    expect(readFilter({ dead_from: '2026-06-01T09:30Z' }).filter?.deadFrom).toEqual(new Date('2026-06-01T09:30:00Z'));
    expect(readFilter({}).filter).toEqual({});
  });

  it("refuses exactly what the API's schema refuses, in the page's words per field, keeping what was typed", () => {
    const bad = {
      tenant: 'nope',
      environment: 'staging',
      type: 'position.nope',
      older_than: '2h',
      dead_from: '2026-06-01 09:30',
      dead_to: '2026-06-01T10:00+02:00',
    };
    const read = readFilter(bad);
    expect(read.filter).toBeNull();
    expect(read.fields).toEqual(bad);
    expect(read.problems).toEqual([
      'Tenant: choose one from the list (that is not a tenant id).',
      'Environment: sandbox or live.',
      'Event type: position.nope is not an event type this service sends.',
      'Age: choose 1 hour, 24 hours or 7 days.',
      'Dead from: a date and time in UTC, like 2026-06-01T09:30.',
      'Dead to: a date and time in UTC, like 2026-06-01T09:30.',
    ]);
    const api = DeadLetterFilterFields.safeParse({ ...bad, tenant_id: bad.tenant, tenant: undefined });
    expect(api.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(
      ['dead_from', 'dead_to', 'environment', 'older_than', 'tenant_id', 'type'].sort(),
    );
  });

  it('refuses a window that ends before it starts, by the rule the API uses', () => {
    const read = readFilter({ dead_from: '2026-06-01T10:00', dead_to: '2026-06-01T09:00' });
    expect(read).toMatchObject({ filter: null, problems: ['Dead from must be before Dead to.'] });
  });
});
