import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvidencePage } from '../src/domains/reconciliation/evidence-repo.js';
import { compare, evidenceOf, type SyncRecord, type Verdict } from '../src/domains/reconciliation/model/compare.js';
import { createTenant, registerUser, sync, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';

/**
 * The run's SQL fetches each user's candidate request and the model judges it: this checks, over
 * varied histories sent through the API, that the SQL picks the request the model's evidenceOf picks
 * from the user's whole history, and so that the verdict is the same.
 */
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startServiceOnOwnDatabase();
  tenant = await createTenant(service);
  const raised = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/rate-limits`, {
    balance_sync: 1_000_000,
  });
  expect(raised.status, raised.text).toBe(200);
});
afterAll(() => service?.stop());

const cents = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** A movement, and whether it travels alone or in a batch with its batched neighbours (one statement). */
const move = fc.record({
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amount: fc.integer({ min: 1, max: 5_000 }),
  resultingBalance: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null, freq: 2 }),
  batched: fc.boolean(),
});

type Move = typeof move extends fc.Arbitrary<infer T> ? T : never;

const bodyOf = (user: string, m: Move) => ({
  external_user_id: user,
  direction: m.direction,
  amount: cents(m.amount),
  ...(m.resultingBalance === null ? {} : { resulting_balance: cents(m.resultingBalance) }),
});

async function send(user: string, moves: Move[]): Promise<void> {
  for (let i = 0; i < moves.length;) {
    let end = i;
    while (end < moves.length && moves[end]!.batched) end += 1;
    const group = moves.slice(i, end);
    if (group.length === 0) {
      const res = await sync(service, tenant.sandboxKey, bodyOf(user, moves[i]!));
      expect([200, 409], res.text).toContain(res.status);
      i += 1;
      continue;
    }
    const items = group.map((m) => ({ idempotency_key: uniqueKey('item'), ...bodyOf(user, m) }));
    const res = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      body: { items },
      idempotencyKey: uniqueKey('batch'),
    });
    expect(res.status, res.text).toBe(200);
    i += group.length;
  }
}

async function historyOf(user: string): Promise<(SyncRecord & { id: string })[]> {
  const rows = await service.db
    .selectFrom('balance_syncs as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.seq', 'b.outcome', 'b.direction', 'b.amount_minor', 'b.resulting_balance_minor'])
    .select('b.ledger_balance_minor')
    .orderBy('b.seq')
    .where('u.tenant_id', '=', tenant.tenantId)
    .where('u.external_user_id', '=', user)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    outcome: r.outcome,
    direction: r.direction,
    amount: r.amount_minor,
    resultingBalance: r.resulting_balance_minor,
    ledgerBalance: r.ledger_balance_minor,
  }));
}

/** A verdict without the record object it names (the SQL's carries more fields than the history's). */
function judged(verdict: Verdict) {
  if (verdict.kind === 'unverifiable') return verdict;
  const { evidence, ...rest } = verdict;
  return { ...rest, seq: evidence.seq };
}

async function candidateOf(user: string) {
  for (let after: string | null = null; ;) {
    const page = await readEvidencePage(service.db, after, 100);
    const found = page.find((u) => u.tenantId === tenant.tenantId && u.externalUserId === user);
    if (found) return found.candidate;
    if (page.length < 100) throw new Error(`user ${user} not read`);
    after = page[page.length - 1]!.userId;
  }
}

describe('the evidence the run reads', () => {
  it('is the request the model picks from the whole history, over varied histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { maxLength: 12 }), async (moves) => {
        const user = uniqueKey('evidence');
        await registerUser(service, tenant.sandboxKey, user);
        await send(user, moves);
        const history = await historyOf(user);
        expect(history).toHaveLength(moves.length);
        const expected = evidenceOf(history);
        const candidate = await candidateOf(user);
        expect(candidate?.id ?? null).toBe(expected === null ? null : expected.id);
        expect(judged(compare(candidate === null ? [] : [candidate]))).toEqual(judged(compare(history)));
      }),
      { numRuns: 40 },
    );
  });
});
