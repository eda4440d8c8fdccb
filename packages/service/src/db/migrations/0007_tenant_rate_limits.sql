-- Raised tenant limits (docs/operator-api.md, "Rate limits"): per tenant, for balance_sync,
-- positions and default only, in requests per 60 s. A tier without a row has its usual limit.
create table tenant_rate_limits (
  tenant_id   uuid not null references tenants (id),
  tier        text not null check (tier in ('balance_sync', 'positions', 'default')),
  per_minute  integer not null check (per_minute > 0),
  updated_at  timestamptz not null,
  primary key (tenant_id, tier)
);
