-- Completing or releasing a request's keys looks them up among the keys still in progress. Without an
-- index of its own the planner scanned every stored key of the tenant (bench:engine: 43 % of a batch
-- of 500 in the key completion, 35 ms per statement at 40,000 stored keys, growing with the 90 days
-- of keys kept). This one holds only the keys of requests in flight, so it stays tiny.
create index idempotency_keys_in_progress on idempotency_keys (tenant_id, environment, principal, operation, key)
  where state = 'in_progress';
