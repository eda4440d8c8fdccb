import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { ENTRY_TYPE_BY_DIRECTION } from '../../packages/service/src/domains/sync/index.js';
import { parseAmount } from '../../packages/service/src/lib/money.js';
import { movementsFor, randomMovement, randomUsers, type Movement } from './movements.js';
import { SCRATCH, type ScratchTables } from './scratch-tables.js';

/*
 * What the ceilings send: each transaction is one string of statements, `begin; …; commit`, sent in one
 * round trip (the simple query protocol, values written into the text), so nothing of the client sits
 * between two statements while the transaction holds its row locks. Every statement is parsed and
 * planned anew, as the service's unnamed statements are.
 */

/** The SQL of the next transaction of loop `loop` (loops are the ceiling's clients, 0 …). */
export type NextTransaction = (loop: number) => string;

const lit = (text: string) => pg.escapeLiteral(text);
const transaction = (...statements: string[]) => ['begin', ...statements, 'commit'].join(';\n');
const signedMinor = (m: Movement) => (m.direction === 'credit' ? 1n : -1n) * parseAmount(m.amount)!;

/** One-row UPDATE transactions: `update … set n = n + 1` on the row `pick()` names (a market's lock). */
export function rowUpdates(pick: () => number): NextTransaction {
  return () => transaction(`update ${SCRATCH.rows} set n = n + 1 where id = ${pick()}`);
}

/**
 * The minimal statements of one balance sync on a random user: its key inserted already done with its
 * answer, the balance update, the ledger row (reading the new balance), one commit. No key lookup, lock
 * read, record row or second commit.
 */
export function minimalSyncs(scratch: ScratchTables, externalIds: readonly string[], nextKey: () => string) {
  return (): string => {
    const m = randomMovement(externalIds);
    const userId = lit(scratch.userIds.get(m.external_user_id)!);
    const amount = signedMinor(m);
    const transactionId = randomUUID();
    const answer = JSON.stringify({ transaction_id: transactionId, balance: '1000.00' });
    return transaction(
      `insert into ${SCRATCH.keys} (tenant_id, environment, principal, operation, key, request_hash, state, holder,
         locked_until, response_status, response_body, created_at)
       values (${lit(scratch.tenantId)}, 'sandbox', 'operator', 'balance_sync', ${lit(nextKey())},
         '\\x${randomBytes(32).toString('hex')}'::bytea, 'done', ${lit(randomUUID())}, now(), 200, ${lit(answer)}, now())`,
      `update ${SCRATCH.users} set balance_minor = balance_minor + ${amount}, updated_at = now() where id = ${userId}`,
      `insert into ${SCRATCH.ledger} (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor,
         created_at)
       select ${lit(transactionId)}, tenant_id, environment, id, ${lit(ENTRY_TYPE_BY_DIRECTION[m.direction])}, ${amount},
         balance_minor, now()
       from ${SCRATCH.users} where id = ${userId}`,
    );
  };
}

/**
 * A batch written set-based: one movement for each of `size` distinct users drawn at random from all of
 * `externalIds` (as the service's batch phase draws them, lib/batch-load.ts), random order. The users'
 * rows are locked first in id order (`select … order by id for update`, as the service locks a batch's
 * users), since concurrent batches share users and an UPDATE from a VALUES list locks in plan order and
 * could deadlock; then one UPDATE of all their balances from a VALUES list, one INSERT of all the ledger
 * rows from a VALUES list joined to the new balances, one commit.
 */
export function setBasedBatches(scratch: ScratchTables, externalIds: readonly string[], size: number): NextTransaction {
  return () => {
    const rows = movementsFor(randomUsers(externalIds, size)).map((m) => ({
      id: lit(randomUUID()),
      userId: lit(scratch.userIds.get(m.external_user_id)!),
      entryType: lit(ENTRY_TYPE_BY_DIRECTION[m.direction]),
      amount: signedMinor(m),
    }));
    const balances = rows.map((r) => `(${r.userId}::uuid, ${r.amount}::bigint)`).join(', ');
    const entries = rows
      .map((r) => `(${r.id}::uuid, ${r.userId}::uuid, ${r.entryType}, ${r.amount}::bigint)`)
      .join(', ');
    return transaction(
      `select id from ${SCRATCH.users} where id in (${rows.map((r) => `${r.userId}::uuid`).join(', ')})
       order by id for update`,
      `update ${SCRATCH.users} u set balance_minor = u.balance_minor + v.amount, updated_at = now()
       from (values ${balances}) as v(user_id, amount) where u.id = v.user_id`,
      `insert into ${SCRATCH.ledger} (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor,
         created_at)
       select v.id, u.tenant_id, u.environment, v.user_id, v.entry_type, v.amount, u.balance_minor, now()
       from (values ${entries}) as v(id, user_id, entry_type, amount) join ${SCRATCH.users} u on u.id = v.user_id`,
    );
  };
}
