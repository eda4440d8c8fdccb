-- The realtime stream's change log (GET /v1/widget/stream): one row per price change of
-- a market, per user whose balance moved, per position written. A row names what changed, never the new
-- state: a stream reads the current state when it sends, so a duplicate is harmless and only a gap is not.
--
-- The order is the event feed's (migration 0003): (xact_id, seq), read only below the reader's snapshot
-- xmin, where no row can appear any more. A stream's Last-Event-ID is such a position, so a reconnect
-- resumes exactly after what it had, whichever process it reaches.
create table stream_changes (
  xact_id      xid8 not null default pg_current_xact_id(),
  seq          bigint generated always as identity,
  kind         text not null check (kind in ('prices', 'balance', 'position')),
  market_id    uuid,
  user_id      uuid,
  position_id  uuid,
  created_at   timestamptz not null default now(),
  primary key (xact_id, seq),
  check ((kind = 'prices') = (market_id is not null)),
  check ((kind = 'prices') = (user_id is null)),
  check ((kind = 'position') = (position_id is not null))
);
-- A resuming stream reads only its own markets and user.
create index stream_changes_market on stream_changes (market_id, xact_id, seq) where market_id is not null;
create index stream_changes_user on stream_changes (user_id, xact_id, seq) where user_id is not null;
-- The purge job deletes by age.
create index stream_changes_created on stream_changes (created_at);

-- The greatest position the purge has deleted (one row). A Last-Event-ID below it may have lost rows
-- after it, so that stream starts afresh instead of resuming with a gap.
create table stream_changes_purged (
  id       boolean primary key default true check (id),
  xact_id  xid8 not null,
  seq      bigint not null
);
insert into stream_changes_purged (xact_id, seq) values ('0'::xid8, 0);

-- Statement-level triggers (one per event: transition tables allow no more) fill the log in the
-- transaction of the change, so no write path can forget it; set-based, so a settlement of 10,000
-- positions adds one statement, not 10,000. Each also notifies the listening processes. PostgreSQL sends
-- a transaction's notifications only on commit and folds identical ones into one. The price: notifying
-- commits are serialised cluster-wide (PostgreSQL holds a global lock from pre-commit to the commit's
-- end); this machine measured ~5,000 notifying commits/s against ~12,900 plain ones (docs/operator-api.md, Realtime stream).
create function stream_changes_balances() returns trigger language plpgsql as $$
begin
  insert into stream_changes (kind, user_id) select distinct 'balance', user_id from new_transactions;
  if found then perform pg_notify('stream_changes', ''); end if;
  return null;
end $$;
create trigger transactions_stream_changes after insert on transactions
  referencing new table as new_transactions
  for each statement execute function stream_changes_balances();

create function stream_changes_positions() returns trigger language plpgsql as $$
begin
  insert into stream_changes (kind, user_id, position_id) select 'position', user_id, id from new_positions;
  if found then perform pg_notify('stream_changes', ''); end if;
  return null;
end $$;
create trigger positions_insert_stream_changes after insert on positions
  referencing new table as new_positions
  for each statement execute function stream_changes_positions();
create trigger positions_update_stream_changes after update on positions
  referencing new table as new_positions
  for each statement execute function stream_changes_positions();

-- A market's snapshot changes with q (trades); its status and resolution are what a widget shows next to it.
create function stream_changes_prices() returns trigger language plpgsql as $$
begin
  insert into stream_changes (kind, market_id)
  select 'prices', n.id from new_markets n join old_markets o on o.id = n.id
  where n.q is distinct from o.q or n.status is distinct from o.status
     or n.resolved_outcome_id is distinct from o.resolved_outcome_id;
  if found then perform pg_notify('stream_changes', ''); end if;
  return null;
end $$;
create trigger markets_stream_changes after update on markets
  referencing old table as old_markets new table as new_markets
  for each statement execute function stream_changes_prices();
