-- Kill switches say who changed them and why (issue 30): an incident's later reader needs both.
alter table kill_switches add column reason text, add column changed_by text;

-- One tenant's pause (both environments, keys kept): sync or positions, as the global switch of that name
-- but for this tenant alone. A row that was never set is not paused.
create table tenant_pauses (
  tenant_id   uuid not null references tenants (id),
  name        text not null check (name in ('sync', 'positions')),
  paused      boolean not null,
  reason      text,
  changed_by  text not null,
  updated_at  timestamptz not null,
  primary key (tenant_id, name)
);
create index tenant_pauses_paused on tenant_pauses (name, tenant_id) where paused;

-- Error answers, so the platform can find one by the request_id a ticket quotes. Written in batches,
-- capped per flush: under a flood only the first rows of each flush are kept here. No foreign key: a row
-- is written after the answer, never inside the request's transaction.
create table error_answers (
  request_id   text primary key,
  tenant_id    uuid,
  environment  text,
  code         text not null,
  status       smallint not null,
  method       text not null,
  route        text not null,
  at           timestamptz not null
);
create index error_answers_at on error_answers (at);

-- Every error answer counted per minute, the capped-out ones included, so the counts stay exact.
create table error_answer_counts (
  minute       timestamptz not null,
  environment  text,
  tenant_id    uuid,
  code         text not null,
  count        bigint not null,
  unique nulls not distinct (minute, environment, tenant_id, code)
);
create index error_answer_counts_minute on error_answer_counts (minute);
