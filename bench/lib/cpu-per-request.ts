import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCpu } from './cpu-usage.js';
import type { LoadResult } from './http-load.js';
import type { ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** A status and JSON text, as the service answered one request. */
export interface Answer {
  status: number;
  body: string;
}

/** One request to the service with a fresh key: its answer, to be served again by the bare server. */
export async function sampleAnswer(
  service: Pick<ServiceProcess, 'sandboxUrl'>,
  tenant: BenchTenant,
  route: string,
  body: string,
): Promise<Answer> {
  const res = await fetch(`${service.sandboxUrl}${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tenant.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-sample-${process.pid}-${Date.now()}-${Math.random()}`,
    },
    body,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`POST ${route}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, body: text };
}

export interface BareJson {
  pid: number;
  /** http://127.0.0.1:<port>; also `sandboxUrl`, so the service's load helpers can aim at it. */
  url: string;
  sandboxUrl: string;
  stop(): Promise<void>;
}

/** Starts bare-json-server.ts in its own process (as the service runs in its own), answering `answers` by path. */
export async function startBareJson(answers: Record<string, Answer>): Promise<BareJson> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-json-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BARE_JSON_ANSWERS: JSON.stringify(answers) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the bare JSON server exited (code ${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid!,
    url,
    sandboxUrl: url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CpuPerRequest {
  /** CPU time (user + system) of the answering process over the measured load, per request answered. */
  msPerRequest: number | null;
  requestsPerS: number;
  p99: number;
  answered: number;
}

/**
 * The CPU one process spends per request under `load`: a warm-up that is not counted, then the measured
 * load with the process's CPU time read from /proc before and after (null off Linux).
 */
export async function cpuPerRequest(
  pid: number,
  load: (durationS: number) => Promise<LoadResult>,
  warmupS: number,
  durationS: number,
): Promise<CpuPerRequest> {
  await load(warmupS);
  const cpu = measureCpu(pid, null);
  const r = await load(durationS);
  const share = cpu();
  return {
    msPerRequest: share ? share.serviceCpuMs / Math.max(1, r.answered) : null,
    requestsPerS: r.ok / r.elapsedS,
    p99: r.latency.p99,
    answered: r.answered,
  };
}
