-- The request log (docs/operations.md, "The request log"): every /v1 request of a tenant environment,
-- kept 14 days, for the operator's developers (the portal) and the platform team (the panel's search).
-- A diagnostic record, written in batches after the answer: no foreign key, never inside the request's
-- transaction. Bodies are kept for writes and error answers only, with secrets and tokens taken out, at
-- most 16 KB each (the *_bytes columns keep the full sizes).
create table request_log (
  request_id           uuid primary key,
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
  response_body_bytes  integer
);
-- The log's pages, newest first, by keyset (at, request_id); the other filters read along it.
create index request_log_scope_at on request_log (tenant_id, environment, at desc, request_id desc);
-- A user's requests, for the portal's user page and the log's user filter.
create index request_log_user_at on request_log (tenant_id, environment, external_user_id, at desc, request_id desc)
  where external_user_id is not null;
-- The retention's deletes, oldest first.
create index request_log_at on request_log (at);
