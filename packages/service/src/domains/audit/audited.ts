import type { Result } from '../../errors/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { insertAuditEntry, selectAuditEntries, type AuditEntry, type AuditRecord } from './audit-repo.js';

/**
 * Runs a verb and records it in the audit log in the verb's own transaction: the entry exists exactly
 * when the change does, and a refused attempt is recorded with the refusal's code. A verb that throws
 * leaves neither (the transaction rolls back).
 */
export async function audited<C extends Ctx, T>(
  ctx: C,
  entry: AuditEntry,
  verb: (tx: C) => Promise<Result<T>>,
  /** What the result adds to the entry (the id of a key just issued, never the key). */
  detailsOf?: (value: T) => Record<string, unknown>,
): Promise<Result<T>> {
  return withTransaction(ctx, async (tx) => {
    const result = await verb(tx);
    const details = result.ok && detailsOf ? { ...entry.details, ...detailsOf(result.value) } : entry.details;
    await insertAuditEntry(tx.db, { ...entry, details }, result.ok ? 'done' : result.rejection.code, tx.now);
    return result;
  });
}

/** The audit log, newest first, a page at a time. */
export async function readAuditLog(ctx: Ctx, page: { before: bigint | null; limit: number }): Promise<AuditRecord[]> {
  return selectAuditEntries(ctx.db, page.before, page.limit);
}
