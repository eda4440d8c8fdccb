-- Limits a player sets through the operator (docs/operator-api.md, "Player limits"): stake limits over a
-- rolling day, week and month, and a break (excluded_until). One row per user that ever set one; a user
-- without a row has none. A raise or a removal waits 24 hours: pending_*_at says when it takes effect and
-- pending_*_minor what the limit becomes then (null: no limit). The rules live in
-- src/domains/player-limits/model; this table only keeps what they decided.
create table user_limits (
  user_id                      uuid primary key references users (id),
  tenant_id                    uuid not null,
  environment                  text not null,
  stake_per_day_minor          bigint check (stake_per_day_minor >= 0),
  stake_per_week_minor         bigint check (stake_per_week_minor >= 0),
  stake_per_month_minor        bigint check (stake_per_month_minor >= 0),
  pending_per_day_minor        bigint check (pending_per_day_minor >= 0),
  pending_per_day_at           timestamptz,
  pending_per_week_minor       bigint check (pending_per_week_minor >= 0),
  pending_per_week_at          timestamptz,
  pending_per_month_minor      bigint check (pending_per_month_minor >= 0),
  pending_per_month_at         timestamptz,
  excluded_until               timestamptz,
  updated_at                   timestamptz not null,
  check (pending_per_day_minor is null or pending_per_day_at is not null),
  check (pending_per_week_minor is null or pending_per_week_at is not null),
  check (pending_per_month_minor is null or pending_per_month_at is not null)
);

-- What a limited user staked in a window: the stake of the positions opened since (opens and fills; a close
-- gives nothing back), summed from this index without reading a user's older history.
create index positions_user_opened on positions (user_id, opened_at) include (stake_minor);
