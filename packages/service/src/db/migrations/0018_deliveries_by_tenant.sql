-- The tenant portal's webhooks screen reads an environment's latest deliveries: by
-- this index, backwards, instead of a scan of every tenant's deliveries and a sort.
create index webhook_deliveries_env_seq on webhook_deliveries (tenant_id, environment, event_seq);
