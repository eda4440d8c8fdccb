import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call, type Response } from './helpers.js';
import {
  allTransactions,
  balanceOf,
  cents,
  credit,
  databaseUrlOf,
  newSite,
  newTenant,
  postmasterPid,
  postmasterPidFile,
  send,
  sleep,
  spawnService,
  startService,
  untilFinal,
  USE_EMBEDDED,
  useProcessSites,
  type SyncRequest,
} from './process-fixture.js';
import { terminate, type ServiceProcess } from './service-process.js';
import { freePort, isAlive } from '../src/lib/processes.js';

/**
 * The real service as a child process (`node --import tsx src/main.ts`, one process, so a SIGKILL hits
 * the server itself): a crash in the middle of balance syncs, a graceful SIGTERM, and the DATA_DIR lock.
 * Without DATABASE_URL each case runs the embedded PostgreSQL in its own DATA_DIR, which has to outlive a
 * SIGKILLed parent and be reused on restart; with it, all cases share one throwaway database
 * (process-fixture.ts).
 */

useProcessSites();

/** pg_ctl stop returns once postmaster.pid is gone, a moment before the process itself is. */
async function goneSoon(pid: number): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  return !isAlive(pid);
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
    // Waves of 25 at once: a round can answer a whole wave together, so the kill at the 60th answer falls
    // among rounds in flight and the waves after it find no process (all 248 at once could all be answered
    // by rounds that ended before the kill took effect).
    const beforeCrash = new Map<SyncRequest, Response>();
    for (let wave = 0; wave < requests.length; wave += 25) {
      await Promise.all(
        requests.slice(wave, wave + 25).map(async (request) => {
          const res = await send(service, apiKey, request).catch(() => null); // null: the crash cut it off
          if (res === null) return;
          beforeCrash.set(request, res);
          if (beforeCrash.size === 60) service.child.kill('SIGKILL');
        }),
      );
    }
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

      // Hold the users' rows so that the requests below stay in flight (queued or in a round) until released.
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
      // The write engine puts a held user's commands back, then one round waits for the lock while the
      // others queue behind it in the process (issue 28): one waiter, and every request in flight.
      const deadline = Date.now() + 20_000;
      while ((await waiting()) < 1) {
        expect(Date.now() < deadline, 'a round of the held requests reaches the row lock').toBe(true);
        await sleep(50);
      }
      await sleep(500);
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

  // Registered only on the embedded database (DATA_DIR holds no database otherwise), not as a skip: a
  // run's counts are the tests that ran.
  if (USE_EMBEDDED)
    it('refuses a second process on the same DATA_DIR while the first runs', { timeout: 120_000 }, async () => {
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
    });

  if (USE_EMBEDDED)
    it(
      'stops cleanly on a SIGTERM that comes while the embedded server is first made',
      { timeout: 120_000 },
      async () => {
        const site = await newSite();
        const service = spawnService(site);
        const deadline = Date.now() + 60_000;
        while (!/initialising the embedded PostgreSQL/.test(service.stdout())) {
          expect(Date.now() < deadline, `the start announces the initdb; stderr:\n${service.stderr()}`).toBe(true);
          await sleep(20);
        }
        service.child.kill('SIGTERM');
        expect(await service.exited, `exit after SIGTERM; stderr:\n${service.stderr()}`).toEqual({
          code: 0,
          signal: null,
        });
        expect(service.stdout()).toContain('SIGTERM: stopping once the start has finished');
        expect(existsSync(postmasterPidFile(site)), 'the embedded PostgreSQL it started was stopped').toBe(false);
      },
    );
});
