-- The leaderboard's profit is computed in code from here on (domains/leaderboard/model/pnl.ts) and written
-- by its repo in the statement or transaction that ends or corrects positions (docs/architecture.md,
-- "Triggers"): a rule read in one place, and a close's buckets written in the round's one statement.
-- leaderboard_buckets keeps every row as it is: what the trigger summed so far is what the code adds to.
drop trigger positions_leaderboard on positions;
drop function leaderboard_buckets_apply();
drop function leaderboard_periods(timestamptz);
