-- The panel's dead letters (issue 30): a bad night leaves tens of thousands of them, and the list, its
-- count and a bulk resend are filtered by tenant environment. This index reads one environment's dead
-- letters in event order (keyset pages) without walking every tenant's (webhook_deliveries_dead) or
-- every delivered row of the environment (webhook_deliveries_env_seq).
create index webhook_deliveries_dead_env on webhook_deliveries (tenant_id, environment, event_seq) where state = 'dead';
