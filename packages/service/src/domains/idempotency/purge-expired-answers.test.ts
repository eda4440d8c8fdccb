import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.js';
import {
  createTenant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from '../../../test/helpers.js';
import { purgeExpiredAnswers } from './purge-expired-answers.js';

let service: TestService;
let tenant: TestTenant;
const clock = new FakeClock(new Date());

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('the replay window of balance sync', () => {
  it('replays for 90 days; after that the key is free again', async () => {
    await registerUser(service, tenant.sandboxKey, 'p-one');
    const key = uniqueKey();
    const body = { external_user_id: 'p-one', direction: 'credit', amount: '1.00' };
    const first = await sync(service, tenant.sandboxKey, body, key);
    clock.advance(89 * 86_400_000);
    await purgeExpiredAnswers(service.system());
    expect((await sync(service, tenant.sandboxKey, body, key)).text).toBe(first.text);
    clock.advance(2 * 86_400_000);
    expect(await purgeExpiredAnswers(service.system())).toBeGreaterThanOrEqual(1);
    const after = await sync(service, tenant.sandboxKey, body, key);
    expect(after.status).toBe(200);
    expect(after.json.transaction_id).not.toBe(first.json.transaction_id);
    expect(after.json.balance).toBe('2.00');
  });
});

describe('the purge job', () => {
  it('clears a backlog larger than one batch in one run', async () => {
    const old = new Date(clock.now().getTime() - 200 * 86_400_000);
    await sql`
      insert into idempotency_keys (tenant_id, environment, principal, operation, key, request_hash, state, holder,
                                    locked_until, response_status, response_body, created_at)
      select ${tenant.tenantId}, 'live', 'operator', 'balance_sync', 'backlog-' || i, '\\x00', 'done',
             gen_random_uuid(), ${old}, 200, '{}', ${old}
      from generate_series(1, 2500) i`.execute(service.db);
    expect(await purgeExpiredAnswers(service.system())).toBeGreaterThanOrEqual(2500);
    const left = await sql<{ n: string }>`
      select count(*) as n from idempotency_keys where tenant_id = ${tenant.tenantId} and key like 'backlog-%'`.execute(
      service.db,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
