import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount } from '../src/lib/money.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';

/**
 * Random sequences of balance-sync commands against the running service, checked step by step against
 * a model of the balances (docs/operator-api.md, "Balance sync").
 */

interface Amount {
  text: string;
  minor: bigint;
}

interface Movement {
  user: number;
  direction: 'credit' | 'debit';
  amount: Amount;
}

interface SyncBody {
  external_user_id: string;
  direction: 'credit' | 'debit';
  amount: string;
}

/** A movement the service answered under its own key, alone or as a batch item. */
interface Answered {
  from: 'single' | 'batch';
  key: string;
  user: number;
  body: SyncBody;
  status: number;
  /** The answer's body as sent (for a batch item, its body re-serialised). */
  text: string;
}

type Sent =
  | { kind: 'single'; key: string; body: SyncBody; status: number; text: string }
  | { kind: 'batch'; key: string; items: (SyncBody & { idempotency_key: string })[]; status: number; text: string };

interface Model {
  users: string[];
  balances: bigint[];
  /** Ids of the transactions each user's accepted movements posted, in order. */
  transactions: string[][];
  sent: Sent[];
  answered: Answered[];
}

interface Real {
  service: TestService;
  tenant: TestTenant;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Amounts as an operator would send them: '12', '12.3' or '12.34', never zero. */
const amountArb: fc.Arbitrary<Amount> = fc
  .record({
    units: fc.integer({ min: 0, max: 120 }),
    decimals: fc.constantFrom(0, 1, 2),
    fraction: fc.integer({ min: 0, max: 99 }),
  })
  .map(({ units, decimals, fraction }) => {
    const digits = decimals === 0 ? '' : decimals === 1 ? String(fraction % 10) : String(fraction).padStart(2, '0');
    const cents = decimals === 0 ? 0 : decimals === 1 ? (fraction % 10) * 10 : fraction;
    return { text: digits === '' ? `${units}` : `${units}.${digits}`, minor: BigInt(units) * 100n + BigInt(cents) };
  })
  .filter((a) => a.minor > 0n);

const movementArb: fc.Arbitrary<Movement> = fc.record({
  user: fc.nat({ max: 2 }),
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amount: amountArb,
});

function bodyOf(model: Model, m: Movement): SyncBody {
  return { external_user_id: model.users[m.user % model.users.length]!, direction: m.direction, amount: m.amount.text };
}

/**
 * Checks one fresh movement's answer against the model and applies it there: a credit adds; a debit that
 * would go below zero is 409 would_overdraw and changes nothing.
 */
function expectApplied(model: Model, m: Movement, status: number, body: any): void {
  const user = m.user % model.users.length;
  const before = model.balances[user]!;
  const after = m.direction === 'credit' ? before + m.amount.minor : before - m.amount.minor;
  if (after < 0n) {
    expect(status, `debit of ${m.amount.text} from ${formatAmount(before)}`).toBe(409);
    expect(body.error).toBe('would_overdraw');
    return;
  }
  expect(status, `${m.direction} of ${m.amount.text} on ${formatAmount(before)}: ${JSON.stringify(body)}`).toBe(200);
  expect(body).toEqual({ transaction_id: expect.stringMatching(UUID), balance: formatAmount(after) });
  model.balances[user] = after;
  model.transactions[user]!.push(body.transaction_id);
}

async function expectBalance(real: Real, model: Model, user: number): Promise<void> {
  const id = model.users[user % model.users.length]!;
  const res = await real.service.api('sandbox', 'GET', `/v1/users/${id}`, { key: real.tenant.sandboxKey });
  expect(res.status).toBe(200);
  expect(res.json.balance, `balance of ${id}`).toBe(formatAmount(model.balances[user % model.users.length]!));
}

async function postBatch(real: Real, key: string, items: unknown[]): Promise<Response> {
  return real.service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
    key: real.tenant.sandboxKey,
    body: { items },
    idempotencyKey: key,
  });
}

class SingleCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly m: Movement) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const key = uniqueKey('single');
    const body = bodyOf(model, this.m);
    const res = await sync(real.service, real.tenant.sandboxKey, { ...body }, key);
    if (res.status !== 200) expectEnvelope(res, 'would_overdraw', 409);
    expectApplied(model, this.m, res.status, res.json);
    model.sent.push({ kind: 'single', key, body, status: res.status, text: res.text });
    model.answered.push({
      from: 'single',
      key,
      user: this.m.user % model.users.length,
      body,
      status: res.status,
      text: res.text,
    });
    await expectBalance(real, model, this.m.user);
  }
  toString = () => `single(${this.m.direction} ${this.m.amount.text} u${this.m.user})`;
}

class BatchCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly movements: Movement[]) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const key = uniqueKey('batch');
    const items = this.movements.map((m) => ({ idempotency_key: uniqueKey('item'), ...bodyOf(model, m) }));
    const res = await postBatch(real, key, items);
    expect(res.status, res.text).toBe(200);
    expect(res.json.results).toHaveLength(items.length);
    this.movements.forEach((m, i) => {
      const result = res.json.results[i];
      expectApplied(model, m, result.status, result.body);
      const { idempotency_key, ...body } = items[i]!;
      model.answered.push({
        from: 'batch',
        key: idempotency_key,
        user: m.user % model.users.length,
        body,
        status: result.status,
        text: JSON.stringify(result.body),
      });
    });
    model.sent.push({ kind: 'batch', key, items, status: res.status, text: res.text });
    for (const m of this.movements) await expectBalance(real, model, m.user);
  }
  toString = () => `batch(${this.movements.map((m) => `${m.direction} ${m.amount.text} u${m.user}`).join(', ')})`;
}

/** The same key and body again: the first answer, byte for byte, and nothing applied. */
class ReplayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.sent.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const before = [...model.balances];
    const earlier = model.sent[this.pick % model.sent.length]!;
    const res =
      earlier.kind === 'single'
        ? await sync(real.service, real.tenant.sandboxKey, { ...earlier.body }, earlier.key)
        : await postBatch(real, earlier.key, earlier.items);
    expect(res.status).toBe(earlier.status);
    expect(res.text).toBe(earlier.text);
    expect(model.balances).toEqual(before);
    for (let u = 0; u < model.users.length; u++) await expectBalance(real, model, u);
  }
  toString = () => `replay(#${this.pick})`;
}

/**
 * The same movement under the same key in the other form: a single request's movement as a batch item,
 * or a batch item as a single request. Both are one request (fingerprint.ts), so the first answer comes back.
 */
class CrossFormReplayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.answered.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const earlier = model.answered[this.pick % model.answered.length]!;
    if (earlier.from === 'single') {
      const res = await postBatch(real, uniqueKey('batch'), [{ idempotency_key: earlier.key, ...earlier.body }]);
      expect(res.status, res.text).toBe(200);
      expect(res.json.results[0].status).toBe(earlier.status);
      expect(JSON.stringify(res.json.results[0].body)).toBe(earlier.text);
    } else {
      const res = await sync(real.service, real.tenant.sandboxKey, { ...earlier.body }, earlier.key);
      expect(res.status).toBe(earlier.status);
      expect(res.text).toBe(earlier.text);
    }
    await expectBalance(real, model, earlier.user);
  }
  toString = () => `crossFormReplay(#${this.pick})`;
}

/** An earlier key with another amount: 422 idempotency_key_reused and nothing applied. */
class ReuseCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly amount: Amount,
    readonly form: 'single' | 'batch_item' | 'batch_key',
  ) {}
  check = (model: Readonly<Model>) => model.answered.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const other = (text: string): string => {
      const differs = this.amount.text !== text && this.amount.minor !== parseCents(text);
      return differs ? this.amount.text : formatAmount(parseCents(text) + 1n);
    };
    const batches = model.sent.filter((s) => s.kind === 'batch');
    if (this.form === 'batch_key' && batches.length > 0) {
      const earlier = batches[this.pick % batches.length]!;
      const items = earlier.items.map((item, i) => (i === 0 ? { ...item, amount: other(item.amount) } : item));
      const res = await postBatch(real, earlier.key, items);
      expectEnvelope(res, 'idempotency_key_reused', 422);
    } else {
      const earlier = model.answered[this.pick % model.answered.length]!;
      const body = { ...earlier.body, amount: other(earlier.body.amount) };
      if (this.form === 'single') {
        expectEnvelope(
          await sync(real.service, real.tenant.sandboxKey, body, earlier.key),
          'idempotency_key_reused',
          422,
        );
      } else {
        const res = await postBatch(real, uniqueKey('batch'), [{ idempotency_key: earlier.key, ...body }]);
        expect(res.status, res.text).toBe(200);
        expect(res.json.results).toHaveLength(1);
        expect(res.json.results[0].status).toBe(422);
        expect(res.json.results[0].body.error).toBe('idempotency_key_reused');
      }
    }
    for (let u = 0; u < model.users.length; u++) await expectBalance(real, model, u);
  }
  toString = () => `reuse(#${this.pick}, ${this.amount.text}, ${this.form})`;
}

/** Cents of a request amount, by plain string handling (the generator only makes valid texts). */
function parseCents(text: string): bigint {
  const [units, fraction = ''] = text.split('.');
  return BigInt(units!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

const commandsArb = fc.commands(
  [
    movementArb.map((m) => new SingleCommand(m)),
    fc.array(movementArb, { minLength: 1, maxLength: 5 }).map((ms) => new BatchCommand(ms)),
    fc.nat().map((pick) => new ReplayCommand(pick)),
    fc.nat().map((pick) => new CrossFormReplayCommand(pick)),
    fc
      .tuple(fc.nat(), amountArb, fc.constantFrom('single' as const, 'batch_item' as const, 'batch_key' as const))
      .map(([pick, amount, form]) => new ReuseCommand(pick, amount, form)),
  ],
  { maxCommands: 20, size: 'max' },
);

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

describe('balance sync against the model', () => {
  it('keeps every balance equal to the model and the ledger consistent over random command sequences', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 3 }), commandsArb, async (userCount, commands) => {
        runs += 1;
        const tenant = await createTenant(service);
        const users = Array.from({ length: userCount }, (_, i) => `user-${i}`);
        for (const id of users) await registerUser(service, tenant.sandboxKey, id);
        const model: Model = {
          users,
          balances: users.map(() => 0n),
          transactions: users.map(() => []),
          sent: [],
          answered: [],
        };
        const real: Real = { service, tenant };
        await fc.asyncModelRun(() => ({ model, real }), commands);

        for (let u = 0; u < users.length; u++) {
          await expectBalance(real, model, u);
          const list = await service.api('sandbox', 'GET', `/v1/transactions?external_user_id=${users[u]}&limit=500`, {
            key: tenant.sandboxKey,
          });
          expect(list.status).toBe(200);
          // Exactly the movements the model accepted, once each, in order: replays applied nothing again.
          expect(list.json.data.map((t: any) => t.id)).toEqual(model.transactions[u]);
        }
        await expectLedgerInvariant(service.db, tenant.tenantId);
      }),
      { numRuns: 15 },
    );
    expect(runs).toBeGreaterThanOrEqual(15);
  }, 300_000);
});
