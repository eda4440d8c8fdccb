import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from '../../service/test/helpers.js';
import { receiverFor, startReceiver, type Receiver } from '../../service/test/receiver.js';
import { listen, type ListenOptions } from '../src/listen.js';
import { createOperatorClient, verifyWebhook } from '../src/index.js';

/**
 * pm-listen on a running service (docs/sdk.md, "Receive webhooks on your laptop: pm-listen"): the feed's events
 * forwarded in order to a local receiver, as the service's own deliveries of them (a real receiver gets those
 * too, to compare), signed with the printed secret; a refusal or a receiver that is down gets the event again;
 * a restart resumes after the last forwarded event.
 */
const SDK = fileURLToPath(new URL('../', import.meta.url));
/** tsx's loader by its path: the command runs in a scratch folder, where the name would not resolve. */
const TSX = pathToFileURL(path.join(SDK, '../../node_modules/tsx/dist/loader.mjs')).href;
let service: TestService;
let tenant: TestTenant;
let real: Receiver;
let work: string;

beforeAll(async () => {
  service = await startTestService({ env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  tenant = await createTenant(service);
  ({ receiver: real } = await receiverFor(service, tenant.tenantId));
  work = await mkdtemp(path.join(tmpdir(), 'pm-listen-'));
});
afterAll(async () => {
  await service?.stop();
  await real?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A test event of `type` (POST /v1/webhooks/test): its id. */
async function makeEvent(type = 'position.settled'): Promise<string> {
  const sent = await service.api('sandbox', 'POST', '/v1/webhooks/test', {
    key: tenant.sandboxKey,
    body: { event: type },
    idempotencyKey: uniqueKey('listen-event'),
  });
  expect(sent.status, sent.text).toBe(202);
  return sent.json.delivery_id as string;
}

async function until(what: string, done: () => boolean, ms = 15_000): Promise<void> {
  for (const start = Date.now(); !done(); await sleep(25))
    if (Date.now() - start > ms) throw new Error(`waited ${ms} ms for ${what}`);
}

/** listen() in the background, its lines kept; `stop` aborts it and waits for it to end. */
function startListening(options: Partial<ListenOptions> & Pick<ListenOptions, 'forwardTo' | 'statePath'>) {
  const lines: string[] = [];
  const controller = new AbortController();
  const running = listen({
    baseUrl: service.urls.sandbox,
    apiKey: tenant.sandboxKey,
    pollMs: 100,
    retryMs: 50,
    maxRetryMs: 200,
    print: (line) => lines.push(line),
    signal: controller.signal,
    ...options,
  });
  const secret = () => /Signing secret: (whsec_\S+)/.exec(lines.join('\n'))?.[1];
  const stop = async () => {
    controller.abort();
    await running;
  };
  return { lines, secret, stop, running };
}

const ids = (receiver: Receiver) => receiver.received.map((r) => r.headers['x-webhook-delivery'] as string);

/**
 * `wanted` in the feed's order, once all are in the feed. That order is the writing transactions' (docs/operator-api.md,
 * "Webhooks and the event feed"), which need not be the order the test's requests were answered in.
 */
async function feedOrder(wanted: string[]): Promise<string[]> {
  const pm = createOperatorClient({ baseUrl: service.urls.sandbox, credential: tenant.sandboxKey });
  for (const start = Date.now(); Date.now() - start < 15_000; await sleep(50)) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const { data, error } = await pm.events.poll(cursor, { limit: 100 });
      if (error) throw error;
      seen.push(...data.events.map((e) => e.id).filter((id) => wanted.includes(id)));
      cursor = data.cursor;
      if (!data.more) break;
    }
    if (seen.length === wanted.length) return seen;
  }
  throw new Error(`not all of ${wanted.join(', ')} in the feed`);
}

describe('pm-listen', () => {
  const statePath = () => path.join(work, 'state.json');

  it('forwards the events after its start in order, as the service delivers them, signed with the printed secret', async () => {
    const before = await makeEvent('market.voided');
    await feedOrder([before]);
    const local = await startReceiver();
    const listening = startListening({ forwardTo: local.url, statePath: statePath() });
    try {
      await until('the past skipped', () => listening.lines.some((l) => l.startsWith('Skipped the')));
      expect(listening.lines[0]).toBe(`Forwarding events of ${service.urls.sandbox} to ${local.url}`);
      expect(listening.lines.join('\n')).toContain(`State: ${statePath()} (new)`);
      const secret = listening.secret()!;
      expect(secret).toMatch(/^whsec_/);

      const made = [
        await makeEvent('position.settled'),
        await makeEvent('report.ready'),
        await makeEvent('market.voided'),
      ];
      await until('three forwarded', () => local.received.length >= 3);
      await until('three delivered', () => made.every((id) => ids(real).includes(id)));
      expect(ids(local)).toEqual(await feedOrder(made));
      for (const got of local.received) {
        const id = got.headers['x-webhook-delivery'] as string;
        // The same bytes and the same headers as the service's own delivery of the event; signed with the local secret.
        const delivered = real.received.find((r) => r.headers['x-webhook-delivery'] === id)!;
        expect(got.raw.toString()).toBe(delivered.raw.toString());
        expect(got.headers['x-webhook-event']).toBe(delivered.headers['x-webhook-event']);
        expect(got.headers['content-type']).toBe('application/json');
        const verified = verifyWebhook({ rawBody: got.raw, headers: got.headers, secret, requireTimestamp: true });
        expect(verified).toMatchObject({ ok: true, known: true, delivery_id: id });
        expect(verifyWebhook({ rawBody: got.raw, headers: got.headers, secret: 'whsec_other' }).ok).toBe(false);
        expect(listening.lines).toContain(`${got.json.event} ${id} -> 204`);
      }

      // A refusal: the same event again, signed anew, until it is taken; nothing after it goes first.
      let refusals = 1;
      local.answer = () => (refusals-- > 0 ? 500 : 204);
      const [refused, after] = await feedOrder([await makeEvent('report.ready'), await makeEvent('report.ready')]);
      await until('both taken', () => ids(local).length === 6);
      // Taken is not yet forwarded: a stop before the listener has read the 204 sends the event again next
      // time (its state is saved after the answer), which the next test, resuming from this state, would see.
      await until('the last forwarded', () => listening.lines.includes(`report.ready ${after} -> 204`));
      expect(ids(local).slice(3)).toEqual([refused, refused, after]);
      expect(listening.lines).toContain(`report.ready ${refused} -> 500; sending it again in 0.05 s`);
      const [first, again] = local.received.slice(3, 5);
      expect(again!.raw.equals(first!.raw)).toBe(true);
      expect(verifyWebhook({ rawBody: again!.raw, headers: again!.headers, secret, requireTimestamp: true }).ok).toBe(
        true,
      );
    } finally {
      await listening.stop();
      await local.close();
    }
  });

  it('resumes after the last forwarded event, with the same secret, and waits out a receiver that is down', async () => {
    const stopped = await feedOrder([await makeEvent(), await makeEvent(), await makeEvent()]);

    // Restarted while the receiver is down: it says so, and sends the first event again until it answers.
    const port = await freePort();
    const forwardTo = `http://127.0.0.1:${port}/hooks`;
    const listening = startListening({ forwardTo, statePath: statePath() });
    let local: Awaited<ReturnType<typeof serve>> | undefined;
    try {
      await until('the receiver reported down', () => listening.lines.some((l) => l.includes('is not answering')));
      expect(listening.lines.join('\n')).toContain(`State: ${statePath()} (resuming from its cursor)`);
      expect(listening.lines.find((l) => l.includes('is not answering'))).toBe(
        `position.settled ${stopped[0]} -> ${forwardTo} is not answering (ECONNREFUSED); sending it again in 0.05 s`,
      );
      // Up again, it takes the first event and refuses the second for good: stopped there, mid-page.
      local = await serve(port, (id) => (id === stopped[1] ? 500 : 204));
      const order = local.received;
      await until('the second refused twice', () => order.filter((id) => id === stopped[1]).length >= 2);
      await listening.stop();
      expect(order.filter((id) => id === stopped[0])).toEqual([stopped[0]]);

      // The next start resumes at the second: the first is not sent again, nothing is skipped.
      order.length = 0;
      local.answer = () => 204;
      const later = await makeEvent();
      const rest = await feedOrder([stopped[1]!, stopped[2]!, later]);
      const resumed = startListening({ forwardTo, statePath: statePath() });
      try {
        await until('the rest forwarded', () => order.length >= 3);
        await sleep(300); // and nothing more
        expect(order).toEqual(rest);
        expect(resumed.secret()).toBe(listening.secret());
      } finally {
        await resumed.stop();
      }
    } finally {
      await listening.stop();
      await local?.close();
    }
  });
  it('runs as the pm-listen command: prints its secret and state file, forwards, and stops on Ctrl-C', async () => {
    const cwd = await mkdtemp(path.join(work, 'cli-'));
    const local = await startReceiver();
    const child = spawn(
      process.execPath,
      ['--import', TSX, path.join(SDK, 'src/pm-listen.ts'), '--forward-to', local.url, '--secret', 'whsec_given'],
      { cwd, env: { ...process.env, PM_API_KEY: tenant.sandboxKey, PM_BASE_URL: service.urls.sandbox } },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await until('started', () => out.includes('waiting for new ones'));
      expect(out).toContain('Signing secret: whsec_given');
      expect(out).toContain(`State: ${path.join(cwd, '.pm-listen.json')} (new)`);
      const id = await makeEvent('report.ready');
      await until('forwarded', () => ids(local).includes(id));
      const got = local.received.at(-1)!;
      expect(verifyWebhook({ rawBody: got.raw, headers: got.headers, secret: 'whsec_given' }).ok).toBe(true);
      await until('printed', () => out.includes(`report.ready ${id} -> 204`));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(out).toContain(`Stopped; the cursor is kept in ${path.join(cwd, '.pm-listen.json')}`);
    } finally {
      child.kill();
      await local.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A receiver on `port` that keeps the delivery ids it got, in order, and answers what `answer` says for each. */
async function serve(port: number, answer: (id: string) => number) {
  const state = { answer, received: [] as string[] };
  const server: Server = createServer((req, res) => {
    const id = req.headers['x-webhook-delivery'] as string;
    state.received.push(id);
    req.resume();
    req.on('end', () => res.writeHead(state.answer(id)).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(state, {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
