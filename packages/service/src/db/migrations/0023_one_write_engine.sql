-- One write engine (issue 28): balance syncs go through the engine's rounds like every keyed write, their
-- rules in TypeScript (domains/sync/model/sync-rules.ts). The database function that restated them goes,
-- with its item type and its amount formatter. claim_idempotency_keys (0014) stays: it is the one claim.
drop function apply_balance_syncs(uuid, text, text, text, timestamptz, text, jsonb);
drop type balance_sync_item;
drop function format_amount(bigint);
