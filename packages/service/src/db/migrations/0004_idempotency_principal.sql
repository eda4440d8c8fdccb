-- Idempotency keys are scoped by principal as well: the operator's API-key requests
-- share one key space ('operator'), and each end user's session requests have their own ('user:<id>'),
-- so an end user can neither replay nor spoil another's key or the operator's.

alter table idempotency_keys add column principal text not null default 'operator';

-- Rows written before this migration recorded no principal. Opens and closes made with a session token
-- can be traced through the position their stored answer names (opened_via / closed_via 'session');
-- they move to that user's key space. Everything else stays with the operator: balance syncs only ever
-- came from API keys, and a session's limit-order keys cannot be told apart from the operator's (an
-- order does not record who placed it), so a user retrying an order key from before this migration
-- gets a new order rather than a replay.
update idempotency_keys k
set principal = 'user:' || u.external_user_id
from positions p
join users u on u.id = p.user_id
where k.state = 'done'
  and k.response_status between 200 and 299
  and k.operation in ('position_open', 'position_close')
  and p.id::text = (k.response_body::jsonb ->> 'id')
  and ((k.operation = 'position_open' and p.opened_via = 'session')
    or (k.operation = 'position_close' and p.closed_via = 'session'));

alter table idempotency_keys alter column principal drop default;
alter table idempotency_keys drop constraint idempotency_keys_pkey;
alter table idempotency_keys add primary key (tenant_id, environment, principal, operation, key);
