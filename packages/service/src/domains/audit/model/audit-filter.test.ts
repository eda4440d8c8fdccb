import { describe, expect, it } from 'vitest';
import { instantOf, readAuditFilter } from './audit-filter.js';

const TENANT = '8b0c1d2e-1111-4222-8333-444455556666';

describe('readAuditFilter', () => {
  it('takes an empty query as no filter', () => {
    expect(readAuditFilter({}).filter).toEqual({ tenantId: null, actor: null, action: null, from: null, until: null });
  });

  it('reads every field: a tenant in any case, part of a name, an action or a noun, dates and times', () => {
    const read = readAuditFilter({
      tenant: TENANT.toUpperCase(),
      actor: ' panel:Ada ',
      action: 'market',
      from: '2026-06-01',
      to: '2026-06-02T10:00:00+02:00',
    });
    expect(read.errors).toEqual({});
    expect(read.filter).toEqual({
      tenantId: TENANT,
      actor: 'panel:Ada',
      action: { noun: 'market' },
      from: new Date('2026-06-01T00:00:00Z'),
      until: new Date('2026-06-02T08:00:00.001Z'),
    });
    expect(readAuditFilter({ action: 'api_key.revoke' }).filter?.action).toEqual({ exact: 'api_key.revoke' });
  });

  it('says in words what is wrong with each field, and keeps what was typed', () => {
    const read = readAuditFilter({
      tenant: 'acme',
      actor: 'x'.repeat(201),
      action: 'drop table',
      from: 'yesterday',
      to: '2026-02-30',
    });
    expect(read.filter).toBeNull();
    expect(read.fields.from).toBe('yesterday');
    expect(read.errors.tenant).toMatch(/not a tenant id/);
    expect(read.errors.actor).toMatch(/200 characters/);
    expect(read.errors.action).toBe('drop table is not an action the log records: choose one from the list.');
    expect(read.errors.from).toMatch(/^Enter a date like 2026-06-01/);
    expect(read.errors.to).toMatch(/^Enter a date like/);
  });

  it('refuses a To before From, and control characters in a name', () => {
    expect(readAuditFilter({ from: '2026-06-02', to: '2026-06-01' }).errors.to).toBe('To must not be before From.');
    expect(readAuditFilter({ actor: 'a\u0000b' }).errors.actor).toMatch(/control characters/);
  });
});

describe('instantOf', () => {
  it('reads a date as its whole day and a time as itself, UTC without a zone', () => {
    expect(instantOf('2026-06-01', 'start')).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(instantOf('2026-06-01', 'end')).toEqual(new Date('2026-06-02T00:00:00Z'));
    expect(instantOf('2026-06-01T09:30', 'start')).toEqual(new Date('2026-06-01T09:30:00Z'));
    expect(instantOf('2026-06-01 09:30:15.250Z', 'start')).toEqual(new Date('2026-06-01T09:30:15.250Z'));
    expect(instantOf('2026-06-01T09:30:00-05:30', 'start')).toEqual(new Date('2026-06-01T15:00:00Z'));
  });

  it('refuses what is no real day or time', () => {
    for (const text of ['2026-13-01', '2026-02-29', '2026-06-01T24:00', '2026-06-01T09:60', '0000-01-01', '1e9', ''])
      expect(instantOf(text, 'start'), text).toBeNull();
    expect(instantOf('2028-02-29', 'start')).toEqual(new Date('2028-02-29T00:00:00Z'));
  });
});
