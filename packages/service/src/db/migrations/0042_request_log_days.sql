-- The request log by UTC day (docs/operations.md, "The request log"): each day's requests are a partition
-- of their own in the schema request_log_days, made by the service before it writes the day's first row
-- (domains/request-log/day-partitions.ts), and dropped whole once the whole day is older than the 14
-- days the log keeps. A drop writes nothing per row and leaves nothing for vacuum, where deleting each
-- expired row wrote as much WAL as inserting it; and the retention needs no index on `at` of its own.
--
-- The table as it was becomes the first partition, holding every row before tomorrow (UTC), so nothing
-- is copied: its key becomes the partitioned table's (the attach reads it once and builds that key:
-- about 1.4 s a million rows on PostgreSQL 15 here), it keeps its index on `at`, and its rows are
-- deleted one by one as they expire until the last of them has and it is dropped whole. Empty (a new
-- database), it is dropped at once.
create schema request_log_days;
alter table request_log set schema request_log_days;
alter table request_log_days.request_log rename to request_log_old;
alter table request_log_days.request_log_old drop constraint request_log_pkey;

create table request_log (
  request_id           uuid not null,
  tenant_id            uuid not null,
  environment          text not null,
  at                   timestamptz not null,
  method               text not null,
  route                text not null,
  path                 text not null,
  status               smallint not null,
  code                 text,
  idempotency_key      text,
  replayed             boolean not null,
  latency_ms           real not null,
  external_user_id     text,
  request_body         text,
  request_body_bytes   integer,
  response_body        text,
  response_body_bytes  integer,
  -- A partitioned table's key must hold its partition column; request ids are unique all the same.
  primary key (request_id, at)
) partition by range (at);
-- The same indexes as before but the one on `at` (the old table's stay, with their names, on it).
create index request_log_scope_at on request_log (tenant_id, environment, at desc, request_id desc);
create index request_log_user_at on request_log (tenant_id, environment, external_user_id, at desc, request_id desc)
  where external_user_id is not null;
create index request_log_code_at on request_log (code, at desc, request_id desc) where code is not null;

do $$
declare
  -- Tomorrow at 00:00 UTC, and as text that reads the same under any TimeZone and DateStyle.
  until timestamptz := (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC';
  bound text := to_char(until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
  day timestamp;
begin
  if not exists (select from request_log_days.request_log_old) then
    drop table request_log_days.request_log_old;
    return;
  end if;
  -- Rows dated tomorrow or later (a clock that ran ahead) go to days of their own, so that the old
  -- table's range ends tomorrow and the service makes every day after it.
  create temporary table later on commit drop as select * from request_log_days.request_log_old where at >= until;
  delete from request_log_days.request_log_old where at >= until;
  execute format(
    'alter table request_log attach partition request_log_days.request_log_old for values from (minvalue) to (%L)',
    bound);
  execute format('alter table request_log_days.request_log_old rename to %I',
    'until_' || to_char(until at time zone 'UTC', 'YYYYMMDD'));
  for day in select distinct date_trunc('day', at at time zone 'UTC') from later loop
    execute format('create table request_log_days.%I partition of request_log for values from (%L) to (%L)',
      'd' || to_char(day, 'YYYYMMDD'), to_char(day, 'YYYY-MM-DD"T00:00:00Z"'),
      to_char(day + interval '1 day', 'YYYY-MM-DD"T00:00:00Z"'));
  end loop;
  insert into request_log select * from later;
end $$;
