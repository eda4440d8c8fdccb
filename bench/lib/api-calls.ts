import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchDatabase } from './database.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** A JSON call with a bearer token, for setting a bench up: any status but the expected ones throws. */
export async function call(url: string, method: string, token: string, body?: unknown, expected = [200, 201]) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** An operator API call with the tenant's key and a fresh Idempotency-Key; anything but 2xx throws. */
export async function tenantCall(
  service: ServiceProcess,
  tenant: BenchTenant,
  method: string,
  route: string,
  body?: unknown,
) {
  const res = await fetch(`${service.sandboxUrl}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${tenant.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${Math.random()}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as any;
}

/**
 * A service process that runs the jobs (the webhook worker among them) on the bench's database, with a
 * DATA_DIR of its own, as `npm run start:cluster` runs its worker processes (docs/operations.md, "Several
 * processes").
 */
export async function startWorker(
  repoRoot: string,
  database: BenchDatabase,
  poolSize: number,
): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-bench-worker-'));
  const url = await database.url();
  const worker = await startServiceProcess(repoRoot, { ...database, dataDir, serviceUrl: url }, poolSize, {
    RUN_WORKERS: '1',
  });
  return { ...worker, stop: () => worker.stop().finally(() => rm(dataDir, { recursive: true, force: true })) };
}

/**
 * Requests a report (POST /v1/reports) and polls it every 50 ms while it is generating, calling `onPoll`
 * between polls; the job once it is ready, or null when it was still generating after `giveUpMs`. A job
 * that ended otherwise (failed) throws.
 */
export async function reportWhenReady(
  service: ServiceProcess,
  tenant: BenchTenant,
  body: Record<string, unknown>,
  options: { giveUpMs?: number; onPoll?: () => Promise<void> } = {},
) {
  const started = performance.now();
  let job = await tenantCall(service, tenant, 'POST', '/v1/reports', body);
  while (job.status === 'generating') {
    if (performance.now() - started > (options.giveUpMs ?? Infinity)) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await options.onPoll?.();
    job = await tenantCall(service, tenant, 'GET', `/v1/reports/${job.id}`);
  }
  if (job.status !== 'ready') throw new Error(`report ${job.id} ended ${job.status}`);
  return job;
}
