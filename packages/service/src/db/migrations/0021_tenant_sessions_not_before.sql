-- Widget session tokens are not stored, so a suspension reaches the ones already issued only through
-- the tenant's row: a token issued at or before the latest suspension's second (its iat counts whole
-- seconds) is refused from then on, also after a reactivation. Null: never suspended.
alter table tenants add column sessions_not_before timestamptz;
