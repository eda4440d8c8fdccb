-- The tenant portal: one-time sign-in links the platform issues, and sessions of a
-- tenant environment's staff beside the panel's.

-- A link's token is random; only its SHA-256 is kept. used_at is set by the one request that uses it.
create table portal_links (
  token_hash bytea primary key,
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'live')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

alter table web_sessions drop constraint web_sessions_kind_check;
alter table web_sessions
  add column tenant_id uuid references tenants (id),
  add column environment text check (environment in ('sandbox', 'live')),
  add constraint web_sessions_kind_check check (kind in ('panel', 'portal')),
  -- A portal session belongs to exactly one tenant environment; a panel session to none.
  add constraint web_sessions_scope check ((kind = 'portal') = (tenant_id is not null and environment is not null));
