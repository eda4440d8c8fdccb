import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeFindings } from './browser.js';
import { uniqueKey } from './helpers.js';
import { createMarket, type TestMarket } from './trading-helpers.js';
import { startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * The market's price chart in real Chromium: drawn across the whole box at the box's real width, a
 * price range fitted to the data, a line and a legend entry per outcome, the 1D/1W/All ranges asking
 * /history for what they show, a keyboard readout, a name and a description, loading, failure and
 * emptiness, and no serious axe finding in either scheme.
 *
 * The service runs on the real clock, so a market's past cannot be traded into existence: the test
 * writes three days of hourly price points straight into price_points (what trades would have left),
 * then moves the price now with API-key opens.
 */
const HOUR = 3_600_000;
const OPENED = new Date(Date.now() - 10 * 24 * HOUR).toISOString();
const TITLE = 'Will the chart show the moves?';
const YOUNG = 'A market opened a moment ago';
/** The legend's entries: the line's readout once drawn, or the prices list while there is none. */
const LEGEND = '.chart ul.legend li, .chart .readout .legend bdi';
let harness: WidgetHarness;
let market: TestMarket;

/** Prices over the last 72 hours: Yes wanders between about 32 % and 48 %, No between 42 % and 52 %. */
async function writePast(marketId: string) {
  for (let h = 72; h >= 1; h -= 1) {
    const yes = 0.4 + 0.08 * Math.sin(h / 5);
    const no = 0.47 - 0.05 * Math.sin(h / 7);
    const micro = [yes, no, 1 - yes - no].map((p) => BigInt(Math.round(p * 1e6)));
    const ts = new Date(Date.now() - h * HOUR);
    await sql`insert into price_points (market_id, ts, prices) values (${marketId}, ${ts}, ${micro.map(String)}::bigint[])`.execute(
      harness.service.db,
    );
  }
}

async function moveThePrice(slug: string, outcomeId: string, stake: string) {
  const whale = await harness.newUser('10000.00');
  const res = await harness.service.api('sandbox', 'POST', '/v1/positions', {
    key: harness.tenant.sandboxKey,
    idempotencyKey: uniqueKey(),
    body: { external_user_id: whale.user, market_slug: slug, outcome_id: outcomeId, stake, max_price: '1' },
  });
  expect(res.status, res.text).toBe(201);
}

/** The widget on the page for a new user: a user's session may read its config only 10 times a minute. */
async function mount(page: Page, options: Record<string, unknown> = {}): Promise<boolean> {
  return harness.mountAs(page, (await harness.newUser()).token, options);
}

/** A page at this width with the widget mounted on the market named, its chart drawn. */
async function chartPage(width: number, options: Record<string, unknown> = {}, title = TITLE): Promise<Page> {
  const page = await harness.open({ width, height: 1000 });
  expect(await mount(page, options)).toBe(true);
  await page.getByText(title, { exact: true }).first().click();
  await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
  return page;
}

/** Boxes of the plot's svg and lines, in CSS pixels. */
const geometry = (page: Page) =>
  page.locator('.chart svg').evaluate((svg) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
    };
    const grid = [...svg.querySelectorAll('.grid')].map(box);
    return {
      svg: box(svg),
      plot: box(svg.parentElement!),
      lines: [...svg.querySelectorAll('path.series')].map(box),
      gridTop: Math.min(...grid.map((g) => g.top)),
      gridBottom: Math.max(...grid.map((g) => g.bottom)),
      strokes: [...svg.querySelectorAll('path.series')].map((p) => getComputedStyle(p).stroke),
    };
  });

describe.skipIf(!hasChromium)('the price chart', () => {
  beforeAll(async () => {
    harness = await startWidgetHarness({ locales: ['en', 'ar'] });
    const { service, tenant } = harness;
    market = await createMarket(service, tenant, {
      opens_at: OPENED,
      closes_at: '2027-12-31T00:00:00Z',
      title: TITLE,
      outcomes: [{ title: 'Yes' }, { title: 'No' }, { title: 'Maybe' }],
    });
    await writePast(market.id);
    await moveThePrice(market.slug, market.outcomes[0]!.id, '30.00');
    await createMarket(service, tenant, {
      opens_at: new Date().toISOString(),
      closes_at: '2027-12-31T00:00:00Z',
      title: YOUNG,
    });
  }, 120_000);
  afterAll(() => harness?.stop());
  afterEach(() => harness.finishTest());

  for (const width of [1280, 375]) {
    it(`spans the whole box at ${width} px, with a price range that makes the moves visible`, async () => {
      const page = await chartPage(width);
      const g = await geometry(page);
      expect(g.svg.width).toBeGreaterThan(0);
      expect(Math.abs(g.svg.width - g.plot.width)).toBeLessThanOrEqual(1);
      // The lines start at the box's start and stop before the price labels at its end.
      for (const line of g.lines) {
        expect(line.left - g.svg.left).toBeLessThanOrEqual(2);
        expect(line.width).toBeGreaterThan(g.svg.width - 60);
      }
      // Yes moved about 16 points: on a 0–100 % axis that would be a sixth of the plot; fitted, far more.
      const yes = g.lines[0]!;
      expect(yes.height / (g.gridBottom - g.gridTop)).toBeGreaterThan(0.3);
      const all = { top: Math.min(...g.lines.map((l) => l.top)), bottom: Math.max(...g.lines.map((l) => l.bottom)) };
      expect((all.bottom - all.top) / (g.gridBottom - g.gridTop)).toBeGreaterThan(0.6);
      // Nothing wider than the widget: no sideways scroll, the range buttons inside the figure.
      const overflow = await page.locator('.chart').evaluate((figure) => {
        const f = figure.getBoundingClientRect();
        return [...figure.querySelectorAll('button, .legend li, .legend bdi')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < f.left - 0.5 || r.right > f.right + 0.5;
        }).length;
      });
      expect(overflow).toBe(0);
      harness.expectNoCspRefusal();
      await page.close();
    });
  }

  it('draws one line per outcome, each its own colour, with a legend of the prices now', async () => {
    const page = await chartPage(1000);
    const g = await geometry(page);
    expect(g.lines).toHaveLength(3);
    expect(new Set(g.strokes).size).toBe(3);
    const legend = await page.locator(LEGEND).allTextContents();
    expect(legend).toHaveLength(3);
    expect(legend[0]).toMatch(/^Yes \d+%/);
    expect(legend.map((l) => l.split(' ')[0])).toEqual(['Yes', 'No', 'Maybe']);
    // The first outcome is drawn in the accent.
    const accent = await page
      .locator(LEGEND)
      .first()
      .evaluate((li) => getComputedStyle(li).getPropertyValue('--series').trim());
    expect(accent).toMatch(/^var\(--pm-accent\)|#2057d6$/i);
    await page.close();
  });

  it('asks /history for each range: a day by the minute, a week by the hour, all since opens_at', async () => {
    const page = await harness.open({ width: 1000, height: 1000 });
    const asked: URLSearchParams[] = [];
    page.on('request', (r) => r.url().includes('/history') && asked.push(new URL(r.url()).searchParams));
    await mount(page);
    await page.getByText(TITLE, { exact: true }).first().click();
    await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
    const last = () => asked.at(-1)!;
    const hoursBack = (q: URLSearchParams) => (Date.parse(q.get('to')!) - Date.parse(q.get('from')!)) / HOUR;
    expect(last().get('interval')).toBe('1h');
    expect(hoursBack(last())).toBeCloseTo(168, 0);
    expect(await page.locator('.chart').getAttribute('data-range')).toBe('week');

    for (const [button, interval] of [
      ['1D', '1m'],
      ['All', '1h'],
    ] as const) {
      const before = asked.length;
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect.poll(() => asked.length).toBeGreaterThan(before);
      expect(last().get('interval')).toBe(interval);
      await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
      expect(await page.getByRole('button', { name: button, exact: true }).getAttribute('aria-pressed')).toBe('true');
    }
    const all = last();
    expect(all.get('from')).toBe(OPENED);
    expect(Math.abs(Date.parse(all.get('to')!) - Date.now())).toBeLessThan(60_000);
    expect(await page.getByRole('slider').getAttribute('aria-label')).toBe('Price chart since the market opened');
    const day = asked.find((q) => q.get('interval') === '1m')!;
    expect(hoursBack(day)).toBeCloseTo(24, 0);

    // An answer is kept for a minute per market and range: back on 1W and 1D, and on the market
    // opened again, nothing is asked (the feed tier is 60 a minute per user).
    const before = asked.length;
    for (const button of ['1W', '1D']) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
    }
    await page.getByRole('button', { name: 'All markets' }).click();
    await page.getByText(TITLE, { exact: true }).first().click();
    await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    expect(asked.length).toBe(before);
    await page.close();
  });

  it("ends a settled market's lines at its resolution: the winner at 100 %, the others at 0 %, in the legend too", async () => {
    const { service, tenant } = harness;
    const settled = async (title: string, action: 'resolve' | 'void') => {
      const m = await createMarket(service, tenant, {
        opens_at: OPENED,
        closes_at: '2027-12-31T00:00:00Z',
        title,
        outcomes: [{ title: 'Yes' }, { title: 'No' }],
      });
      await moveThePrice(m.slug, m.outcomes[1]!.id, '20.00');
      const body = action === 'resolve' ? { outcome_id: m.outcomes[0]!.id } : undefined;
      expect((await service.platform('POST', `/platform/v1/markets/${m.slug}/${action}`, body)).status).toBe(200);
    };
    await settled('A market Yes won', 'resolve');
    await settled('A market that was voided', 'void');
    const page = await harness.open({ width: 1000, height: 1000 });
    await mount(page);
    const legendOf = async (title: string) => {
      await page.getByText(title, { exact: true }).first().click();
      await page.locator('.chart path.series').first().waitFor({ state: 'attached' });
      const legend = await page.locator(LEGEND).allTextContents();
      await page.getByRole('button', { name: 'All markets' }).click();
      return legend;
    };
    // The line ends at its resolution at 1 and 0, and the legend says where each line ends.
    const won = await legendOf('A market Yes won');
    expect(won[0]).toMatch(/^Yes 100%/);
    expect(won[1]).toMatch(/^No 0%/);
    // A voided market's lines end where the prices stood when it was voided.
    expect((await legendOf('A market that was voided')).map((l) => l.split(' ')[0])).toEqual(['Yes', 'No']);
    await page.close();
  });

  it('asks a young market again by the minute when its hours hold too few points', async () => {
    const page = await harness.open({ width: 1000, height: 1000 });
    const asked: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/history') && asked.push(new URL(r.url()).searchParams.get('interval')!),
    );
    await mount(page);
    await page.getByText(YOUNG, { exact: true }).first().click();
    await page.locator('.chart svg path.series, .chart .chart-empty').first().waitFor({ state: 'attached' });
    expect(asked).toEqual(['1h', '1m']);
    await page.close();
  });

  it('reads the prices at a point from the keyboard, with a name and a description for screen readers', async () => {
    const page = await chartPage(1000);
    const slider = page.getByRole('slider', { name: 'Price chart, past week' });
    expect(await slider.count()).toBe(1);
    const description = await slider.evaluate((el) =>
      el.getRootNode() instanceof ShadowRoot
        ? (el.getRootNode() as ShadowRoot).getElementById(el.getAttribute('aria-describedby')!)!.textContent
        : null,
    );
    expect(description).toMatch(
      /^Yes \d+%, (up|down) [\d.]+ points; No \d+%, (up|down) [\d.]+ points; Maybe .*Arrow keys/,
    );
    const readout = page.locator('.chart .readout p:not(.hidden)');
    await slider.focus();
    const now = await readout.textContent();
    expect(now).toMatch(/^\w{3} \d+, \d+:\d\d\s[AP]MYes \d+%No \d+%Maybe \d+%$/);
    expect(await slider.getAttribute('aria-valuetext')).toMatch(
      /^\w{3} \d+, \d+:\d\d\s[AP]M: Yes \d+%; No \d+%; Maybe \d+%$/,
    );
    expect(await page.locator('.chart .rule').count()).toBe(1);
    await page.keyboard.press('ArrowLeft');
    const before = await readout.textContent();
    expect(before).not.toBe(now);
    await page.keyboard.press('ArrowRight');
    expect(await readout.textContent()).toBe(now);
    await page.keyboard.press('Home');
    const first = await readout.textContent();
    expect(first).not.toBe(now);
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
    await page.keyboard.press('End');
    expect(await readout.textContent()).toBe(now);
    // The pointer moves the same readout: at the plot's left edge, the first point (since the plot stands
    // beside the ticket it is narrower, and 5 px in can be nearer the next hour of the week).
    const box = (await page.locator('.chart svg').boundingBox())!;
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    expect(await readout.textContent()).toBe(first);
    await page.close();
  });

  it('shows a skeleton the plot’s size while loading, and a failure with Retry that then draws', async () => {
    const page = await harness.open({ width: 1000, height: 1000 });
    // The client replays a GET twice after a network failure: three failures reach the chart.
    let failures = 3;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/history?**', async (route) => {
      await held;
      if (failures-- > 0) return route.abort('connectionreset');
      return route.continue();
    });
    await mount(page);
    await page.getByText(TITLE, { exact: true }).first().click();
    const skeleton = page.locator('.chart .chart-skeleton');
    await skeleton.waitFor();
    expect((await skeleton.boundingBox())!.height).toBeGreaterThan(180);
    expect(await skeleton.getAttribute('aria-busy')).toBe('true');
    release();
    await page.getByText('The price history did not load.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
    await page.close();
  });

  it('says there is no history yet when /history has no point', async () => {
    const page = await harness.open({ width: 1000, height: 1000 });
    await page.route('**/history?**', async (route) =>
      route.fulfill({ response: await route.fetch(), json: { market_slug: market.slug, points: [] } }),
    );
    await mount(page);
    await page.getByText(TITLE, { exact: true }).first().click();
    await page.getByText('No price history yet.').waitFor();
    expect(await page.locator('.chart svg').count()).toBe(0);
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious axe finding in the ${scheme} scheme, with the readout showing`, async () => {
      const page = await chartPage(1000, { scheme });
      await page.getByRole('slider').focus();
      await page.keyboard.press('ArrowLeft');
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.close();
    });
  }

  it('in Arabic: words and legend from the right, time still left to right', async () => {
    const page = await harness.open({ width: 375, height: 1000 });
    await mount(page, { locale: 'ar' });
    // Arabic texts load after the first render; the list is drawn again with them.
    await page.locator('.app[lang="ar"] nav').waitFor();
    await page.getByText(TITLE, { exact: true }).first().click();
    await page.locator('.chart svg path.series').first().waitFor({ state: 'attached' });
    expect(await page.getByRole('slider').getAttribute('aria-label')).toBe('رسم الأسعار، آخر أسبوع');
    const sides = await page.locator('.chart').evaluate((figure) => {
      const f = figure.getBoundingClientRect();
      const legend = figure.querySelector('.readout .legend bdi')!.getBoundingClientRect();
      const svg = figure.querySelector('svg')!;
      const first = svg.querySelector('text.time');
      const times = [...svg.querySelectorAll('text.time')].map((t) => t.getBoundingClientRect().left);
      return {
        legendGap: f.right - legend.right,
        ascending: times.every((x, i) => i === 0 || x > times[i - 1]!),
        first: !!first,
      };
    });
    expect(sides.legendGap).toBeLessThan(2);
    expect(sides.ascending).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.close();
  });
});
