-- Sandbox influence on shared markets (docs/operator-api.md, "Sandbox influence"): how far free sandbox
-- money may move a price that live users trade at.
--
-- sandbox_influence is the market's ε, from 0.001 to 0.05, or null for no bound. Shared markets that exist
-- get the default 0.01; sandbox test markets are not shared (only their owner's sandbox trades them) and
-- keep null.
--
-- q_sandbox holds, per outcome in ordinal order, the shares (1e-8 units, as positions.shares_units) that
-- open sandbox positions hold, every tenant's sandbox together. Whole numbers, kept as numeric so that a
-- sum of many bigint positions cannot overflow. Filled here from the positions open now.
alter table markets
  add column sandbox_influence numeric check (sandbox_influence between 0.001 and 0.05),
  add column q_sandbox numeric(40, 0)[];

update markets set sandbox_influence = 0.01 where owner_tenant_id is null;

update markets m set q_sandbox = (
  select array_agg(coalesce(held.units, 0) order by o.ordinal)
  from market_outcomes o
  left join (
    select p.outcome_id, sum(p.shares_units) as units
    from positions p
    where p.market_id = m.id and p.environment = 'sandbox' and p.state = 'open'
    group by p.outcome_id
  ) held on held.outcome_id = o.id
  where o.market_id = m.id
);

alter table markets alter column q_sandbox set not null;

-- The shares one sandbox tenant environment bought and sold on a market in the last 24 hours: its
-- positions opened since, and those closed since, summed by every engine round that trades there (index-only
-- scans, hence the included shares). Partial, so live trading pays nothing for them.
create index positions_sandbox_opened on positions (market_id, tenant_id, opened_at) include (shares_units)
  where environment = 'sandbox';
create index positions_sandbox_closed on positions (market_id, tenant_id, closed_at) include (shares_units)
  where environment = 'sandbox' and closed_at is not null;
