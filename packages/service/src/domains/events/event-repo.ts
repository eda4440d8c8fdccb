import type { Executor } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';

/** An event of spec 6.3 as the outbox stores it; occurred_at is the time of the state change. */
export interface NewEvent {
  scope: TenantEnv;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Writes events in the transaction of the state change they report (DESIGN.md part 5), so an event
 * exists exactly when its change committed. Delivery reads them from here.
 */
export async function recordEvents(tx: Executor, events: NewEvent[], occurredAt: Date): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('events')
    .values(
      events.map((e) => ({
        id: newId(),
        tenant_id: e.scope.tenantId,
        environment: e.scope.environment,
        type: e.type,
        occurred_at: occurredAt,
        data: JSON.stringify(e.data),
      })),
    )
    .execute();
}
