import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Real Chromium for the widget's browser tests: Debian's package (never a browser a tool downloads),
 * headless, with the flags this machine's closed network needs. CHROMIUM_PATH overrides the path.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** The flags every Chromium here runs with (no sandbox, no GPU, nothing that calls out to the network). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * The Content-Security-Policy refusals Chromium writes to a page's console from now on (each reads
 * "Refused to … because it violates the following Content Security Policy directive …").
 */
export function cspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * An operator's page on an origin of its own (not the API's): it loads the widget script from the
 * sandbox listener and exposes window.mountWidget(options) for the tests, recording onSessionExpired
 * calls in window.expiredCalls and the last mount error in window.mountError. It sends the strictest
 * Content-Security-Policy an operator could, short of refusing the widget: scripts of its own (by nonce)
 * and the bundle's, calls to the API, nothing else, so a widget that needed more would be refused.
 */
export async function startHostPage(apiBase: string): Promise<{ origin: string; close(): Promise<void> }> {
  const nonce = randomBytes(16).toString('base64');
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${apiBase}/widget/`,
    `connect-src ${apiBase}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Operator page</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Operator page</h1><div id="target"></div></main>
<script nonce="${nonce}" src="${apiBase}/widget/v1/widget.iife.js"></script>
<script nonce="${nonce}">
  window.expiredCalls = 0;
  window.mountWidget = (options) => {
    window.mountError = null;
    try {
      window.handle = window.PredictionMarketWidget.mount({
        target: document.getElementById('target'),
        apiBaseUrl: ${JSON.stringify(apiBase)},
        onSessionExpired: () => { window.expiredCalls += 1; },
        ...options,
      });
      return true;
    } catch (error) {
      window.mountError = String(error.message);
      return false;
    }
  };
</script></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Gives every page of the context (or every document of one page) axe-core as it loads, for a test that
 * checks many pages: evaluating the library into a page after it loads is about 200 ms of each check.
 */
export async function axeOnEveryPage(context: BrowserContext | Page): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/** axe-core's findings on the page (the widget's Shadow DOM included) that are serious or critical. */
export async function seriousAxeFindings(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  // Evaluated, not added as a <script>: the pages' Content-Security-Policy refuses inline scripts. A page
  // of a context given axe up front (axeOnEveryPage) has it already.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;undefined`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n: any) => `${String(n.target)}: ${n.failureSummary ?? ''}`),
      }));
  });
}

/**
 * Runs `check` on a desk in the light scheme, then on a phone (`phoneWidth` px) in the dark one: each
 * palette of a page that follows prefers-color-scheme once, so that axe's text-contrast check reads both.
 * The page is left light whatever `check` throws, for the tests after it.
 */
export async function onDeskLightAndPhoneDark(
  page: Page,
  check: (width: number, colorScheme: 'light' | 'dark') => Promise<void>,
  phoneWidth = 390,
): Promise<void> {
  try {
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [phoneWidth, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await check(width, colorScheme);
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

/**
 * The page's clock for a wait that is one of the widget's own timers (a stream's backoff, a poll's
 * interval, a re-send's wait, how long a note stays): the test checks what happens when the timer fires, not
 * that it takes its real seconds. Install it before the widget sets the timer (before mounting): a timer set
 * earlier runs on the real clock, and the fake one cannot clear it. Time still flows between the moves.
 *
 * The clock moves only while none of the page's requests is waiting for its answer (the stream aside): the
 * widget's request timeout is a timer too, and moving past it would cut a request the service is answering.
 */
export interface PageClock {
  /** A reader for `expect.poll` that moves the clock on by `stepMs` first, when no request is in flight. */
  stepping<T>(read: () => Promise<T>, stepMs?: number): () => Promise<T>;
  /** Moves the clock on by `ms` at once, as soon as no request is in flight. */
  jump(ms: number): Promise<void>;
}

export async function installClock(page: Page): Promise<PageClock> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('/v1/widget/stream')) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  await page.clock.install();
  return {
    stepping:
      (read, stepMs = 500) =>
      async () => {
        if (inFlight.size === 0) await page.clock.fastForward(stepMs);
        return read();
      },
    async jump(ms) {
      await expect.poll(() => inFlight.size, { message: 'requests in flight before the clock moves' }).toBe(0);
      await page.clock.fastForward(ms);
    },
  };
}

/**
 * Resizes the page as a phone turned sideways would, and waits two frames: the resize's layout, and what
 * the page's resize observers change after it.
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  });
}

/**
 * The widths in the order the i-th of several mounts goes through them, starting at a different one each:
 * a test that mounts once and resizes then still sees a first draw at every width, in one mount or another.
 */
export const widthsFrom = (widths: readonly number[], i: number): number[] => {
  const at = i % widths.length;
  return [...widths.slice(at), ...widths.slice(0, at)];
};
