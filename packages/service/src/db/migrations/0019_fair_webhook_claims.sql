-- Fair webhook claims (issue 26): the delivery worker claims each tenant environment's own oldest due
-- deliveries, environment by environment, instead of the globally oldest rows. One environment's backlog
-- (a dead receiver, a settlement of 10,000 positions) then never hides another's due deliveries. This
-- index is the per-environment probe; the global one it replaces has no reader left.
create index webhook_deliveries_env_due on webhook_deliveries (tenant_id, environment, next_attempt_at)
  where state = 'pending';
drop index webhook_deliveries_due;

-- A delivery enqueued wakes the delivery worker at commit (the service LISTENs on this channel), so an
-- event does not wait for the worker's next poll while its slots are busy with a slow receiver. Most such
-- transactions already notify stream_changes, so this adds no commit serialisation of its own.
create or replace function events_enqueue_deliveries() returns trigger language plpgsql as $$
begin
  insert into webhook_deliveries (event_id, event_seq, tenant_id, environment, state, next_attempt_at, created_at)
  select e.id, e.seq, e.tenant_id, e.environment, 'pending', e.occurred_at, e.occurred_at
  from new_events e
  join tenant_environments te on te.tenant_id = e.tenant_id and te.environment = e.environment
  where te.webhook_url is not null;
  if found then perform pg_notify('webhook_deliveries', ''); end if;
  return null;
end $$;
