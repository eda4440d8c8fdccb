import type { Browser } from 'playwright-core';

/** An emulated network link: CDP's Network.emulateNetworkConditions in ms and bytes per second. */
export interface Link {
  name: string;
  /** Added before each response's headers (DevTools' "latency"): one round trip per request. */
  latencyMs: number;
  downBytesPerS: number;
  upBytesPerS: number;
}

/** What a request of the first view is, by its path. */
export type Kind = 'page' | 'bundle' | 'locale' | 'api' | 'stream' | 'other';
export const KINDS: readonly Kind[] = ['page', 'bundle', 'locale', 'api', 'stream', 'other'];

export interface Fetched {
  url: string;
  kind: Kind;
  /** Bytes received for it (headers and body as sent, encoded): loadingFinished's encodedDataLength. */
  bytes: number;
  /** Content-Encoding of the answer, '' for none. */
  encoding: string;
  /** From navigation start, ms. */
  startMs: number;
  endMs: number;
}

export interface FirstView {
  /** Navigation start to the first market card drawn in the widget's shadow root, ms. */
  cardMs: number;
  /** The requests finished by then (the stream counts the bytes it had received). */
  fetched: Fetched[];
  bytesByKind: Record<Kind, number>;
  bytes: number;
}

/**
 * The host page (/demo, and its own session call), the widget's files and its API; the stream apart,
 * since it never finishes.
 */
export function kindOf(url: string): Kind {
  const { pathname } = new URL(url);
  if (pathname === '/demo' || pathname.startsWith('/demo/')) return 'page';
  if (pathname.startsWith('/widget/')) return pathname.includes('/locales/') ? 'locale' : 'bundle';
  if (pathname === '/v1/widget/stream') return 'stream';
  if (pathname.startsWith('/v1/')) return 'api';
  return 'other';
}

/**
 * Records, from the page's own clock, when the first market card inside the widget host's shadow root
 * shows its title (a loading skeleton's grey cards have none): checked on every animation frame, so to the frame it is drawn in. A string, not a function:
 * tsx would wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_FIRST_CARD = `(() => {
  const tick = () => {
    const root = document.querySelector('[data-prediction-market-widget]')?.shadowRoot;
    const title = root?.querySelector('.card .title');
    if (title && title.textContent.trim() !== '' && title.getBoundingClientRect().height > 0) {
      window.firstCardMs = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Seen {
  url: string;
  start: number;
  end?: number;
  bytes: number;
  encoding: string;
  /** Chunks as they arrived (CDP timestamp, encoded bytes): what an unfinished stream had by the card. */
  chunks: [number, number][];
}

/**
 * One first view of `url` in a fresh browser context (no cache, cache disabled too) over `link`: the
 * time to the first market card and the bytes of every request finished by then.
 */
export async function measureFirstView(browser: Browser, url: string, link: Link, timeoutMs = 30_000) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.latencyMs,
      downloadThroughput: link.downBytesPerS,
      uploadThroughput: link.upBytesPerS,
    });
    const seen = new Map<string, Seen>();
    let navigationStart: number | null = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (navigationStart === null && e.type === 'Document') navigationStart = e.timestamp;
      seen.set(e.requestId, { url: e.request.url, start: e.timestamp, bytes: 0, encoding: '', chunks: [] });
    });
    cdp.on('Network.responseReceived', (e) => {
      const entry = seen.get(e.requestId);
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      if (entry) entry.encoding = String(headers['content-encoding'] ?? '');
    });
    cdp.on('Network.dataReceived', (e) => {
      const entry = seen.get(e.requestId);
      entry?.chunks.push([e.timestamp, e.encodedDataLength]);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const entry = seen.get(e.requestId);
      if (entry) Object.assign(entry, { end: e.timestamp, bytes: e.encodedDataLength });
    });
    await page.addInitScript(WATCH_FIRST_CARD);
    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    await page
      .waitForFunction(() => (window as { firstCardMs?: number }).firstCardMs !== undefined, null, {
        timeout: timeoutMs,
        polling: 50,
      })
      .catch(async (error: Error) => {
        // Say what the widget showed instead (an error note, a skeleton, nothing).
        const shown = await page.evaluate(
          () => document.querySelector('[data-prediction-market-widget]')?.shadowRoot?.textContent ?? 'no widget',
        );
        throw new Error(`no market card within ${timeoutMs} ms; the widget showed: ${shown.slice(0, 300)}`, {
          cause: error,
        });
      });
    const cardMs = await page.evaluate(() => (window as { firstCardMs?: number }).firstCardMs!);
    return firstViewOf(cardMs, [...seen.values()], navigationStart);
  } finally {
    await context.close();
  }
}

/** The requests that finished by the card (and the open stream's bytes so far), by kind. */
function firstViewOf(cardMs: number, seen: Seen[], navigationStart: number | null): FirstView {
  if (navigationStart === null) throw new Error('no document request was seen');
  const msOf = (t: number) => (t - navigationStart) * 1000;
  const fetched: Fetched[] = [];
  for (const s of seen) {
    const kind = kindOf(s.url);
    if (s.end !== undefined && msOf(s.end) <= cardMs) {
      fetched.push({
        url: s.url,
        kind,
        bytes: s.bytes,
        encoding: s.encoding,
        startMs: msOf(s.start),
        endMs: msOf(s.end),
      });
    } else if (s.end === undefined && kind === 'stream' && msOf(s.start) <= cardMs) {
      const bytes = s.chunks.filter(([t]) => msOf(t) <= cardMs).reduce((sum, [, n]) => sum + n, 0);
      fetched.push({ url: s.url, kind, bytes, encoding: s.encoding, startMs: msOf(s.start), endMs: cardMs });
    }
  }
  fetched.sort((a, b) => a.startMs - b.startMs);
  const bytesByKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  for (const f of fetched) bytesByKind[f.kind] += f.bytes;
  return { cardMs, fetched, bytesByKind, bytes: fetched.reduce((sum, f) => sum + f.bytes, 0) };
}
