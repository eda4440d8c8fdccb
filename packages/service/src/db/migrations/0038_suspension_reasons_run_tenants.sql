-- Two small facts the platform panel shows (docs/operations.md, "The platform panel").

-- A market's last suspend or reopen, who made it, when and why (docs/platform-api.md, "Markets"): one row
-- per market, replaced by each change in the change's own transaction, so a suspended market's page says
-- why it is suspended. The audit log keeps every change; this keeps the one in force. reason follows the
-- platform API's rule for it (1 to 500 characters; null: none given).
create table market_status_changes (
  market_id   uuid primary key references markets (id),
  action      text not null check (action in ('suspend', 'reopen')),
  reason      text check (char_length(reason) between 1 and 500),
  changed_by  text not null,
  changed_at  timestamptz not null
);

-- How many tenants a reconciliation run went through: the tenants with at least one user
-- (docs/operator-api.md, "Reconciliation"). Null for a run that has not finished, and for the runs before
-- this migration, which did not count them.
alter table reconciliation_runs add column tenants_checked bigint;
