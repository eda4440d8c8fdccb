import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, resizeTo, widthsFrom } from './browser.js';
import { uniqueKey } from './helpers.js';
import { createMarket } from './trading-helpers.js';
import { OPEN_WINDOW, startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * The phone layout (UX: "nothing clipped or overlapping in the longest locale"), measured rather than
 * looked at: every view of the widget at 320, 375 and 480 px in English, German (long words) and Arabic
 * (right to left), with a long market title and outcome names, an open position and an ended one.
 */
const WIDTHS = [320, 375, 480];
const LOCALES = ['en', 'de', 'ar'];
const VIEWS = ['list', 'market', 'portfolio', 'leaders', 'profile'] as const;

let harness: WidgetHarness;
/** A new user with an open and a closed position: one per page, as the widget's own reads are limited per user. */
let trader: () => Promise<string>;

/**
 * What is wrong with the layout on screen, in words: a control or text whose content is wider than its
 * box (clipped or spilling), one that sticks out of the widget (outside a scrolling row), a button whose
 * label wraps to more than two lines (squeezed into a column), and two controls or texts that overlap.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-prediction-market-widget]')!.shadowRoot!;
    const app = root.querySelector('.app')!.getBoundingClientRect();
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const selector =
      'button, input, select, [role=tab], .title, .price, .badge, strong, dt, dd, th, td, h2, label, legend';
    const shown = [...root.querySelectorAll(selector)].filter((el) => {
      const box = el.getBoundingClientRect();
      // An outcome's radio is see-through over its label, which is the control a user sees and taps.
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    });
    const problems: string[] = [];
    /** The lines of text a user sees in an element: words for screen readers only are not counted. */
    const lines = (el: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
      }
      // Smaller text on the same line (a change in points beside a price) starts a few pixels lower.
      tops.sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
    };
    for (const el of shown) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (style.display !== 'inline' && !scrolls && el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'INPUT')
        problems.push(`${name(el)} is ${el.scrollWidth - el.clientWidth}px wider than its box`);
      const inScroller = el.closest('nav[role=tablist], .scroll-x');
      if (!inScroller && (box.left < app.left - 1 || box.right > app.right + 1))
        problems.push(`${name(el)} sticks out of the widget (${Math.round(box.left)}–${Math.round(box.right)})`);
      // A market's title, and an outcome's row on its card, read as text: they wrap like text (the rule
      // is for the labels of actions).
      const title = ['open', 'title', 'row-button'].some((c) => el.classList.contains(c));
      if (el.tagName === 'BUTTON' && !title && lines(el) > 2) problems.push(`${name(el)} wraps to ${lines(el)} lines`);
    }
    for (let i = 0; i < shown.length; i += 1)
      for (let j = i + 1; j < shown.length; j += 1) {
        const [a, b] = [shown[i]!, shown[j]!];
        if (a.contains(b) || b.contains(a)) continue;
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const width = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const height = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (width > 1 && height > 1)
          problems.push(`${name(a)} overlaps ${name(b)} by ${Math.round(width)}×${Math.round(height)}px`);
      }
    return problems;
  });
}

describe.skipIf(!hasChromium)('the widget on a phone', () => {
  beforeAll(async () => {
    harness = await startWidgetHarness({ locales: LOCALES });
    const { service, tenant } = harness;
    const market = await createMarket(service, tenant, {
      ...OPEN_WINDOW,
      title: 'Will the national team reach the final of the 2027 continental championship?',
      outcomes: [{ title: 'Yes, before extra time' }, { title: 'Only after penalties' }, { title: 'No' }],
    });
    trader = async () => {
      const { token } = await harness.newUser('500.00');
      // An open position and a closed one, opened through the session as a user would.
      for (const stake of ['25.00', '10.00']) {
        const opened = await service.api('sandbox', 'POST', '/v1/positions', {
          key: token,
          idempotencyKey: uniqueKey(),
          body: { market_slug: market.slug, outcome_id: market.outcomes[1]!.id, stake, max_price: '1' },
        });
        expect(opened.status, opened.text).toBe(201);
        if (stake !== '10.00') continue;
        const closed = await service.api('sandbox', 'POST', `/v1/positions/${opened.json.id}/close`, {
          key: token,
          idempotencyKey: uniqueKey(),
          body: { min_price: '0.000001' },
        });
        expect(closed.status, closed.text).toBe(200);
      }
      return token;
    };
  }, 120_000);
  afterAll(() => harness?.stop());
  afterEach(() => harness.finishTest());

  const show = async (page: Page, view: (typeof VIEWS)[number]) => {
    const tab = (n: number) => page.getByRole('tab').nth(n).click();
    if (view === 'market') await page.locator('.card.market .open').first().click();
    if (view === 'portfolio') await tab(1);
    if (view === 'leaders') await tab(2);
    if (view === 'profile') await tab(3);
    await harness.settled(page);
  };

  for (const [i, locale] of LOCALES.entries())
    it(`lays out every view without clipping or overlap at ${WIDTHS.join(', ')} px in ${locale}`, async () => {
      const found: string[] = [];
      // One mount per locale, each at a different width; each view is then measured at every width by
      // resizing the page. The widget is laid out by its container's width (container queries) and measures
      // its tabs and chart again on resize (ui/app.tsx, ui/chart-plot.tsx), as on a phone turned sideways;
      // a first draw is still checked at every width, in one locale or another.
      const order = widthsFrom(WIDTHS, i);
      const page = await harness.open({ width: order[0]!, height: 900 });
      expect(await harness.mountAs(page, await trader(), { locale })).toBe(true);
      await page.locator('.card.market').first().waitFor();
      for (const view of VIEWS) {
        if (view !== 'list') await show(page, view);
        for (const width of order) {
          await resizeTo(page, { width, height: 900 });
          await harness.settled(page);
          for (const problem of await layoutProblems(page)) found.push(`${width}px ${view}: ${problem}`);
        }
        await page.setViewportSize({ width: order[0]!, height: 900 });
        if (view === 'market') await page.locator('.detail .bar button').first().click();
      }
      await page.close();
      harness.expectNoCspRefusal();
      expect(found).toEqual([]);
    }, 120_000);
});
