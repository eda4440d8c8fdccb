/**
 * Lighthouse on the demo page and the API reference's pages (bench/README.md): the service on the embedded
 * database with its demo, and Lighthouse (pinned in package.json) in Debian's Chromium with its mobile
 * defaults (a mid-range phone, slow 4G, 4× CPU slowdown), a few runs of each page. Prints, per page, the
 * median performance and accessibility scores, total blocking time and the metrics behind them, each beside
 * its goal, and every accessibility audit that failed. `npm run bench:lighthouse [-- --quick] [-- --runs N]
 * [-- --page /docs/reference --page /docs/reference/webhooks]` (the pages: /demo alone by default, `--page
 * reference` for the reference's index and its largest pages). Fails (exit 1) only when it cannot run.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../packages/service/test/browser.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { fmt, positive, table } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    page: { type: 'string', multiple: true },
  },
});
/** The reference's index and its largest pages (docs/benchmarks.md, "The API reference"). */
const REFERENCE_PAGES = [
  '/docs/reference',
  '/docs/reference/webhooks',
  '/docs/reference/widget',
  '/docs/reference/positions',
];
const PAGES = (args.page ?? ['/demo']).flatMap((p) => (p === 'reference' ? REFERENCE_PAGES : [p]));
const RUNS = Math.floor(positive('runs', args.runs ?? (args.quick ? '1' : '3')));
const GOALS = { performance: 95, accessibility: 100, tbtMs: 200 };
/**
 * How long Lighthouse waits for a page to be "fully loaded". The widget reads its stream with fetch (the
 * session token goes in a header, which EventSource cannot send), and Lighthouse counts an open fetch as
 * a critical request until it ends, so the page never looks loaded and each run waited Lighthouse's
 * default 45 s. The demo draws in under 2 s even throttled; 15 s leaves it room and keeps the same
 * metrics (bench/README.md, "lighthouse.ts").
 */
const MAX_WAIT_FOR_LOAD_MS = 15_000;

interface Run {
  performance: number;
  accessibility: number;
  metrics: Record<string, number>;
  failedA11y: string[];
  warnings: string[];
}

const METRICS = [
  ['first-contentful-paint', 'first contentful paint'],
  ['largest-contentful-paint', 'largest contentful paint'],
  ['total-blocking-time', 'total blocking time'],
  ['cumulative-layout-shift', 'cumulative layout shift'],
  ['speed-index', 'speed index'],
  ['mainthread-work-breakdown', 'main-thread work'],
] as const;

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
  });
  if (!result) throw new Error('Lighthouse returned no result');
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  const { categories, audits } = result.lhr;
  const failedA11y = categories
    .accessibility!.auditRefs.map((ref) => audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => {
      // Which elements: the first few nodes the audit names, with the reason it gives.
      const items = ((a.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? [])
        .slice(0, 4)
        .map((i) => `\n    ${i.node?.snippet ?? ''} ${(i.node?.explanation ?? '').split('\n').slice(-1)[0]}`);
      return `${a.id}: ${a.title}${items.join('')}`;
    });
  return {
    performance: Math.round((categories.performance!.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility!.score ?? 0) * 100),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, audits[id]?.numericValue ?? NaN])),
    failedA11y,
    warnings: result.lhr.runWarnings,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const met = (ok: boolean) => (ok ? 'yes' : 'NO');

console.log(`Lighthouse (mobile defaults) on ${PAGES.join(', ')}`);
// The demo page exists only with the embedded database and its demo seeded (docs/widget.md, "The demo page").
delete process.env.DATABASE_URL;
runBench(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  8,
  async (service) => {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    try {
      for (const at of PAGES) {
        const url = `${service.sandboxUrl}${at}`;
        console.log(`\n${at}`);
        // Not counted: the service's first answers (JIT, pools, compressed bundles). The quick mode only
        // checks that the bench runs, so it skips it.
        if (!args.quick) await audit(url, chrome.port);
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) {
          const run = await audit(url, chrome.port);
          runs.push(run);
          console.log(
            `  run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
              `total blocking time ${fmt(run.metrics['total-blocking-time']!, 0)} ms`,
          );
        }
        const performance = median(runs.map((r) => r.performance));
        const accessibility = median(runs.map((r) => r.accessibility));
        const tbt = median(runs.map((r) => r.metrics['total-blocking-time']!));
        console.log(
          table(
            ['figure', `median of ${RUNS}`, 'goal', 'met'],
            [
              [
                'performance score',
                String(performance),
                `≥ ${GOALS.performance}`,
                met(performance >= GOALS.performance),
              ],
              [
                'accessibility score',
                String(accessibility),
                `${GOALS.accessibility}`,
                met(accessibility >= GOALS.accessibility),
              ],
              ['total blocking time', `${fmt(tbt, 0)} ms`, `< ${GOALS.tbtMs} ms`, met(tbt < GOALS.tbtMs)],
            ],
          ),
        );
        console.log(
          table(
            ['metric', 'median'],
            METRICS.map(([id, name]) => {
              const value = median(runs.map((r) => r.metrics[id]!));
              return [name, id === 'cumulative-layout-shift' ? fmt(value, 3) : `${fmt(value, 0)} ms`];
            }),
          ),
        );
        // Expected here: "The page loaded too slowly…", the stream's open fetch (MAX_WAIT_FOR_LOAD_MS).
        const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
        if (warnings.length) console.log(`Lighthouse's warnings:\n  ${warnings.join('\n  ')}`);
        const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
        console.log(
          failed.length ? `accessibility audits failed:\n  ${failed.join('\n  ')}` : 'no accessibility audit failed',
        );
      }
    } finally {
      await chrome.kill();
    }
    printRunTail(service);
  },
  { SEED_DEMO: '1' },
);
