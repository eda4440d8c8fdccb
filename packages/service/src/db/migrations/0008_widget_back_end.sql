-- The widget's back end (decisions part 6).

-- Tenant widget settings per environment: {"theme", "scheme", "locales", "default_locale"}, checked by
-- packages/contract before they are stored; null means none (the config read answers the defaults).
alter table tenant_environments add column widget jsonb;

-- One row per end user who set a profile; a user without one has the defaults (no name, not shown).
create table widget_profiles (
  user_id              uuid primary key references users (id),
  tenant_id            uuid not null,
  environment          text not null,
  display_name         text,
  show_on_leaderboard  boolean not null,
  updated_at           timestamptz not null
);
-- Display names are unique per tenant environment, case-insensitively.
create unique index widget_profiles_display_name
  on widget_profiles (tenant_id, environment, lower(display_name)) where display_name is not null;
create index widget_profiles_shown on widget_profiles (tenant_id, environment) where show_on_leaderboard;

create table saved_markets (
  user_id    uuid not null references users (id),
  market_id  uuid not null references markets (id),
  saved_at   timestamptz not null,
  primary key (user_id, market_id)
);
create index saved_markets_newest on saved_markets (user_id, saved_at desc);

create table widget_error_reports (
  id                uuid primary key,
  seq               bigint generated always as identity unique,
  tenant_id         uuid not null,
  environment       text not null,
  external_user_id  text not null,
  code              text not null,
  message           text not null,
  stack             text,
  url               text,
  widget_version    text not null,
  occurred_at       timestamptz not null,
  received_at       timestamptz not null
);
create index widget_error_reports_tenant_seq on widget_error_reports (tenant_id, seq);

-- The leaderboard: realised profit of positions that ended (closed, settled or voided) in a period.
-- ended_at is when a position ended; a correction moves payout_minor but keeps settled_at, so the
-- position stays in the period it ended in. The index answers one user's ended positions of a period
-- without touching the table (payout and stake included).
alter table positions add column ended_at timestamptz generated always as (coalesce(closed_at, settled_at)) stored;
create index positions_user_ended on positions (user_id, ended_at) include (stake_minor, payout_minor)
  where ended_at is not null;
