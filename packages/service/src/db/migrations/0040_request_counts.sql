-- Requests counted per hour and rate-limit tier (docs/operations.md, "The request log"): every logged
-- request, the ones the log's buffer had to drop included, so the portal's figures of a day's use and of
-- 429s stay exact and cheap to read. Kept as long as the log (14 days).
create table request_counts (
  hour          timestamptz not null,
  tenant_id     uuid not null,
  environment   text not null,
  tier          text not null,
  requests      bigint not null,
  rate_limited  bigint not null,
  primary key (tenant_id, environment, hour, tier)
);
create index request_counts_hour on request_counts (hour);
