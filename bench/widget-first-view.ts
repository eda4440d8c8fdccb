/**
 * Benchmark of the widget's first view on a slow mobile link (bench/README.md): the demo host page in
 * Chromium over an emulated slow 4G link, the time from navigation start to the first market card in
 * the widget's shadow root and the bytes on the wire for it, split by kind, against a ceiling computed
 * for the same link and bytes. `npm run bench:widget-first-view [-- --root <dir>] [-- --quick]`. Prints
 * numbers only: it fails (exit 1) when it cannot set up or run, never because of a number.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '../packages/service/test/browser.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { fmt, positive, table } from './lib/stats.js';
import { KINDS, measureFirstView, type FirstView, type Link } from './lib/throttled-view.js';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string' },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    'rtt-ms': { type: 'string', default: '150' },
    'down-kbps': { type: 'string', default: '1600' },
    'up-kbps': { type: 'string', default: '750' },
  },
});

/** The service this bench starts: this repository, or another checkout of it (a worktree of an older commit). */
const ROOT = path.resolve(args.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const RUNS = Math.floor(positive('runs', args.runs ?? (args.quick ? '2' : '7')));
/** Lighthouse's mobile slow 4G by default (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). */
const LINK: Link = {
  name: `${args['rtt-ms']} ms round trip, ${args['down-kbps']} kbit/s down, ${args['up-kbps']} kbit/s up`,
  latencyMs: positive('rtt-ms', args['rtt-ms']),
  downBytesPerS: (positive('down-kbps', args['down-kbps']) * 1000) / 8,
  upBytesPerS: (positive('up-kbps', args['up-kbps']) * 1000) / 8,
};
const GOAL_MS = 1000;
const GOAL_BYTES = 25 * 1024;

/**
 * The fastest this link can show those bytes: the page first (one round trip and its bytes), then
 * everything else at once (one more round trip, the rest of the bytes sharing the link), nothing
 * waiting on anything else. Rendering costs nothing here.
 */
function ceilingMs(view: FirstView): number {
  return 2 * LINK.latencyMs + (view.bytes / LINK.downBytesPerS) * 1000;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const ms = (value: number) => `${fmt(value, 0)} ms`;
const spread = (values: number[], unit: (v: number) => string) =>
  `${unit(Math.min(...values))} – ${unit(Math.max(...values))}`;

function commitOf(root: string): string {
  try {
    const head = execFileSync('git', ['-C', root, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--', 'packages'], { encoding: 'utf8' });
    return `${head.slice(0, 90)}${dirty.trim() ? ' (with uncommitted changes under packages/)' : ''}`;
  } catch {
    return 'not a git checkout';
  }
}

/** The requests of one view, in the order they started: the waterfall that explains its time. */
function waterfall(view: FirstView): string {
  return table(
    ['request', 'kind', 'encoding', 'bytes', 'start', 'end'],
    view.fetched.map((f) => {
      const { pathname, search } = new URL(f.url);
      return [`${pathname}${search}`.slice(0, 60), f.kind, f.encoding || '-', kb(f.bytes), ms(f.startMs), ms(f.endMs)];
    }),
  );
}

console.log('widget first view on an emulated slow link');
console.log(`  service from: ${ROOT}`);
console.log(`  commit: ${commitOf(ROOT)}`);
console.log(`  link (CDP Network.emulateNetworkConditions, cache disabled): ${LINK.name}`);
// The demo page exists only with the embedded database and SEED_DEMO on (docs/widget.md, "The demo page").
delete process.env.DATABASE_URL;
runBench(
  ROOT,
  8,
  async (service) => {
    const browser = await launchChromium();
    try {
      const url = `${service.sandboxUrl}/demo`;
      // Not counted: the service's first answers (JIT, pools) and the browser's first start.
      await measureFirstView(browser, url, LINK);
      const views: FirstView[] = [];
      for (let i = 0; i < RUNS; i++) {
        const view = await measureFirstView(browser, url, LINK);
        views.push(view);
        const parts = KINDS.filter((k) => view.bytesByKind[k] > 0).map((k) => `${k} ${kb(view.bytesByKind[k])}`);
        console.log(`  run ${i + 1}: first card ${ms(view.cardMs)}, ${kb(view.bytes)} (${parts.join(', ')})`);
      }
      const byTime = [...views].sort((a, b) => a.cardMs - b.cardMs);
      const typical = byTime[Math.floor(byTime.length / 2)]!;
      console.log(`\nthe median run's requests (finished by its first card, ${ms(typical.cardMs)}):`);
      console.log(waterfall(typical));

      const cards = views.map((v) => v.cardMs);
      const bytes = views.map((v) => v.bytes);
      console.log(`\n${RUNS} runs`);
      console.log(
        table(
          ['figure', 'median', 'spread (min – max)'],
          [
            ['first market card', ms(median(cards)), spread(cards, ms)],
            ['bytes on the wire', kb(median(bytes)), spread(bytes, kb)],
            ...KINDS.filter((k) => views.some((v) => v.bytesByKind[k] > 0)).map((k) => {
              const values = views.map((v) => v.bytesByKind[k]);
              return [`  ${k}`, kb(median(values)), spread(values, kb)];
            }),
          ],
        ),
      );
      const ceiling = median(views.map(ceilingMs));
      console.log(
        `\nceiling: 2 round trips (the page, then everything else at once) + the first view's bytes at ` +
          `${fmt(LINK.downBytesPerS / 1000, 0)} kB/s = ${ms(ceiling)}`,
      );
      console.log(
        table(
          ['figure', 'measured', 'ceiling', 'ratio', 'goal', 'met'],
          [
            [
              'first market card',
              ms(median(cards)),
              ms(ceiling),
              `${fmt(median(cards) / ceiling, 2)}x`,
              `< ${ms(GOAL_MS)}`,
              median(cards) < GOAL_MS ? 'yes' : 'NO',
            ],
            ['bytes', kb(median(bytes)), '-', '-', `< ${kb(GOAL_BYTES)}`, median(bytes) < GOAL_BYTES ? 'yes' : 'NO'],
          ],
        ),
      );
    } finally {
      await browser.close();
    }
    printRunTail(service);
  },
  { SEED_DEMO: '1' },
);
