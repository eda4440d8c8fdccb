-- Balance syncs in one round trip and one commit (issue 12, part 2). Until now a sync reserved its key
-- (a commit of its own, so a concurrent duplicate saw it in progress), then locked the user, posted,
-- recorded and stored its answer in a second transaction: about seven round trips, the user's row lock
-- held while Node computed between them. apply_balance_syncs does all of it inside the database, in the
-- caller's statement: the key's claim, the ledger rule, the ledger row, the balance, the balance_syncs
-- record and the stored answer commit together, or none of it does.
--
-- A key in flight is marked by a transaction-scoped advisory lock instead of a committed in_progress row:
-- a duplicate that fails to take it is really concurrent (409 idempotency_key_in_progress), and a crash
-- leaves nothing behind, since the lock ends with the transaction that held it. Each key held costs a
-- slot of PostgreSQL's lock table until the commit (docs/operator-api.md, Batch: a batch of 500 holds 500).
--
-- The answers are made in TypeScript (presenters and error envelopes stay there) with a placeholder
-- where the resulting balance goes; the function puts the balance in with format_amount, so the stored
-- bytes are exactly what the presenter gives (checked by test/balance-sync-function.test.ts).

-- An amount of minor units as the API writes it: two decimals, a minus when negative (lib/money.ts
-- formatAmount). numeric keeps every bigint exact; times 0.01 gives a scale of exactly 2.
create function format_amount(minor bigint) returns text
  language sql immutable strict parallel safe
  as $$ select (minor::numeric * 0.01)::text $$;

-- One movement as the service hands it over (domains/sync/sync-repo.ts): its key and request fingerprint,
-- the movement, the ids its rows get, and its two possible stored answers with the placeholder in them.
create type balance_sync_item as (
  key                text,
  request_hash       bytea,
  external_user_id   text,
  direction          text,
  entry_type         text,
  amount             bigint,
  resulting_balance  bigint,
  transaction_id     uuid,
  record_id          uuid,
  applied_status     integer,
  applied_body       text,
  overdrawn_status   integer,
  overdrawn_body     text
);

-- Applies the movements of p_items (a JSON array of balance_sync_item, distinct keys) in item order
-- under their keys of (p_tenant_id, p_environment, p_principal, p_operation), and answers each with one
-- row, item_n being its 1-based position:
--   busy          another transaction holds the key (a duplicate really in flight)
--   stored        the key's stored row decides (replay, reused or in progress: the stored_* columns,
--                 read by idempotency/model/claim.ts), nothing applied
--   answered      applied, or refused as would_overdraw (recorded, flagged); the answer is stored
--   unknown_user  no such user; nothing recorded, the key not spent
--   balance_limit the credit would pass the largest balance; nothing recorded, the key not spent
-- The rules are the ledger's post() (domains/ledger/model/balance.ts).
create function apply_balance_syncs(
  p_tenant_id uuid,
  p_environment text,
  p_principal text,
  p_operation text,
  p_now timestamptz,
  p_placeholder text,
  p_items jsonb
) returns table (
  item_n integer,
  outcome text,
  answer_status integer,
  answer_body text,
  stored_hash bytea,
  stored_state text,
  stored_locked_until timestamptz,
  stored_created_at timestamptz
) language plpgsql volatile as $$
declare
  max_balance constant bigint := 9223372036854775807;
  items balance_sync_item[];
  item balance_sync_item;
  claims text[];                -- per item: busy, stored, or work
  s_hash bytea[]; s_state text[]; s_status integer[]; s_body text[]; s_locked timestamptz[]; s_created timestamptz[];
  to_apply integer[];           -- the items to apply, in item order
  user_ids uuid[]; balances bigint[]; touched boolean[];   -- the locked users, in id order
  user_of integer[];            -- per work item: its user's position in user_ids, or null
  outcomes text[]; statuses integer[]; bodies text[];
  e_id uuid[]; e_user uuid[]; e_type text[]; e_amount bigint[]; e_after bigint[];
  r_id uuid[]; r_user uuid[]; r_key text[]; r_direction text[]; r_amount bigint[]; r_resulting bigint[];
  r_outcome text[]; r_tx uuid[]; r_ledger bigint[];
  k_key text[]; k_hash bytea[]; k_status integer[]; k_body text[];
  n integer; uix integer; balance bigint; written integer;
begin
  -- Each statement below must see what committed before it ran, above all the key rows read after
  -- their locks were taken; a snapshot held from the transaction's start would miss them.
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'apply_balance_syncs runs in read committed transactions only';
  end if;
  items := array(select jsonb_populate_record(null::balance_sync_item, e.value)
                 from jsonb_array_elements(p_items) with ordinality as e(value, ord) order by e.ord);
  if (select count(distinct i.key) from unnest(items) i) <> cardinality(items) then
    raise exception 'apply_balance_syncs takes distinct keys (a key repeated in a batch answers like its first use)';
  end if;

  -- 1. The keys' locks. Never waits, so no lock order is needed and a duplicate learns at once that the
  -- key is busy. The lock's name is the one trades use (idempotency/keys-in-transaction.ts lockName:
  -- the JSON array of the key's scope and the key), so one key is one lock whichever path claims it; a
  -- hash collision would only make two keys wait for each other.
  claims := array(
    select case when pg_try_advisory_xact_lock(hashtextextended(
                  '[' || to_json(p_tenant_id::text) || ',' || to_json(p_environment) || ',' || to_json(p_principal)
                  || ',' || to_json(p_operation) || ',' || to_json(i.key) || ']', 0)) then 'work' else 'busy' end
    from unnest(items) with ordinality as i order by ordinality);

  -- 2. The stored keys of the items held, read in a statement that began after their locks were taken.
  -- A key without a row, or with an in_progress row (of the reserve-first path in keyed-write.ts) whose
  -- lock has run out, is ours to apply: work and stored answer commit together, so such a row means
  -- nothing was applied.
  select array_agg(case when claims[i.n] = 'busy' then 'busy'
                        when k.key is null or (k.state = 'in_progress' and k.locked_until < p_now) then 'work'
                        else 'stored' end order by i.n),
         array_agg(k.request_hash order by i.n), array_agg(k.state order by i.n),
         array_agg(k.response_status order by i.n), array_agg(k.response_body order by i.n),
         array_agg(k.locked_until order by i.n), array_agg(k.created_at order by i.n)
  into claims, s_hash, s_state, s_status, s_body, s_locked, s_created
  from unnest(items) with ordinality as i(key, request_hash, external_user_id, direction, entry_type, amount,
         resulting_balance, transaction_id, record_id, applied_status, applied_body, overdrawn_status,
         overdrawn_body, n)
  -- One primary-key lookup per item: the limit keeps the subquery from being flattened into a join,
  -- which the cached plan of this statement once made a hash join over every stored key of the tenant
  -- (12 ms at 9,000 keys with stale statistics, growing with the 90 days of keys kept).
  left join lateral (
    select s.key, s.request_hash, s.state, s.response_status, s.response_body, s.locked_until, s.created_at
    from idempotency_keys s
    where claims[i.n] = 'work' and s.tenant_id = p_tenant_id and s.environment = p_environment
      and s.principal = p_principal and s.operation = p_operation and s.key = i.key
    limit 1
  ) k on true;
  to_apply := array(select g from generate_subscripts(claims, 1) g where claims[g] = 'work' order by g);

  -- 3. The users of the work, locked in id order: overlapping batches never deadlock (markets, then
  -- users, each in id order, in every transaction; a sync takes no market).
  with locked as materialized (
    select usr.id, usr.external_user_id, usr.balance_minor from users usr
    where usr.tenant_id = p_tenant_id and usr.environment = p_environment
      and usr.external_user_id = any(array(select (items[a]).external_user_id from unnest(to_apply) a))
    order by usr.id
    for update
  ), numbered as (
    select l.*, row_number() over (order by l.id)::integer as position from locked l
  )
  select (select array_agg(m.id order by m.position) from numbered m),
         (select array_agg(m.balance_minor order by m.position) from numbered m),
         (select array_agg(m.position order by a.ord)
          from unnest(to_apply) with ordinality as a(item_index, ord)
          left join numbered m on m.external_user_id = (items[a.item_index]).external_user_id)
  into user_ids, balances, user_of;
  touched := array_fill(false, array[coalesce(cardinality(user_ids), 0)]);

  -- 4. The ledger rule, one movement after another in item order, on the balances as they move.
  for j in 1 .. coalesce(cardinality(to_apply), 0) loop
    n := to_apply[j];
    item := items[n];
    uix := user_of[j];
    if uix is null then
      outcomes[n] := 'unknown_user';
      continue;
    end if;
    balance := balances[uix];
    if item.direction = 'credit' and item.amount > max_balance - balance then
      outcomes[n] := 'balance_limit';
      continue;
    end if;
    r_id := r_id || item.record_id;
    r_user := r_user || user_ids[uix];
    r_key := r_key || item.key;
    r_direction := r_direction || item.direction;
    r_amount := r_amount || item.amount;
    r_resulting := r_resulting || item.resulting_balance;
    k_key := k_key || item.key;
    k_hash := k_hash || item.request_hash;
    outcomes[n] := 'answered';
    if item.direction = 'debit' and item.amount > balance then
      -- Refused and recorded with the ledger balance of that moment, flagged for reconciliation.
      r_outcome := r_outcome || 'would_overdraw'::text;
      r_tx := r_tx || null::uuid;
      r_ledger := r_ledger || balance;
      statuses[n] := item.overdrawn_status;
      bodies[n] := replace(item.overdrawn_body, p_placeholder, format_amount(balance));
    else
      balance := balance + case item.direction when 'credit' then item.amount else -item.amount end;
      balances[uix] := balance;
      touched[uix] := true;
      e_id := e_id || item.transaction_id;
      e_user := e_user || user_ids[uix];
      e_type := e_type || item.entry_type;
      e_amount := e_amount || case item.direction when 'credit' then item.amount else -item.amount end;
      e_after := e_after || balance;
      r_outcome := r_outcome || 'applied'::text;
      r_tx := r_tx || item.transaction_id;
      r_ledger := r_ledger || balance;
      statuses[n] := item.applied_status;
      bodies[n] := replace(item.applied_body, p_placeholder, format_amount(balance));
    end if;
    k_status := k_status || statuses[n];
    k_body := k_body || bodies[n];
  end loop;

  -- 5. The writes, one statement per table. Rows go in item order: transactions.seq and balance_syncs.seq
  -- (reconciliation takes a user's last sync by seq) follow the order the movements were applied in.
  -- The statement triggers on transactions (the realtime change log) fire once for the whole call.
  if cardinality(e_id) > 0 then
    insert into transactions
      (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor, created_at)
    select e.id, p_tenant_id, p_environment, e.user_id, e.entry_type, e.amount, e.balance_after, p_now
    from unnest(e_id, e_user, e_type, e_amount, e_after) with ordinality
      as e(id, user_id, entry_type, amount, balance_after, ord)
    order by e.ord;
    update users set balance_minor = b.balance, updated_at = p_now
    from unnest(user_ids, balances, touched) as b(id, balance, touched)
    where b.touched and users.id = b.id;
  end if;
  if cardinality(r_id) > 0 then
    insert into balance_syncs
      (id, tenant_id, environment, user_id, idempotency_key, direction, amount_minor, resulting_balance_minor,
       outcome, transaction_id, ledger_balance_minor, flagged_for_reconciliation, created_at)
    select r.id, p_tenant_id, p_environment, r.user_id, r.key, r.direction, r.amount, r.resulting,
           r.outcome, r.tx, r.ledger, r.outcome = 'would_overdraw', p_now
    from unnest(r_id, r_user, r_key, r_direction, r_amount, r_resulting, r_outcome, r_tx, r_ledger) with ordinality
      as r(id, user_id, key, direction, amount, resulting, outcome, tx, ledger, ord)
    order by r.ord;
    -- Stored done at once, in the transaction of the work. The update takes over only a run-out
    -- in_progress row; anything else means another request got the key after step 2 (a process still
    -- on the reserve-first path, during an upgrade), and the whole call rolls back rather than apply
    -- a key twice.
    insert into idempotency_keys as k
      (tenant_id, environment, principal, operation, key, request_hash, state, holder, locked_until,
       response_status, response_body, created_at)
    select p_tenant_id, p_environment, p_principal, p_operation, s.key, s.hash, 'done', gen_random_uuid(), p_now,
           s.status, s.body, p_now
    from unnest(k_key, k_hash, k_status, k_body) as s(key, hash, status, body)
    on conflict (tenant_id, environment, principal, operation, key) do update
      set request_hash = excluded.request_hash, state = 'done', holder = excluded.holder,
          locked_until = excluded.locked_until, response_status = excluded.response_status,
          response_body = excluded.response_body, created_at = excluded.created_at
      where k.state = 'in_progress' and k.locked_until < p_now;
    get diagnostics written = row_count;
    if written <> cardinality(k_key) then
      raise exception 'an idempotency key was taken by another request while this one applied it; nothing applied';
    end if;
  end if;

  return query
    select g, case when claims[g] = 'work' then outcomes[g] else claims[g] end,
           case when claims[g] = 'stored' then s_status[g] else statuses[g] end,
           case when claims[g] = 'stored' then s_body[g] else bodies[g] end,
           s_hash[g], s_state[g], s_locked[g], s_created[g]
    from generate_subscripts(claims, 1) g
    order by g;
end $$;
