-- Sandbox test markets: a market a tenant creates for itself through its sandbox key.
-- owner_tenant_id names that tenant; null is a shared market of the platform. A test market is enabled for
-- its owner only (the trigger refuses any other tenant, whoever asks) and shows in the sandbox only.
alter table markets add column owner_tenant_id uuid references tenants (id);
create index markets_owner_tenant on markets (owner_tenant_id, slug) where owner_tenant_id is not null;

create function tenant_markets_owner_only() returns trigger language plpgsql as $$
begin
  if exists (select 1 from markets m
             where m.id = new.market_id and m.owner_tenant_id is not null and m.owner_tenant_id <> new.tenant_id) then
    raise exception 'market % is a sandbox test market of another tenant', new.market_id
      using errcode = 'check_violation';
  end if;
  return new;
end $$;

create trigger tenant_markets_owner_only before insert or update on tenant_markets
  for each row execute function tenant_markets_owner_only();
