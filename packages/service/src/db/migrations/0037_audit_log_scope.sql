-- The audit log's tenant and environment (docs/operations.md, "The audit log"): each entry names the
-- tenant it changed (and the environment, where the change is one environment's), so the panel's log
-- filters by tenant on an index instead of reading every target. Null: a change of no one tenant (a
-- shared market, a kill switch) or one refused before its tenant was known.
--
-- No foreign key: the log keeps what was asked, a refusal about an unknown tenant id included.
alter table audit_log
  add column tenant_id uuid,
  add column environment text check (environment in ('sandbox', 'live'));

-- Entries written before: their target names the tenant for these actions (`<tenant id>` or
-- `<tenant id>/<environment or pause>`), and a portal staff member's name carries the session's scope.
update audit_log
set tenant_id = substring(target from 1 for 36)::uuid,
    environment = case when target ~ '/(sandbox|live)$' then substring(target from 38) end
where action in ('tenant.create', 'tenant.suspend', 'tenant.reactivate', 'api_key.issue', 'environment.update',
                 'environment.widget', 'webhook_secret.rotate', 'webhook.test', 'tenant_pause.set',
                 'portal_link.issue', 'portal.sign_in')
  and target ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(/[a-z_]+)?$';
update audit_log
set tenant_id = substring(who from '\(([0-9a-f-]{36})/(?:sandbox|live)\)$')::uuid,
    environment = substring(who from '\([0-9a-f-]{36}/(sandbox|live)\)$')
where tenant_id is null
  and who ~ '^portal:.* \([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(sandbox|live)\)$';

-- The page reads newest first (seq descending) within a tenant or an action.
create index audit_log_tenant_seq on audit_log (tenant_id, seq desc) where tenant_id is not null;
create index audit_log_action_seq on audit_log (action, seq desc);
