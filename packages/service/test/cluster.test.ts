import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call, type Response } from './helpers.js';
import {
  allTransactions,
  balanceOf,
  cents,
  credit,
  databaseUrlOf,
  envOfThisFile,
  newSite,
  newTenant,
  send,
  sleep,
  untilFinal,
  useProcessSites,
  type SyncRequest,
} from './process-fixture.js';
import { startReceiver } from './receiver.js';
import { spawnService, terminate, type ServiceProcess, type Site } from './service-process.js';
import { isAlive } from '../src/lib/processes.js';

/**
 * `npm run start:cluster` as a child process (issue 14): two API processes behind the listeners' ports
 * and one worker process, on this file's database (embedded, run by the cluster's primary, or the
 * throwaway one on DATABASE_URL) and, when the environment names one, the machine's Redis.
 */

useProcessSites();

interface Cluster {
  service: ServiceProcess;
  site: Site;
  /** The pids of the API processes, in the order they said they were ready. */
  apiPids(): number[];
  workerPids(): number[];
}

async function startCluster(): Promise<Cluster> {
  const site = await newSite();
  const service = spawnService(
    site,
    { ...envOfThisFile(), API_PROCESSES: '2', WORKER_PROCESSES: '1', ALLOW_INSECURE_WEBHOOKS: '1' },
    'src/cluster.ts',
  );
  const pids = (role: string) =>
    [...service.stdout().matchAll(new RegExp(`^${role} process (\\d+) ready$`, 'gm'))].map((m) => Number(m[1]));
  const deadline = Date.now() + 90_000;
  while (!/service is up: 2 API processes, 1 worker processes/.test(service.stdout())) {
    const exited = await Promise.race([service.exited.then(() => true), sleep(100).then(() => false)]);
    if (exited || Date.now() > deadline) {
      throw new Error(`the cluster did not come up:\n${service.stdout()}\n${service.stderr()}`);
    }
  }
  return { service, site, apiPids: () => pids('api'), workerPids: () => pids('worker') };
}

/**
 * The process a refusal came from (every error envelope names its listener and process, `source`), asked
 * on a connection of its own: fetch would reuse one connection, which stays with one process.
 */
function answeringProcess(service: ServiceProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${service.sandbox}/v1/no-such-route`, { agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        expect(res.statusCode).toBe(404);
        resolve(JSON.parse(text).source as string);
      });
    });
    request.on('error', reject);
  });
}

const single = (user: string, amountCents: number): SyncRequest => ({
  kind: 'single',
  key: randomUUID(),
  body: credit(user, amountCents),
});

/** Every user's balance equals the sum of its transactions, and each acknowledged sync is one of them, once. */
async function expectLedgerWhole(service: ServiceProcess, apiKey: string, users: string[], answers: Response[]) {
  const transactions = await allTransactions(service, apiKey);
  for (const user of users) {
    const own = transactions.filter((t) => t.external_user_id === user);
    expect(await balanceOf(service, apiKey, user)).toBe(own.reduce((sum, t) => sum + cents(t.amount), 0));
  }
  expect(transactions.map((t) => t.id).sort()).toEqual(answers.map((res) => res.json.transaction_id).sort());
}

describe('npm run start:cluster', () => {
  it('spreads requests over its API processes, delivers webhooks from its worker fairly, and stops on SIGTERM', async () => {
    const { service, site, apiPids, workerPids } = await startCluster();
    const [api, worker] = [apiPids(), workerPids()];
    expect(api).toHaveLength(2);
    expect(worker).toHaveLength(1);

    const sources = new Set<string>();
    for (let i = 0; i < 6; i += 1) sources.add(await answeringProcess(service));
    expect(sources.size).toBe(2);

    const users = ['c-1', 'c-2', 'c-3'];
    const { tenantId, apiKey } = await newTenant(service, users);
    const sent = Array.from({ length: 30 }, (_, i) => single(users[i % users.length]!, 100 + i));
    const first = await Promise.all(sent.map((request) => send(service, apiKey, request)));
    expect(first.map((res) => res.status)).toEqual(sent.map(() => 200));
    // A replay may reach the other process; its answer is the stored one, byte for byte.
    const replays = await Promise.all(sent.map((request) => send(service, apiKey, request)));
    expect(replays.map((res) => res.text)).toEqual(first.map((res) => res.text));
    await expectLedgerWhole(service, apiKey, users, first);

    // The API processes run no jobs (RUN_WORKERS=0): a delivery comes from the worker process. Another
    // tenant's receiver refuses every delivery of a 10,000-event backlog meanwhile (issue 26): ours still
    // comes long before that backlog has been through.
    const receiver = await startReceiver();
    const refusing = await startReceiver();
    refusing.answer = () => 500;
    try {
      await hookTo(service, tenantId, receiver.url);
      const other = await newTenant(service, []);
      await hookTo(service, other.tenantId, refusing.url);
      await backlogOf(await databaseUrlOf(site), other.tenantId, BACKLOG);
      const deadline = Date.now() + 30_000;
      while (refusing.received.length < 8 && Date.now() < deadline) await sleep(20);
      const opened = await openPosition(service, tenantId, apiKey, users[0]!);
      while (!receiver.received.some((r) => r.json?.data?.position_id === opened.json.id) && Date.now() < deadline) {
        await sleep(100);
      }
      expect(receiver.received.some((r) => r.json?.data?.position_id === opened.json.id)).toBe(true);
      expect(refusing.received.length).toBeLessThan(BACKLOG / 2);
    } finally {
      await receiver.close();
      await refusing.close();
    }

    await terminate(service);
    for (const pid of [...api, ...worker]) expect(isAlive(pid)).toBe(false);
  }, 120_000);

  it('replaces an API process killed in the middle of syncs, and every acknowledged sync is there once', async () => {
    const { service, apiPids } = await startCluster();
    const users = ['k-1', 'k-2'];
    const { apiKey } = await newTenant(service, users);
    const sent = Array.from({ length: 120 }, (_, i) => single(users[i % users.length]!, 1 + i));
    // Four clients send in turn; the victim dies while they do. A request it held has an unknown outcome,
    // so each client asks again with the same key until the answer is final, as an operator would.
    let next = 0;
    let cutOff = 0;
    const answers: Response[] = [];
    const client = async () => {
      while (next < sent.length) {
        const i = next++;
        answers[i] = await untilFinal(() =>
          send(service, apiKey, sent[i]!).catch((error: unknown) => {
            cutOff += 1;
            throw error;
          }),
        );
      }
    };
    const [victim] = apiPids();
    const clients = Promise.all([client(), client(), client(), client()]);
    while (next < 30) await sleep(10);
    process.kill(victim!, 'SIGKILL');
    await clients;
    expect(answers.map((res) => res.status)).toEqual(sent.map(() => 200));
    // The kill reached requests in flight (their outcome unknown to the client, then settled by the retry).
    expect(cutOff).toBeGreaterThan(0);

    const deadline = Date.now() + 30_000;
    while (apiPids().length < 3 && Date.now() < deadline) await sleep(100);
    expect(service.stdout()).toMatch(new RegExp(`api process ${victim} exited \\(SIGKILL\\)`));
    expect(apiPids()).toHaveLength(3); // the two first, and the one that replaced the victim
    await expectLedgerWhole(service, apiKey, users, answers);
    const replays = await Promise.all(sent.map((request) => send(service, apiKey, request)));
    expect(replays.map((res) => res.text)).toEqual(answers.map((res) => res.text));
    await terminate(service);
  }, 120_000);
});

const BACKLOG = 10_000;

/** Points the tenant's sandbox webhooks at `url`, with a secret. */
async function hookTo(service: ServiceProcess, tenantId: string, url: string): Promise<void> {
  const env = `/platform/v1/tenants/${tenantId}/environments/sandbox`;
  const auth = { key: ADMIN_TOKEN };
  expect((await call(service.platform, 'PUT', env, { ...auth, body: { webhook_url: url } })).status).toBe(200);
  expect((await call(service.platform, 'POST', `${env}/webhook-secret`, auth)).status).toBe(201);
}

/** `count` events of the tenant's sandbox, due now: written straight to the outbox, whose trigger enqueues them. */
async function backlogOf(databaseUrl: string, tenantId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into events (id, tenant_id, environment, type, occurred_at, data)
       select gen_random_uuid(), $1, 'sandbox', 'market.resolved', now(), jsonb_build_object('market_slug', 'backlog-' || g)
       from generate_series(1, $2) g`,
      [tenantId, count],
    );
  } finally {
    await client.end();
  }
}

/** A market open now, enabled for the tenant, and the user's open on it through the widget. */
async function openPosition(service: ServiceProcess, tenantId: string, apiKey: string, user: string) {
  const slug = `cluster-${process.pid}-${Date.now()}`;
  const hour = 3_600_000;
  const market = await call(service.platform, 'POST', '/platform/v1/markets', {
    key: ADMIN_TOKEN,
    body: {
      slug,
      title: 'Cluster market',
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: new Date(Date.now() - hour).toISOString(),
      closes_at: new Date(Date.now() + 24 * hour).toISOString(),
      max_stake_per_position: '50.00',
      max_open_stake_per_user: '80.00',
      liquidity: '100',
      sandbox_influence: null, // the fixture trusts its own sandbox traffic
    },
  });
  expect(market.status, market.text).toBe(201);
  const enabled = await call(service.platform, 'PUT', `/platform/v1/tenants/${tenantId}/markets/${slug}`, {
    key: ADMIN_TOKEN,
  });
  expect(enabled.status, enabled.text).toBe(200);
  // A widget session's open: the operator is told of it (position.opened), unlike of its own opens.
  const session = await call(service.sandbox, 'POST', '/v1/widget/sessions', {
    key: apiKey,
    body: { external_user_id: user },
  });
  expect(session.status, session.text).toBe(201);
  const opened = await call(service.sandbox, 'POST', '/v1/positions', {
    key: session.json.token,
    idempotencyKey: randomUUID(),
    body: { market_slug: slug, outcome_id: market.json.outcomes[0].id, stake: '1.00', max_price: '0.99' },
  });
  expect(opened.status, opened.text).toBe(201);
  return opened;
}
