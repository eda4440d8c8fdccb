import { describe, expect, it } from 'vitest';
import { detailLines } from './detail-lines.js';
import { resultFacts } from './result-facts.js';
import { withheld } from './withheld.js';

describe('detailLines', () => {
  it('reads details as key: value lines, nested fields by their path', () => {
    expect(
      detailLines({
        webhook_host: 'hooks.example.com',
        allowed_origins: 2,
        paused: true,
        reason: null,
        scopes: ['read:markets', 'write:sync'],
        filter: { tenant_id: 'abc', older_than: '1h' },
        per_tenant: [{ environment: 'sandbox', resent: 3 }],
      }),
    ).toEqual([
      { key: 'webhook host', value: 'hooks.example.com' },
      { key: 'allowed origins', value: '2' },
      { key: 'paused', value: 'yes' },
      { key: 'reason', value: 'none' },
      { key: 'scopes', value: 'read:markets, write:sync' },
      { key: 'filter.tenant id', value: 'abc' },
      { key: 'filter.older than', value: '1h' },
      { key: 'per tenant[1].environment', value: 'sandbox' },
      { key: 'per tenant[1].resent', value: '3' },
    ]);
  });

  it('has no line for empty details, and cuts a very long text', () => {
    expect(detailLines({})).toEqual([]);
    expect(detailLines({ rules: 'x'.repeat(1000) })[0]!.value).toHaveLength(300);
  });
});

describe('withheld', () => {
  it('keeps no key, secret or token, and only the host of a URL', () => {
    expect(
      withheld({
        api_key: 'anything',
        webhook_secret: 'anything',
        token: 't',
        note: 'pmk_sandbox_J9igAbCdEfGhIjKlMnOpQrStUvWxYz012345',
        nested: { value: 'whsec_0123456789abcdef0123456789abcdef', list: ['pat_0123456789abcdef01234567', 'fine'] },
        webhook_url: 'https://hooks.example.com/path?token=x',
        prefix: 'pmk_sandbox_ab',
        key_id: 'id',
      }),
    ).toEqual({
      api_key: 'withheld',
      webhook_secret: 'withheld',
      token: 'withheld',
      note: 'withheld',
      nested: { value: 'withheld', list: ['withheld', 'fine'] },
      webhook_url: 'hooks.example.com',
      prefix: 'pmk_sandbox_ab',
      key_id: 'id',
    });
  });
});

describe('resultFacts', () => {
  const key = {
    id: 'k2',
    tenantId: 't1',
    environment: 'live',
    prefix: 'pmk_live_ab',
    scopes: ['read:markets'],
    rotatesKeyId: 'k1',
    expiresAt: null,
    apiKey: 'pmk_live_secret',
  };

  it("reads a key's id, prefix, scopes and tenant environment, never the key", () => {
    const facts = resultFacts('api_key.confirm_rotation', key);
    expect(facts).toMatchObject({ tenantId: 't1', environment: 'live' });
    expect(facts.details).toMatchObject({ key_id: 'k2', revoked_key_id: 'k1', scopes: ['read:markets'] });
    expect(JSON.stringify(facts)).not.toContain('secret');
  });

  it('never reads a rotated webhook secret or an issued link', () => {
    expect(resultFacts('webhook_secret.rotate', 'whsec_value')).toEqual({ details: { rotated: 'webhook secret' } });
    expect(resultFacts('portal_link.issue', { token: 'x' })).toEqual({ details: {} });
  });

  it("takes a sandbox test market's owner as the tenant, and a ticket's tenant environment", () => {
    expect(resultFacts('sandbox_market.void', { slug: 'sandbox-x', status: 'voided', ownerTenantId: 't1' })).toEqual({
      details: { slug: 'sandbox-x', status: 'voided' },
      tenantId: 't1',
      environment: 'sandbox',
    });
    expect(resultFacts('ticket.close', { id: 'x', tenantId: 't1', environment: 'live', status: 'closed' })).toEqual({
      details: { ticket_id: 'x', status: 'closed' },
      tenantId: 't1',
      environment: 'live',
    });
  });
});
