-- A batch reads each trader's open stake on the market (trading/batch/lock-traders.ts). With only
-- (market_id) to go by, the planner often took that index and filtered its rows by user: a lookup that
-- read every open position of a hot market for each trader (thousands, measured at 5 ms a batch). Keyed
-- on both, the same index still serves "every open position of a market" (settlement, its prefix) and
-- finds one trader's positions directly, whichever index the planner picks.
drop index positions_market_open;
create index positions_market_open on positions (market_id, user_id) where state = 'open';
