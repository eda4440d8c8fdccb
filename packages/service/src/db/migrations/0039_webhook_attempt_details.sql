-- What the portal's webhooks screen and the panel's event page show of each attempt (docs/operations.md,
-- "The tenant portal"): whether it was sent at all, and the headers it was sent with.

-- False for an attempt that was never sent: the environment had no webhook secret (nothing goes out
-- unsigned) or no webhook URL any more. It is no HTTP failure, and the success rate leaves it out.
-- Attempts before this migration: the worker recorded those two reasons as their error, with no status.
alter table webhook_attempts add column sent boolean not null default true;
update webhook_attempts set sent = false
where status_code is null and error in ('no webhook secret', 'no webhook_url');

-- The headers a sent attempt carried, signature included (an HMAC of the body: it reveals no secret).
-- Null for an attempt not sent, and for those before this migration. Never the secret itself.
alter table webhook_attempts add column request_headers jsonb;

-- The endpoint's health over the last 24 h reads one environment's deliveries attempted since then,
-- by this index, instead of every delivery the environment ever had.
create index webhook_deliveries_env_last_attempt on webhook_deliveries (tenant_id, environment, last_attempt_at)
  where last_attempt_at is not null;
