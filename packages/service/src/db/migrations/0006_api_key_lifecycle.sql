-- Key expiry and rotation with changeover (docs/platform-api.md,
-- "Tenants, keys, support, reconciliation"). An expired key is refused like a revoked one. A
-- rotation is a new key that names the key it replaces; both work until the changeover is
-- confirmed, which revokes the old key. At most one unconfirmed rotation per key.
alter table api_keys add column expires_at timestamptz;
alter table api_keys add column rotates_key_id uuid references api_keys (id);
create index api_keys_rotates on api_keys (rotates_key_id) where rotates_key_id is not null;
