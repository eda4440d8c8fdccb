import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import type { SyncRecord } from './model/compare.js';

/** A balance-sync request as reconciliation reads it: the model's record, and what names it to the operator. */
export interface EvidenceRecord extends SyncRecord {
  id: string;
  idempotencyKey: string;
}

/** A user of some tenant environment with the request that may speak for the operator's wallet. */
export interface UserEvidence {
  userId: string;
  tenantId: string;
  environment: Environment;
  externalUserId: string;
  /** The user's last request with a resulting_balance or refused as would_overdraw; null when none. */
  candidate: EvidenceRecord | null;
}

interface Row {
  user_id: string;
  tenant_id: string;
  environment: Environment;
  external_user_id: string;
  sync_id: string | null;
  seq: bigint | null;
  outcome: 'applied' | 'would_overdraw' | null;
  direction: 'credit' | 'debit' | null;
  amount_minor: bigint | null;
  resulting_balance_minor: bigint | null;
  ledger_balance_minor: bigint | null;
  idempotency_key: string | null;
}

/**
 * One page of users of every tenant environment, in id order after `afterUserId`, each with its
 * candidate request. The lateral subquery repeats the predicate of the partial index
 * balance_syncs_evidence (migration 0011), so each user costs one backward step on that index however
 * long its sync history; the model (compare.ts) stays the judge of what the candidate means.
 */
export function evidencePageQuery(afterUserId: string | null, limit: number) {
  return sql<Row>`
    select u.id as user_id, u.tenant_id, u.environment, u.external_user_id,
           e.id as sync_id, e.seq, e.outcome, e.direction, e.amount_minor, e.resulting_balance_minor,
           e.ledger_balance_minor, e.idempotency_key
    from users u
    left join lateral (
      select b.id, b.seq, b.outcome, b.direction, b.amount_minor, b.resulting_balance_minor,
             b.ledger_balance_minor, b.idempotency_key
      from balance_syncs b
      where b.user_id = u.id and (b.resulting_balance_minor is not null or b.outcome = 'would_overdraw')
      order by b.seq desc
      limit 1
    ) e on true
    ${afterUserId === null ? sql`` : sql`where u.id > ${afterUserId}`}
    order by u.id
    limit ${limit}`;
}

/** Runs evidencePageQuery: the page's users with their candidates. */
export async function readEvidencePage(
  db: Executor,
  afterUserId: string | null,
  limit: number,
): Promise<UserEvidence[]> {
  const { rows } = await evidencePageQuery(afterUserId, limit).execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    tenantId: r.tenant_id,
    environment: r.environment,
    externalUserId: r.external_user_id,
    candidate:
      r.sync_id === null
        ? null
        : {
            id: r.sync_id,
            idempotencyKey: r.idempotency_key!,
            seq: r.seq!,
            outcome: r.outcome!,
            direction: r.direction!,
            amount: r.amount_minor!,
            resultingBalance: r.resulting_balance_minor,
            ledgerBalance: r.ledger_balance_minor!,
          },
  }));
}
