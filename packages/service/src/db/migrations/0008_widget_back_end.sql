-- The widget's back end: its settings, profiles, saved markets, error reports and the leaderboard.

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

-- The leaderboard: realised profit (payout minus stake) of positions that ended (closed, settled or
-- voided) in a period. ended_at is when a position ended; a correction moves payout_minor but keeps
-- settled_at, so the position stays in the period it ended in.
alter table positions add column ended_at timestamptz generated always as (coalesce(closed_at, settled_at)) stored;

-- Per user, its sum for each day, week (from Monday), month and all time, all starting at 00:00Z: a
-- leaderboard request reads the users of one bucket in pnl order instead of adding up their positions.
create table leaderboard_buckets (
  tenant_id    uuid not null,
  environment  text not null,
  period       text not null check (period in ('day', 'week', 'month', 'all')),
  starts_at    timestamptz not null,
  user_id      uuid not null references users (id),
  pnl_minor    bigint not null,
  positions    integer not null,
  primary key (tenant_id, environment, period, starts_at, user_id)
);
create index leaderboard_buckets_rank on leaderboard_buckets (tenant_id, environment, period, starts_at, pnl_minor desc);

-- The four buckets a position that ended at `ended` counts in: its day, its week (from Monday), its
-- month, all 00:00Z, and all time (one bucket, at the epoch).
create function leaderboard_periods(ended timestamptz) returns table (period text, starts_at timestamptz)
language sql stable as $$
  values
    ('day', date_trunc('day', ended, 'UTC')),
    ('week', date_trunc('week', ended, 'UTC')),
    ('month', date_trunc('month', ended, 'UTC')),
    ('all', timestamptz '1970-01-01 00:00:00+00')
$$;

-- Keeps the buckets in step with every statement that ends a position or corrects an ended one: what
-- the old rows contributed comes off, what the new rows contribute goes on, in the same transaction.
-- Every such statement (a close, a settlement, a correction) holds the row locks of the users it touches,
-- so the bucket rows of a user are only ever written under that user's lock: they add no lock order.
create function leaderboard_buckets_apply() returns trigger language plpgsql as $$
begin
  insert into leaderboard_buckets as b (tenant_id, environment, period, starts_at, user_id, pnl_minor, positions)
  select d.tenant_id, d.environment, p.period, p.starts_at, d.user_id, sum(d.pnl), sum(d.n)
  from (
    select tenant_id, environment, user_id, ended_at, -(coalesce(payout_minor, 0) - stake_minor) as pnl, -1 as n
    from old_rows where ended_at is not null
    union all
    select tenant_id, environment, user_id, ended_at, coalesce(payout_minor, 0) - stake_minor, 1
    from new_rows where ended_at is not null
  ) d
  cross join lateral leaderboard_periods(d.ended_at) p
  group by d.tenant_id, d.environment, p.period, p.starts_at, d.user_id
  having sum(d.pnl) <> 0 or sum(d.n) <> 0
  on conflict (tenant_id, environment, period, starts_at, user_id) do update
    set pnl_minor = b.pnl_minor + excluded.pnl_minor, positions = b.positions + excluded.positions;
  return null;
end $$;

create trigger positions_leaderboard after update on positions
  referencing old table as old_rows new table as new_rows
  for each statement execute function leaderboard_buckets_apply();

-- Positions that ended before this migration.
insert into leaderboard_buckets (tenant_id, environment, period, starts_at, user_id, pnl_minor, positions)
select p.tenant_id, p.environment, b.period, b.starts_at, p.user_id, sum(coalesce(p.payout_minor, 0) - p.stake_minor), count(*)
from positions p
cross join lateral leaderboard_periods(p.ended_at) b
where p.ended_at is not null
group by p.tenant_id, p.environment, b.period, b.starts_at, p.user_id;
