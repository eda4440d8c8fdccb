-- Webhook delivery and the event feed (GET /v1/events).

-- The feed's order. xact_id is the id of the transaction that wrote the event; the feed only shows
-- events whose transaction is older than the reader's snapshot xmin (pg_snapshot_xmin), i.e. whose
-- transaction has ended, committed or not, so no row with that xact_id can appear any more. Ordered by
-- (xact_id, seq), a page boundary is therefore final: an event never shows up behind a cursor already
-- handed out, which seq alone cannot promise (seq is taken at insert; a transaction that took a smaller
-- seq can commit after a reader has passed a bigger one). The order is transaction-start order, a
-- stable order of committed transactions, not the exact commit order; the price is that the feed lags
-- behind the oldest write transaction still running on the server.
-- Existing rows get the migration's own transaction id, so they keep their seq order.
alter table events add column xact_id xid8 not null default pg_current_xact_id();
create index events_env_xact on events (tenant_id, environment, xact_id, seq);

-- One delivery per event whose tenant environment had a webhook_url when the event was written. Its id
-- is the event's id (one event row per tenant environment): the body's id and X-Webhook-Delivery.
create table webhook_deliveries (
  event_id         uuid primary key references events (id),
  event_seq        bigint not null,
  tenant_id        uuid not null,
  environment      text not null,
  state            text not null check (state in ('pending', 'delivered', 'dead')),
  -- Attempts claimed so far (a claim is an attempt: a worker that dies after claiming may have sent it).
  attempts         integer not null default 0,
  -- attempts at the last resend from the dead letters: the retry schedule starts again from there.
  schedule_base    integer not null default 0,
  next_attempt_at  timestamptz,
  -- A claimed delivery is not claimed again before leased_until; only the holder of lease_token records it.
  leased_until     timestamptz,
  lease_token      uuid,
  last_attempt_at  timestamptz,
  last_status      integer,
  last_error       text,
  created_at       timestamptz not null,
  finished_at      timestamptz,
  check ((state = 'pending') = (next_attempt_at is not null)),
  check ((state = 'pending') = (finished_at is null))
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state = 'pending';
create index webhook_deliveries_dead on webhook_deliveries (event_seq) where state = 'dead';

-- Every attempt, for support: what was answered, how fast, and a short excerpt of the answer (a
-- receiver's body is never stored beyond ~256 bytes).
create table webhook_attempts (
  event_id          uuid not null references webhook_deliveries (event_id),
  attempt           integer not null,
  attempted_at      timestamptz not null,
  url               text,
  status_code       integer,
  error             text,
  latency_ms        integer not null,
  response_excerpt  text,
  primary key (event_id, attempt)
);

-- Enqueues deliveries in the transaction that writes the events, so a delivery exists exactly when its
-- event committed (no second write path to forget, no window where a crash loses one). One statement
-- per insert into events, however many rows it has.
create function events_enqueue_deliveries() returns trigger language plpgsql as $$
begin
  insert into webhook_deliveries (event_id, event_seq, tenant_id, environment, state, next_attempt_at, created_at)
  select e.id, e.seq, e.tenant_id, e.environment, 'pending', e.occurred_at, e.occurred_at
  from new_events e
  join tenant_environments te on te.tenant_id = e.tenant_id and te.environment = e.environment
  where te.webhook_url is not null;
  return null;
end $$;
create trigger events_enqueue_deliveries after insert on events
  referencing new table as new_events
  for each statement execute function events_enqueue_deliveries();
