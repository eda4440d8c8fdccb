-- Core schema: tenants, their environments and keys, users, the ledger, balance syncs and idempotency.
-- Amounts are integer minor units (cents) in bigint columns named *_minor.

create table tenants (
  id          uuid primary key,
  name        text not null,
  status      text not null check (status in ('active', 'suspended')),
  created_at  timestamptz not null,
  updated_at  timestamptz not null
);

-- One row per (tenant, environment); sandbox and live never share users, keys or settings.
create table tenant_environments (
  tenant_id        uuid not null references tenants (id),
  environment      text not null check (environment in ('sandbox', 'live')),
  webhook_url      text,
  allowed_origins  text[] not null default '{}',
  webhook_secret   text,
  updated_at       timestamptz not null,
  primary key (tenant_id, environment)
);

-- Only a SHA-256 of the key is kept; the key itself is shown once when issued.
create table api_keys (
  id           uuid primary key,
  tenant_id    uuid not null references tenants (id),
  environment  text not null check (environment in ('sandbox', 'live')),
  key_hash     bytea not null unique,
  key_prefix   text not null,
  scopes       text[] not null,
  created_at   timestamptz not null,
  revoked_at   timestamptz
);
create index api_keys_tenant on api_keys (tenant_id);

create table users (
  id                uuid primary key,
  tenant_id         uuid not null references tenants (id),
  environment       text not null check (environment in ('sandbox', 'live')),
  external_user_id  text not null,
  status            text not null check (status in ('active', 'blocked')),
  -- The ledger invariant's floor: no transaction may take a balance below zero.
  balance_minor     bigint not null default 0 check (balance_minor >= 0),
  created_at        timestamptz not null,
  updated_at        timestamptz not null,
  unique (tenant_id, environment, external_user_id)
);

-- Append-only ledger: sum(amount_minor) over a user's rows equals users.balance_minor.
-- seq orders rows for cursors; reversals are new rows pointing at the original.
create table transactions (
  seq                      bigint generated always as identity unique,
  id                       uuid primary key,
  tenant_id                uuid not null,
  environment              text not null,
  user_id                  uuid not null references users (id),
  entry_type               text not null,
  amount_minor             bigint not null,
  balance_after_minor      bigint not null check (balance_after_minor >= 0),
  reverses_transaction_id  uuid references transactions (id),
  position_id              uuid,
  created_at               timestamptz not null
);
create index transactions_env_seq on transactions (tenant_id, environment, seq);
create index transactions_user_seq on transactions (user_id, seq);
create index transactions_env_type_seq on transactions (tenant_id, environment, entry_type, seq);

create function transactions_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'transactions are append-only: post a reversal instead of %', tg_op;
end $$;
create trigger transactions_append_only before update or delete on transactions
  for each row execute function transactions_append_only();

-- Every balance sync that reached the ledger, applied or refused; the basis of reconciliation.
create table balance_syncs (
  id                        uuid primary key,
  tenant_id                 uuid not null,
  environment               text not null,
  user_id                   uuid not null references users (id),
  idempotency_key           text not null,
  direction                 text not null check (direction in ('credit', 'debit')),
  amount_minor              bigint not null check (amount_minor > 0),
  resulting_balance_minor   bigint,
  outcome                   text not null check (outcome in ('applied', 'would_overdraw')),
  transaction_id            uuid references transactions (id),
  ledger_balance_minor      bigint not null,
  flagged_for_reconciliation boolean not null default false,
  created_at                timestamptz not null
);
create index balance_syncs_user on balance_syncs (user_id, created_at);
create index balance_syncs_flagged on balance_syncs (tenant_id, environment) where flagged_for_reconciliation;

-- One row per (tenant, environment, operation, key). A request reserves its key (in_progress, with a
-- lock expiry and a token naming the holder), then stores its response in the transaction of its work.
create table idempotency_keys (
  tenant_id        uuid not null,
  environment      text not null,
  operation        text not null,
  key              text not null,
  request_hash     bytea not null,
  state            text not null check (state in ('in_progress', 'done')),
  holder           uuid not null,
  locked_until     timestamptz not null,
  response_status  integer,
  response_body    text,
  created_at       timestamptz not null,
  primary key (tenant_id, environment, operation, key)
);
create index idempotency_keys_created on idempotency_keys (operation, created_at) where state = 'done';
