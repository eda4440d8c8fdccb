-- Markets, their outcomes and prices, positions, rejected attempts, limit orders, and the event outbox.
-- Prices are integer micro-units (1e-6, *_micro), shares integer 1e-8 units (*_units), amounts cents.

create table markets (
  id                              uuid primary key,
  slug                            text not null unique,
  title                           text not null,
  status                          text not null check (status in ('open', 'suspended', 'resolved', 'voided')),
  opens_at                        timestamptz not null,
  closes_at                       timestamptz not null check (closes_at > opens_at),
  max_stake_per_position_minor    bigint not null check (max_stake_per_position_minor > 0),
  max_open_stake_per_user_minor   bigint not null check (max_open_stake_per_user_minor > 0),
  -- The market maker's depth b, as given, and its outstanding shares per outcome (LMSR state).
  liquidity                       numeric not null check (liquidity > 0),
  q                               double precision[] not null,
  resolved_outcome_id             uuid,
  created_at                      timestamptz not null,
  updated_at                      timestamptz not null
);

create table market_outcomes (
  id         uuid primary key,
  market_id  uuid not null references markets (id),
  ordinal    integer not null,
  title      text not null,
  unique (market_id, ordinal)
);

-- A market enabled for a tenant is enabled in both of its environments.
create table tenant_markets (
  tenant_id   uuid not null references tenants (id),
  market_id   uuid not null references markets (id),
  enabled_at  timestamptz not null,
  primary key (tenant_id, market_id)
);
create index tenant_markets_market on tenant_markets (market_id);

-- One row per price change (creation, every trade and close); the feed's history is built from them.
create table price_points (
  market_id   uuid not null references markets (id),
  seq         bigint generated always as identity,
  ts          timestamptz not null,
  prices      bigint[] not null,
  primary key (market_id, seq)
);
create index price_points_market_ts on price_points (market_id, ts);

create table positions (
  id                          uuid primary key,
  seq                         bigint generated always as identity unique,
  tenant_id                   uuid not null,
  environment                 text not null,
  user_id                     uuid not null references users (id),
  market_id                   uuid not null references markets (id),
  outcome_id                  uuid not null references market_outcomes (id),
  state                       text not null check (state in ('open', 'closed', 'settled_win', 'settled_loss', 'voided')),
  stake_minor                 bigint not null check (stake_minor > 0),
  shares_units                bigint not null check (shares_units > 0),
  price_micro                 bigint not null check (price_micro > 0 and price_micro <= 1000000),
  payout_minor                bigint,
  close_price_micro           bigint,
  open_transaction_id         uuid not null references transactions (id),
  settlement_transaction_id   uuid references transactions (id),
  -- How it was opened and closed: api_key, session (widget; sends position.opened/closed) or order.
  opened_via                  text not null check (opened_via in ('api_key', 'session', 'order')),
  closed_via                  text check (closed_via in ('api_key', 'session')),
  order_id                    uuid,
  opened_at                   timestamptz not null,
  closed_at                   timestamptz,
  settled_at                  timestamptz
);
create index positions_env_seq on positions (tenant_id, environment, seq);
create index positions_user_market_open on positions (user_id, market_id) where state = 'open';
create index positions_market_open on positions (market_id) where state = 'open';

-- Rejected open and close attempts (GET /v1/position-rejections), written outside the rolled-back transaction.
create table position_rejections (
  id                uuid primary key,
  seq               bigint generated always as identity unique,
  tenant_id         uuid not null,
  environment       text not null,
  external_user_id  text not null,
  action            text not null check (action in ('open', 'close')),
  position_id       uuid,
  code              text not null,
  request           jsonb not null,
  created_at        timestamptz not null
);
create index position_rejections_env_seq on position_rejections (tenant_id, environment, seq);

create table orders (
  id                uuid primary key,
  seq               bigint generated always as identity unique,
  tenant_id         uuid not null,
  environment       text not null,
  user_id           uuid not null references users (id),
  market_id         uuid not null references markets (id),
  outcome_id        uuid not null references market_outcomes (id),
  stake_minor       bigint not null check (stake_minor > 0),
  limit_price_micro bigint not null check (limit_price_micro > 0 and limit_price_micro <= 1000000),
  status            text not null check (status in ('open', 'filled', 'expired', 'rejected', 'cancelled')),
  fill_price_micro  bigint,
  position_id       uuid references positions (id),
  reject_code       text,
  expires_at        timestamptz,
  created_at        timestamptz not null,
  updated_at        timestamptz not null
);
create index orders_env_seq on orders (tenant_id, environment, seq);
create index orders_market_open on orders (market_id, seq) where status = 'open';
create index orders_expiry on orders (expires_at) where status = 'open' and expires_at is not null;

-- The outbox: every event, written in the transaction of the state change it reports.
create table events (
  id           uuid primary key,
  seq          bigint generated always as identity unique,
  tenant_id    uuid not null,
  environment  text not null,
  type         text not null,
  occurred_at  timestamptz not null,
  data         jsonb not null
);
create index events_env_seq on events (tenant_id, environment, seq);
