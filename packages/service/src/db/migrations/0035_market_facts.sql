-- Market facts (docs/platform-api.md, "Markets"; docs/operator-api.md, "Market feed").
--
-- rules and resolution_source are what the platform writes about a market: what resolves it and how, and
-- where the result comes from. Their rules (plain text, lengths, an https URL) are checked in
-- src/domains/markets/model/market-facts.ts; the checks here only keep the lengths a hand-typed UPDATE
-- could break. Null: not given.
alter table markets
  add column rules text check (char_length(rules) between 1 and 2000),
  add column resolution_source text check (char_length(resolution_source) between 1 and 300),
  add column resolved_at timestamptz;

-- resolved_at is when the market got the ending it has: its resolve or void, or the correction that
-- changed it since. Ended markets take it from their last market event (written at that moment to every
-- tenant environment that had the market); a market no tenant had sent none, and takes updated_at, which
-- the ending wrote (only a later PATCH moves it).
update markets m set resolved_at = ended.at
from (
  select e.data->>'market_slug' as slug, max(e.occurred_at) as at
  from events e
  where e.type in ('market.resolved', 'market.voided', 'market.resolution_corrected', 'market.void_corrected')
  group by 1
) ended
where ended.slug = m.slug and m.status in ('resolved', 'voided');
update markets set resolved_at = updated_at where status in ('resolved', 'voided') and resolved_at is null;

alter table markets add constraint markets_resolved_at check ((resolved_at is not null) = (status in ('resolved', 'voided')));

-- The feed's volume: the stake a tenant environment opened on each market of a page, summed from this index
-- alone (an index-only scan that reads no other tenant's or environment's positions). Opens and fills;
-- a close gives nothing back.
create index positions_market_env_stake on positions (market_id, tenant_id, environment) include (stake_minor);
