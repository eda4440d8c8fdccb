import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayPrices, formatPrice, parsePrice, quoteClose, quoteOpen } from '../src/domains/markets/model/quotes.js';
import { FakeClock } from '../src/lib/clock.js';
import { formatAmount } from '../src/lib/money.js';
import {
  createTenant,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, type TestMarket } from './trading-helpers.js';
import {
  balanceOf,
  lastSeqOf,
  ledgerOf,
  openBody,
  postBatch,
  postClose,
  postOpen,
  postSync,
  qOf,
  raiseLimits,
} from './engine-helpers.js';

/**
 * Concurrent commands on several markets and users against a one-at-a-time reference (issue 28: "each
 * request gets exactly the answer it would have had alone in arrival order").
 *
 * Arrival order over HTTP cannot be fixed from outside, so the property is the strongest one that can be
 * checked without it: there is ONE sequential order of all the commands in which a one-at-a-time run gives
 * every answer exactly as the server gave it, and leaves exactly the server's final state. It is built from
 * what the server wrote, not guessed:
 *
 * - Every command that succeeded wrote exactly one ledger row (a sync's transaction_id, an open's
 *   open_transaction_id, a close's settlement_transaction_id), and the ledger has no other row since the
 *   setup: nothing lost, nothing doubled. The ledger's seq is the order the server applied them in. The
 *   reference replays the successes in that order from the state after the setup; each must succeed in the
 *   reference too, with the same fields (balance, stake, shares, price, payout, close price).
 *   Commands on different users and markets commute, so seq need only order each user's and each market's
 *   commands truly; a seq order that disagrees with how the server priced or posted them fails here.
 * - A refused command changes nothing, so it can stand anywhere in that order without moving
 *   the others: each refusal must be exactly the refusal (status, code, details, and the message where it
 *   carries a figure: the balance, the price, what still fits) that the reference gives at SOME point of
 *   the success sequence.
 * - Afterwards: balances (GET /v1/users), each market's q (exactly, as stored) and its prices (GET
 *   /v1/markets/{slug}), each position (GET /v1/positions/{id}) equal the reference's; the ledger
 *   invariant holds; and every spent key replays its answer byte for byte with nothing applied again.
 */

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
/** A second process on the same database: some runs split their requests between the two. */
let second: TestService;

beforeAll(async () => {
  service = await startTestService({ clock });
  second = await startTestService({ clock });
});
afterAll(async () => {
  await second?.stop();
  await service?.stop();
});

const USERS = 4;
const MARKETS = 3;

// --- the commands --------------------------------------------------------------------------------------

type Command =
  | { kind: 'open'; user: number; market: number; outcome: number; stake: bigint; maxPrice: string }
  | { kind: 'close'; position: number; minPrice: string }
  | { kind: 'sync'; user: number; direction: 'credit' | 'debit'; amount: bigint };

/** One HTTP request: one command, or a batch of syncs (each item its own command). */
type Request = { kind: 'single'; command: Command } | { kind: 'batch'; items: (Command & { kind: 'sync' })[] };

const cents = (min: number, max: number) => fc.integer({ min, max }).map(BigInt);

const openArb: fc.Arbitrary<Command> = fc.record({
  kind: fc.constant('open' as const),
  // USERS names a user never registered; MARKETS a slug no market has.
  user: fc.oneof({ weight: 9, arbitrary: fc.nat({ max: USERS - 1 }) }, { weight: 1, arbitrary: fc.constant(USERS) }),
  market: fc.oneof(
    { weight: 9, arbitrary: fc.nat({ max: MARKETS - 1 }) },
    { weight: 1, arbitrary: fc.constant(MARKETS) },
  ),
  outcome: fc.nat({ max: 1 }),
  // Caps are 50.00 a position and 80.00 a user on a market: some stakes exceed one or the other.
  stake: fc.oneof({ weight: 4, arbitrary: cents(100, 3_500) }, { weight: 1, arbitrary: cents(3_501, 6_000) }),
  maxPrice: fc.constantFrom('1', '1', '1', '0.9', '0.6', '0.56', '0.53', '0.5', '0.01'),
});

const closeArb: fc.Arbitrary<Command> = fc.record({
  kind: fc.constant('close' as const),
  position: fc.nat({ max: 2 }),
  minPrice: fc.constantFrom('0', '0.3', '0.45', '0.5', '0.55', '0.99'),
});

const syncArb = fc.record({
  kind: fc.constant('sync' as const),
  user: fc.nat({ max: USERS - 1 }),
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amount: cents(1, 9_000),
});

const requestArb: fc.Arbitrary<Request> = fc.oneof(
  { weight: 5, arbitrary: openArb.map((command) => ({ kind: 'single' as const, command })) },
  { weight: 2, arbitrary: closeArb.map((command) => ({ kind: 'single' as const, command })) },
  { weight: 3, arbitrary: syncArb.map((command) => ({ kind: 'single' as const, command })) },
  {
    weight: 1,
    arbitrary: fc.array(syncArb, { minLength: 1, maxLength: 3 }).map((items) => ({ kind: 'batch' as const, items })),
  },
);

const scenarioArb = fc.record({
  balances: fc.array(cents(0, 15_000), { minLength: USERS, maxLength: USERS }),
  /** The positions the concurrent closes aim at, opened one at a time first: [user, outcome, stake]. */
  preOpened: fc.array(fc.tuple(fc.nat({ max: USERS - 1 }), fc.nat({ max: 1 }), cents(100, 2_000)), {
    minLength: 3,
    maxLength: 3,
  }),
  requests: fc.array(requestArb, { minLength: 8, maxLength: 24 }),
  /** Every other request goes to the second process: their rounds then contend for the same rows. */
  twoProcesses: fc.boolean(),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

// --- the one-at-a-time reference ----------------------------------------------------------------------

interface RefMarket {
  slug: string;
  outcomes: string[];
  b: number;
  q: number[];
}

interface RefPosition {
  id: string;
  user: string;
  slug: string;
  outcome: number;
  stake: bigint;
  shares: bigint;
  priceMicro: bigint;
  openTransactionId: string;
  state: 'open' | 'closed';
}

interface State {
  balances: Map<string, bigint>;
  /** Open stake per `${user} ${slug}`: what the per-user cap counts. */
  openStake: Map<string, bigint>;
  markets: Map<string, RefMarket>;
  positions: Map<string, RefPosition>;
}

const clone = (s: State): State => structuredClone(s);

const MAX_PER_POSITION = 5_000n;
const MAX_PER_USER = 8_000n;

/** What the reference says of a command: an answer and how it changes the state, or a refusal. */
type Verdict =
  | { ok: true; status: number; fields: Record<string, unknown>; apply(s: State, answer: any): void }
  | { ok: false; status: number; error: string; message?: string; details?: Record<string, unknown> };

const refuse = (status: number, error: string, message?: string, details?: Record<string, unknown>): Verdict => ({
  ok: false,
  status,
  error,
  message,
  details,
});

function formatShares(units: bigint): string {
  return `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`;
}

interface Names {
  users: string[];
  slugs: string[];
  outcomeIds: string[][];
  positionIds: string[];
}

/**
 * The open's rules (docs/operator-api.md, "Positions"), in openRules' order: market and outcome, user, caps, quote,
 * balance, price.
 */
/** The field a rule's validation_failed names in details.issues (its words are not compared). */
const issueAt = (location: string, field: string) => ({ issues: [{ location, path: `/${field}` }] });

function judgeOpen(s: State, names: Names, c: Command & { kind: 'open' }): Verdict {
  const slug = names.slugs[c.market]!;
  const market = s.markets.get(slug);
  if (!market) return refuse(400, 'validation_failed', undefined, issueAt('body', 'market_slug'));
  const user = names.users[c.user]!;
  const balance = s.balances.get(user);
  if (balance === undefined) return refuse(404, 'unknown_user', `No user "${user}" is registered.`);
  const openStake = s.openStake.get(`${user} ${slug}`) ?? 0n;
  const room = MAX_PER_USER - openStake;
  const fits = room < MAX_PER_POSITION ? room : MAX_PER_POSITION;
  if (c.stake > fits) {
    const remaining = formatAmount(fits > 0n ? fits : 0n);
    return refuse(409, 'stake_limit_exceeded', `The stake is above what fits; at most ${remaining} fits now.`, {
      remaining,
    });
  }
  const quote = quoteOpen(market.q, market.b, c.outcome, c.stake);
  if (!quote.ok) return refuse(400, 'validation_failed', undefined, issueAt('body', 'stake'));
  if (balance - c.stake < 0n) {
    return refuse(
      409,
      'would_overdraw',
      `The stake is above the balance of ${formatAmount(balance)}; nothing was applied.`,
    );
  }
  if (quote.priceMicro > parsePrice(c.maxPrice)!) {
    const moved = formatPrice(quote.priceMicro);
    return refuse(
      409,
      'price_moved',
      `The price moved to ${moved}; nothing was applied. Re-quote and retry with a new key.`,
    );
  }
  return {
    ok: true,
    status: 201,
    fields: {
      external_user_id: user,
      market_slug: slug,
      outcome_id: market.outcomes[c.outcome],
      state: 'open',
      stake: formatAmount(c.stake),
      shares: formatShares(quote.shares),
      price: formatPrice(quote.priceMicro),
      payout: null,
      close_price: null,
      settlement_transaction_id: null,
      closed_at: null,
      settled_at: null,
    },
    apply(next, answer) {
      next.balances.set(user, next.balances.get(user)! - c.stake);
      next.openStake.set(`${user} ${slug}`, (next.openStake.get(`${user} ${slug}`) ?? 0n) + c.stake);
      next.markets.get(slug)!.q = quote.qAfter;
      next.positions.set(answer.id, {
        id: answer.id,
        user,
        slug,
        outcome: c.outcome,
        stake: c.stake,
        shares: quote.shares,
        priceMicro: quote.priceMicro,
        openTransactionId: answer.open_transaction_id,
        state: 'open',
      });
    },
  };
}

/** A close (docs/operator-api.md, "Positions"): open position, quote, close price against min_price. */
function judgeClose(s: State, names: Names, c: Command & { kind: 'close' }): Verdict {
  const position = s.positions.get(names.positionIds[c.position]!)!;
  if (position.state !== 'open') {
    return refuse(409, 'position_terminal', `The position is ${position.state}; only an open position can be closed.`);
  }
  const market = s.markets.get(position.slug)!;
  const quote = quoteClose(market.q, market.b, position.outcome, position.shares);
  if (!quote.ok) {
    const details = quote.code === 'proceeds_too_small' ? { reason: quote.code } : issueAt('params', 'id');
    return refuse(400, 'validation_failed', undefined, details);
  }
  if (quote.closePriceMicro < parsePrice(c.minPrice)!) {
    const moved = formatPrice(quote.closePriceMicro);
    return refuse(
      409,
      'price_moved',
      `The price moved to ${moved}; nothing was applied. Re-quote and retry with a new key.`,
    );
  }
  return {
    ok: true,
    status: 200,
    fields: {
      id: position.id,
      external_user_id: position.user,
      market_slug: position.slug,
      outcome_id: market.outcomes[position.outcome],
      state: 'closed',
      stake: formatAmount(position.stake),
      shares: formatShares(position.shares),
      price: formatPrice(position.priceMicro),
      payout: formatAmount(quote.proceedsMinor),
      close_price: formatPrice(quote.closePriceMicro),
      open_transaction_id: position.openTransactionId,
      settled_at: null,
    },
    apply(next) {
      next.balances.set(position.user, next.balances.get(position.user)! + quote.proceedsMinor);
      const key = `${position.user} ${position.slug}`;
      next.openStake.set(key, next.openStake.get(key)! - position.stake);
      next.markets.get(position.slug)!.q = quote.qAfter;
      next.positions.get(position.id)!.state = 'closed';
    },
  };
}

/** Balance sync (docs/operator-api.md, "Balance sync"): a credit adds; a debit below zero is would_overdraw. */
function judgeSync(s: State, names: Names, c: Command & { kind: 'sync' }): Verdict {
  const user = names.users[c.user]!;
  const balance = s.balances.get(user)!;
  const after = c.direction === 'credit' ? balance + c.amount : balance - c.amount;
  if (after < 0n) {
    const message = `The debit of ${formatAmount(c.amount)} would take the balance of ${formatAmount(balance)} below zero; nothing was applied.`;
    return refuse(409, 'would_overdraw', message);
  }
  return {
    ok: true,
    status: 200,
    fields: { balance: formatAmount(after) },
    apply: (next) => next.balances.set(user, after),
  };
}

function judge(s: State, names: Names, c: Command): Verdict {
  if (c.kind === 'open') return judgeOpen(s, names, c);
  if (c.kind === 'close') return judgeClose(s, names, c);
  return judgeSync(s, names, c);
}

/** Whether an answer is the verdict; for a refusal the code, details and (when the reference words it) message. */
function agrees(verdict: Verdict, answer: { status: number; json: any }): boolean {
  if (answer.status !== verdict.status) return false;
  if (verdict.ok) return Object.entries(verdict.fields).every(([k, v]) => answer.json?.[k] === v);
  if (answer.json?.error !== verdict.error) return false;
  if (verdict.message !== undefined && answer.json.message !== verdict.message) return false;
  return JSON.stringify(withoutIssueWords(answer.json.details)) === JSON.stringify(verdict.details ?? null);
}

/** Details as the reference words them: each issue's place, not its message. */
function withoutIssueWords(details: any): unknown {
  if (!details?.issues) return details ?? null;
  return { ...details, issues: details.issues.map((i: any) => ({ location: i.location, path: i.path })) };
}

/** The ledger row a successful command wrote, named by its answer. */
function transactionOf(c: Command, json: any): string {
  if (c.kind === 'open') return json.open_transaction_id;
  if (c.kind === 'close') return json.settlement_transaction_id;
  return json.transaction_id;
}

function describeCommand(c: Command, names: Names): string {
  if (c.kind === 'open')
    return `open ${names.users[c.user]} ${names.slugs[c.market]}#${c.outcome} stake ${formatAmount(c.stake)} max ${c.maxPrice}`;
  if (c.kind === 'close') return `close ${names.positionIds[c.position]} min ${c.minPrice}`;
  return `sync ${c.direction} ${formatAmount(c.amount)} ${names.users[c.user]}`;
}

interface ReplayContext {
  names: Names;
  ledger: Awaited<ReturnType<typeof ledgerOf>>;
  seqOf(s: Sent): number;
  refusals: Sent[];
  report(): string;
}

const showVerdict = (v: Verdict) =>
  JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : typeof x === 'function' ? undefined : x));

/**
 * Replays the successes one at a time in `order` from `start`: each must be the reference's answer at its
 * turn, with its ledger row's amount and balance_after; then each refusal must be the reference's answer
 * at some point of that sequence (a refusal changes nothing, so it may stand anywhere). The first
 * disagreement, worded, or null; and the state the replay ends in.
 */
function replayInOrder(start: State, order: Sent[], c: ReplayContext): { failure: string | null; state: State } {
  const snapshots: State[] = [clone(start)];
  let state = clone(start);
  for (const [k, s] of order.entries()) {
    const verdict = judge(state, c.names, s.command);
    const where = () =>
      `success #${k} in this order: ${describeCommand(s.command, c.names)}\nreference: ${showVerdict(verdict)}\ngot: ${s.status} ${s.text}\nall answers:\n${c.report()}`;
    if (!verdict.ok || !agrees(verdict, s)) return { failure: where(), state };
    const row = c.ledger[c.seqOf(s)]!;
    const user = s.command.kind === 'close' ? s.json.external_user_id : c.names.users[s.command.user];
    const next = clone(state);
    verdict.apply(next, s.json);
    if (row.external_user_id !== user)
      return { failure: `${where()}\nits ledger row is ${row.external_user_id}'s`, state };
    if (row.amount_minor !== next.balances.get(user)! - state.balances.get(user)!)
      return { failure: `${where()}\nits ledger amount is ${row.amount_minor}`, state };
    if (row.balance_after_minor !== next.balances.get(user)!)
      return { failure: `${where()}\nits ledger balance_after is ${row.balance_after_minor}`, state };
    state = next;
    snapshots.push(clone(state));
  }
  for (const s of c.refusals) {
    const verdicts = snapshots.map((snapshot) => judge(snapshot, c.names, s.command));
    if (verdicts.some((v) => !v.ok && agrees(v, s))) continue;
    const seen = verdicts.map((v) =>
      v.ok ? `${v.status}` : `${v.status} ${v.error} ${v.message ?? ''} ${JSON.stringify(v.details ?? null)}`,
    );
    const failure = `refusal of ${describeCommand(s.command, c.names)}: got ${s.status} ${s.text}\nthe reference at each point: ${seen.join(' | ')}\nall answers:\n${c.report()}`;
    return { failure, state };
  }
  return { failure: null, state };
}

/**
 * An order of the successes that keeps each user's in ledger order and that the reference agrees with
 * step by step, with every refusal matched somewhere along it; depth first, at most `budget` judgements.
 */
function searchOrder(start: State, bySeq: Sent[], c: ReplayContext, budget = 50_000): Sent[] | null {
  const userOf = (s: Sent) => (s.command.kind === 'close' ? s.json.external_user_id : c.names.users[s.command.user]);
  const chains = new Map<string, Sent[]>();
  for (const s of bySeq) chains.set(userOf(s), [...(chains.get(userOf(s)) ?? []), s]);
  const users = [...chains.keys()];
  let spent = 0;
  const visit = (state: State, at: number[], path: Sent[], matched: Set<Sent>): Sent[] | null => {
    const now = new Set(matched);
    for (const r of c.refusals) {
      if (now.has(r)) continue;
      spent += 1;
      const v = judge(state, c.names, r.command);
      if (!v.ok && agrees(v, r)) now.add(r);
    }
    if (path.length === bySeq.length) return now.size === c.refusals.length ? path : null;
    for (const [u, user] of users.entries()) {
      const s = chains.get(user)![at[u]!];
      if (!s || spent > budget) continue;
      spent += 1;
      const v = judge(state, c.names, s.command);
      if (!v.ok || !agrees(v, s)) continue;
      const next = clone(state);
      v.apply(next, s.json);
      const found = visit(
        next,
        at.map((i, j) => (j === u ? i + 1 : i)),
        [...path, s],
        now,
      );
      if (found) return found;
    }
    return null;
  };
  return visit(
    clone(start),
    users.map(() => 0),
    [],
    new Set(),
  );
}

// --- one run ------------------------------------------------------------------------------------------

interface Sent {
  command: Command;
  key: string;
  /** The request as sent (for a batch item: its batch), to replay it. */
  replay: () => Promise<Response>;
  status: number;
  json: any;
  /** The answer's bytes (for a batch item: its body re-serialised). */
  text: string;
}

async function setUp(tenant: TestTenant, scenario: Scenario) {
  const markets: TestMarket[] = [];
  for (let m = 0; m < MARKETS; m++) markets.push(await createMarket(service, tenant));
  const users = Array.from({ length: USERS + 1 }, (_, u) => `p-user-${u}`);
  for (let u = 0; u < USERS; u++) {
    await registerUser(service, tenant.sandboxKey, users[u]!);
    if (scenario.balances[u]! > 0n) {
      const body = { external_user_id: users[u], direction: 'credit', amount: formatAmount(scenario.balances[u]!) };
      expect((await postSync(service, tenant, body)).status).toBe(200);
    }
  }
  // The positions to close: each market's one, opened by a user funded for it.
  const positions: any[] = [];
  for (const [m, [u, outcome, stake]] of scenario.preOpened.entries()) {
    const user = users[u]!;
    const credit = { external_user_id: user, direction: 'credit', amount: formatAmount(stake) };
    expect((await postSync(service, tenant, credit)).status).toBe(200);
    const opened = await postOpen(service, tenant, openBody(markets[m]!, user, formatAmount(stake), outcome));
    expect(opened.status, opened.text).toBe(201);
    positions.push(opened.json);
  }
  const names: Names = {
    users,
    slugs: [...markets.map((m) => m.slug), `no-such-market-${uniqueKey()}`.toLowerCase()],
    outcomeIds: markets.map((m) => m.outcomes.map((o) => o.id)),
    positionIds: positions.map((p) => p.id),
  };
  // The reference starts from what the server holds after the setup.
  const state: State = { balances: new Map(), openStake: new Map(), markets: new Map(), positions: new Map() };
  for (let u = 0; u < USERS; u++) {
    const balance = await balanceOf(service, tenant, users[u]!);
    state.balances.set(users[u]!, BigInt(balance.replace('.', '')));
  }
  for (const m of markets) {
    state.markets.set(m.slug, {
      slug: m.slug,
      outcomes: m.outcomes.map((o) => o.id),
      b: 100,
      q: await qOf(service, m.slug),
    });
  }
  for (const [m, p] of positions.entries()) {
    const [, outcome] = scenario.preOpened[m]!;
    const key = `${p.external_user_id} ${p.market_slug}`;
    state.openStake.set(key, (state.openStake.get(key) ?? 0n) + BigInt(p.stake.replace('.', '')));
    state.positions.set(p.id, {
      id: p.id,
      user: p.external_user_id,
      slug: p.market_slug,
      outcome,
      stake: BigInt(p.stake.replace('.', '')),
      shares: BigInt(p.shares.replace('.', '')),
      priceMicro: BigInt(p.price.replace('.', '')),
      openTransactionId: p.open_transaction_id,
      state: 'open',
    });
  }
  return { names, state, markets };
}

function bodyOf(c: Command, names: Names, markets: TestMarket[]) {
  if (c.kind === 'open') {
    const market = markets[c.market];
    return {
      external_user_id: names.users[c.user]!,
      market_slug: names.slugs[c.market]!,
      // An unknown market's open names an outcome of the first market: the market is what it lacks.
      outcome_id: (market ?? markets[0]!).outcomes[c.outcome]!.id,
      stake: formatAmount(c.stake),
      max_price: c.maxPrice,
    };
  }
  if (c.kind === 'sync')
    return { external_user_id: names.users[c.user]!, direction: c.direction, amount: formatAmount(c.amount) };
  return { min_price: c.minPrice };
}

/** Sends every request at once and returns one Sent per command, in the order generated. */
async function sendAll(
  tenant: TestTenant,
  requests: Request[],
  names: Names,
  markets: TestMarket[],
  twoProcesses: boolean,
): Promise<Sent[]> {
  const perRequest = await Promise.all(
    requests.map(async (request, n): Promise<Sent[]> => {
      const to = twoProcesses && n % 2 === 1 ? second : service;
      if (request.kind === 'single') {
        const { command } = request;
        const key = uniqueKey('prop');
        const body = bodyOf(command, names, markets);
        const replay = () =>
          command.kind === 'open'
            ? postOpen(to, tenant, body as never, key)
            : command.kind === 'close'
              ? postClose(to, tenant, names.positionIds[command.position]!, command.minPrice, key)
              : postSync(to, tenant, body, key);
        const res = await replay();
        return [{ command, key, replay, status: res.status, json: res.json, text: res.text }];
      }
      const batchKey = uniqueKey('prop-batch');
      const items = request.items.map((c) => ({
        idempotency_key: uniqueKey('prop-item'),
        ...bodyOf(c, names, markets),
      }));
      const replay = () => postBatch(to, tenant, items, batchKey);
      const res = await replay();
      expect(res.status, res.text).toBe(200);
      expect(res.json.results).toHaveLength(items.length);
      // The batch is replayed once for all its items (its key sent twice at once could rightly be in progress).
      let replayed: Promise<Response> | null = null;
      return request.items.map((command, i) => {
        const result = res.json.results[i];
        const itemReplay = async () => {
          replayed ??= replay();
          const again = await replayed;
          const r = again.json?.results?.[i];
          // Not a batch answer: the whole answer, so that the mismatch shows it.
          if (again.status !== 200 || !r) return again;
          return { status: r.status, headers: again.headers, json: r.body, text: JSON.stringify(r.body) };
        };
        const text = JSON.stringify(result.body);
        return {
          command,
          key: items[i]!.idempotency_key,
          replay: itemReplay,
          status: result.status,
          json: result.body,
          text,
        };
      });
    }),
  );
  return perRequest.flat();
}

async function runScenario(scenario: Scenario): Promise<void> {
  const tenant = await createTenant(service);
  await raiseLimits(service, tenant);
  const { names, state: start, markets } = await setUp(tenant, scenario);
  const mark = await lastSeqOf(service, tenant.tenantId);

  const sent = await sendAll(tenant, scenario.requests, names, markets, scenario.twoProcesses);
  const report = () => sent.map((s) => `${describeCommand(s.command, names)} → ${s.status} ${s.text}`).join('\n');

  for (const s of sent) {
    expect([200, 201, 400, 404, 409], `${describeCommand(s.command, names)}: ${s.text}`).toContain(s.status);
    expect(s.json?.error, 'no key is shared, so none is in progress').not.toBe('idempotency_key_in_progress');
  }

  // The successes, each named by the one ledger row it wrote; the ledger has no other row since the setup.
  const ledger = await ledgerOf(service, tenant.tenantId, mark);
  const bySeq = new Map(ledger.map((row, i) => [row.id, i]));
  const successes = sent.filter((s) => s.status === 200 || s.status === 201);
  const named = successes.map((s) => transactionOf(s.command, s.json));
  expect(new Set(named).size, `one ledger row per success\n${report()}`).toBe(named.length);
  expect([...named].sort(), `the ledger rows since the setup are the successes' own\n${report()}`).toEqual(
    ledger.map((r) => r.id).sort(),
  );

  const seqOf = (s: Sent) => bySeq.get(transactionOf(s.command, s.json))!;
  const refusals = sent.filter((x) => x.status !== 200 && x.status !== 201);
  const context = { names, ledger, seqOf, refusals, report };
  // The successes replayed one at a time in ledger order, from the state after the setup. Should the
  // server have written the rows of different users in another order than it applied them in, any order
  // that keeps each user's rows in their ledger order will do: searched for, within a budget.
  const bySeqOrder = [...successes].sort((a, b) => seqOf(a) - seqOf(b));
  let replayed = replayInOrder(start, bySeqOrder, context);
  if (replayed.failure !== null) {
    const found = searchOrder(start, bySeqOrder, context);
    if (found) replayed = replayInOrder(start, found, context);
  }
  expect(replayed.failure, replayed.failure ?? '').toBeNull();
  const state = replayed.state;

  // The final state is the reference's.
  for (let u = 0; u < USERS; u++) {
    const user = names.users[u]!;
    expect(await balanceOf(service, tenant, user), `balance of ${user}\n${report()}`).toBe(
      formatAmount(state.balances.get(user)!),
    );
  }
  for (const m of markets) {
    const ref = state.markets.get(m.slug)!;
    expect(await qOf(service, m.slug), `q of ${m.slug}\n${report()}`).toEqual(ref.q);
    const res = await service.api('sandbox', 'GET', `/v1/markets/${m.slug}`, { key: tenant.sandboxKey });
    expect(res.status, res.text).toBe(200);
    expect(res.json.outcomes.map((o: { price: string }) => o.price)).toEqual(
      displayPrices(ref.q, ref.b).map(formatPrice),
    );
  }
  for (const p of state.positions.values()) {
    const res = await service.api('sandbox', 'GET', `/v1/positions/${p.id}`, { key: tenant.sandboxKey });
    expect(res.status, res.text).toBe(200);
    expect(res.json, `position ${p.id}`).toMatchObject({
      external_user_id: p.user,
      market_slug: p.slug,
      state: p.state,
      stake: formatAmount(p.stake),
      shares: formatShares(p.shares),
      price: formatPrice(p.priceMicro),
      open_transaction_id: p.openTransactionId,
    });
  }
  await expectLedgerInvariant(service.db, tenant.tenantId);

  // Every spent key (a success, or a sync's would_overdraw) answers again byte for byte and applies nothing.
  const spent = sent.filter((s) => s.status < 300 || (s.command.kind === 'sync' && s.json?.error === 'would_overdraw'));
  const replays = await Promise.all(spent.map((s) => s.replay()));
  spent.forEach((s, i) => {
    expect(replays[i]!.status, `replay of ${describeCommand(s.command, names)}`).toBe(s.status);
    expect(replays[i]!.text, `replay of ${describeCommand(s.command, names)}`).toBe(s.text);
  });
  expect(await ledgerOf(service, tenant.tenantId, mark), 'replays wrote nothing').toHaveLength(ledger.length);
}

describe('the write engine against a one-at-a-time reference', () => {
  it('gives concurrent opens, closes and syncs on 3 markets and 4 users, through one process or two, the answers of one sequential order', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        runs += 1;
        await runScenario(scenario);
      }),
      { numRuns: 20, endOnFailure: true },
    );
    expect(runs).toBe(20);
  }, 600_000);
});
