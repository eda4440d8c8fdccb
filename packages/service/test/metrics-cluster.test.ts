import { get as httpGet } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call } from './helpers.js';
import { envOfThisFile, newSite, sleep, useProcessSites } from './process-fixture.js';
import { spawnService, terminate } from './service-process.js';
import { parseMetrics, valueOf } from './metrics-parse.js';

/**
 * GET /metrics of `npm run start:cluster` (docs/metrics.md, "A cluster"): two API processes share the
 * listeners' ports, and one scrape, whichever process it reaches, sums the requests both answered.
 */

useProcessSites();

/** A request on a connection of its own (fetch would keep one, which stays with one process); its answer's source. */
function unmatched(base: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${base}/v1/no-such-route`, { agent: false }, (res) => {
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

function scrape(base: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      `${base}/metrics`,
      { agent: false, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    request.on('error', reject);
  });
}

describe('GET /metrics of npm run start:cluster', () => {
  it('sums the requests of both API processes in one scrape, whichever process answers it', async () => {
    const site = await newSite();
    const service = spawnService(
      site,
      { ...envOfThisFile(), API_PROCESSES: '2', WORKER_PROCESSES: '1' },
      'src/cluster.ts',
    );
    try {
      const deadline = Date.now() + 90_000;
      while (!/service is up: 2 API processes, 1 worker processes/.test(service.stdout())) {
        const exited = await Promise.race([service.exited.then(() => true), sleep(100).then(() => false)]);
        if (exited || Date.now() > deadline) {
          throw new Error(`the cluster did not come up:\n${service.stdout()}\n${service.stderr()}`);
        }
      }
      const SENT = 24;
      const sources = new Map<string, number>();
      for (let i = 0; i < SENT; i += 1) {
        const source = await unmatched(service.sandbox);
        sources.set(source, (sources.get(source) ?? 0) + 1);
      }
      // Both API processes answered some of them.
      expect(sources.size).toBe(2);

      const counted = new Set<number>();
      for (let i = 0; i < 4; i += 1) {
        const res = await scrape(service.platform);
        expect(res.status, res.text).toBe(200);
        const samples = parseMetrics(res.text);
        const requests = valueOf(samples, 'pm_http_requests_total', {
          listener: 'sandbox',
          method: 'GET',
          route: 'unmatched',
          status: '404',
        });
        counted.add(requests);
        expect(valueOf(samples, 'pm_http_error_answers_total', { listener: 'sandbox', code: 'not_found' })).toBe(SENT);
        // Every process's figures, without a per-process label: one series per label set.
        const names = samples.map((s) => `${s.name}${JSON.stringify(s.labels)}`);
        expect(new Set(names).size).toBe(names.length);
        // The database's figures, read once by the process that answered.
        expect(valueOf(samples, 'pm_metrics_database_read_ok')).toBe(1);
        expect(valueOf(samples, 'pm_webhook_backlog_deliveries')).toBeGreaterThanOrEqual(0);
      }
      expect([...counted]).toEqual([SENT]);

      // The scrapes themselves were answered by both processes too, and are counted on the platform listener.
      const last = parseMetrics((await scrape(service.platform)).text);
      expect(
        valueOf(last, 'pm_http_requests_total', {
          listener: 'platform',
          method: 'GET',
          route: '/metrics',
          status: '200',
        }),
      ).toBe(4);
      const unauthorized = await call(service.platform, 'GET', '/metrics');
      expect(unauthorized.status).toBe(401);
    } finally {
      await terminate(service);
    }
  }, 150_000);
});
