-- Each process caches the API keys it has seen (domains/api-keys/key-cache.ts), so it
-- must hear of every change that alters what a request with a key may do: a key revoked (by hand, by a
-- rotation's confirmation, by a suspension or go-live), its expiry, scopes or environment changed, a tenant
-- suspended or reactivated, either row deleted. Triggers rather than notifications from the repos, so no
-- write path (today's verbs, a later one, a hand-run UPDATE) can forget. PostgreSQL sends them only on
-- commit, and folds identical ones of one transaction into one.
--
-- Payloads: 'key:<api_keys.id>' and 'tenant:<tenants.id>'. Keys and tenants change rarely, so the cost of
-- notifying commits (serialised cluster-wide, see 0009) is not felt.
create function api_keys_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('api_key_changes', 'key:' || old.id);
  return null;
end $$;
create trigger api_keys_update_notify after update on api_keys
  for each row
  when ((old.revoked_at, old.expires_at, old.scopes, old.environment, old.tenant_id, old.key_hash)
        is distinct from (new.revoked_at, new.expires_at, new.scopes, new.environment, new.tenant_id, new.key_hash))
  execute function api_keys_notify();
create trigger api_keys_delete_notify after delete on api_keys
  for each row execute function api_keys_notify();

create function tenants_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('api_key_changes', 'tenant:' || old.id);
  return null;
end $$;
create trigger tenants_update_notify after update on tenants
  for each row when (old.status is distinct from new.status)
  execute function tenants_notify();
create trigger tenants_delete_notify after delete on tenants
  for each row execute function tenants_notify();
