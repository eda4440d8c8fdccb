-- A market's batch of trades claims its keys inside its own transaction (issue 12): a transaction-scoped
-- advisory lock per key stands for the reservation, and the key's stored row, if any, decides the answer
-- (idempotency/keys-in-transaction.ts). The read must come after the lock, in a snapshot taken after it:
-- a holder that committed just before we got its lock must be seen as done. In one plain statement the
-- snapshot is taken before the locks, so this function does both, one key at a time: each query of a
-- volatile function takes a fresh snapshot. One round trip for the batch's keys instead of two.
create function claim_idempotency_keys(
  p_lock_names text[],
  p_tenant_ids uuid[],
  p_environments text[],
  p_principals text[],
  p_operations text[],
  p_keys text[]
) returns table (
  item_n integer,
  got boolean,
  stored_hash bytea,
  stored_state text,
  stored_locked_until timestamptz,
  stored_created_at timestamptz,
  stored_status integer,
  stored_body text
) language plpgsql volatile as $$
begin
  for i in 1 .. coalesce(array_length(p_keys, 1), 0) loop
    item_n := i;
    got := pg_try_advisory_xact_lock(hashtextextended(p_lock_names[i], 0));
    stored_hash := null; stored_state := null; stored_locked_until := null;
    stored_created_at := null; stored_status := null; stored_body := null;
    if got then
      select k.request_hash, k.state, k.locked_until, k.created_at, k.response_status, k.response_body
        into stored_hash, stored_state, stored_locked_until, stored_created_at, stored_status, stored_body
        from idempotency_keys k
        where k.tenant_id = p_tenant_ids[i] and k.environment = p_environments[i]
          and k.principal = p_principals[i] and k.operation = p_operations[i] and k.key = p_keys[i];
    end if;
    return next;
  end loop;
end $$;
