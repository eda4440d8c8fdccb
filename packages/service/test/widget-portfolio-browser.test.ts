import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseOn } from '../scripts/scratch-database.js';
import { hasChromium, installClock, launchChromium, seriousAxeFindings, startHostPage } from './browser.js';
import { createTenant, startTestService } from './helpers.js';
import { createMarket, fundedUser, operatorOpen, sessionFor, type TestMarket } from './trading-helpers.js';
import { expectClosedNoteThenEnded, OPEN_WINDOW, startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * The user's own views in Chromium (issue 27, points 4, 6 and 7): every open position with its value
 * and profit or loss, the close's confirmation, ended results, the leaderboard's own line, the profile's
 * removal, and a kill switch's own message.
 */
let h: WidgetHarness;

describe.skipIf(!hasChromium)('the portfolio, the leaderboard and the profile in Chromium', () => {
  beforeAll(async () => {
    h = await startWidgetHarness();
  }, 120_000);
  afterAll(() => h?.stop());
  afterEach(() => h.finishTest());

  const market = (title: string, over: Record<string, unknown> = {}) =>
    createMarket(h.service, h.tenant, { ...OPEN_WINDOW, title, max_open_stake_per_user: '1000.00', ...over });
  const open = (m: TestMarket, user: string, stake = '5.00', outcome = 0) =>
    operatorOpen(h.service, h.tenant.sandboxKey, m, user, stake, outcome);
  const platform = (m: TestMarket, action: 'resolve' | 'void', outcome = 0) =>
    h.service.platform(
      'POST',
      `/platform/v1/markets/${m.slug}/${action}`,
      action === 'resolve' ? { outcome_id: m.outcomes[outcome]!.id } : undefined,
    );
  const asUser = (token: string, method: string, path: string, body?: unknown) =>
    h.service.api('sandbox', method, path, { key: token, body });
  const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();
  /** Position and group cards (not the totals above them). */
  const cards = (page: Page) => page.locator('.card.position:not(.summary)');
  const inView = async (page: Page, selector: string) => {
    const box = (await page.locator(selector).boundingBox())!;
    const { height } = page.viewportSize()!;
    return box.y >= 0 && box.y + box.height <= height;
  };

  it('reads every page of positions and shows the newest open ones first, with value and profit or loss', async () => {
    const { user, token } = await h.newUser('500.00');
    const old = await market('Many small positions');
    // 503 positions: more than one page of 500, oldest first in the API.
    for (let start = 0; start < 503; start += 25) {
      await Promise.all(Array.from({ length: Math.min(25, 503 - start) }, () => open(old, user, '0.01')));
    }
    const newest = await market('The newest position');
    await open(newest, user, '10.00');

    const page = await h.open();
    const quotes: string[] = [];
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/close-quote')) quotes.push(r.url());
      if (r.url().includes('/v1/positions?')) lists.push(r.url());
    });
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    const first = cards(page).first();
    await expect.poll(() => first.locator('.title').textContent(), { timeout: 10_000 }).toBe('The newest position');
    // Its value comes from a close quote, and the profit or loss is that value less the 10.00 staked.
    await expect.poll(() => first.locator('.value').textContent()).toMatch(/^\d+\.\d\d$/);
    const value = Number(await first.locator('.value').textContent());
    const figures = await first.locator('.figures').innerText();
    expect(figures).toContain('Shares');
    expect(figures).toContain('Average price');
    expect(figures).toContain('10.00');
    const pnl = (value - 10).toFixed(2);
    expect(figures).toContain(`${Number(pnl) > 0 ? '+' : ''}${pnl} (`);

    expect(lists.some((url) => url.includes('cursor='))).toBe(true);
    // Two holdings: the newest on its own card, the 503 others under one card, whole (the list pages by
    // holdings, so a card and its cash-out always cover every position of its holding).
    expect(await cards(page).count()).toBe(2);
    expect(await page.locator('.card.group button.expand').textContent()).toBe('Show the 503 positions');
    expect(await page.getByRole('button', { name: /^Show \d+ more$/ }).count()).toBe(0);
    await expect.poll(() => quotes.length).toBe(20);
    // The totals wait for every open position's value: 484 are not quoted yet.
    expect(await page.locator('.summary .value').textContent()).toBe('—');
    // Quotes keep to their budget: nothing more is asked within the minute.
    await page.waitForTimeout(2_000);
    expect(quotes.length).toBe(20);
  }, 60_000);

  it('closes at a phone width with the quote under its position, then confirms what was paid and the balance', async () => {
    const { user, token } = await h.newUser('100.00');
    const m = await market('A market to close on a phone');
    await open(m, user, '10.00');
    const page = await h.open({ width: 375, height: 800 });
    const clock = await installClock(page);
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    await expect.poll(() => page.getByText(/^Cashing out now pays/).count()).toBe(1);
    const confirm = page.getByRole('button', { name: /^Cash out for/ });
    // The confirm has the card's width, not a squeezed column, and its text is not clipped.
    const card = (await cards(page).first().boundingBox())!;
    const button = (await confirm.boundingBox())!;
    expect(button.width).toBeGreaterThan(card.width * 0.7);
    expect(await confirm.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await confirm.click();
    const note = page.locator('.portfolio .note.ok');
    await expect
      .poll(() => note.textContent())
      .toMatch(/^Cashed out for \d+\.\d\d( \((profit|loss) \d+\.\d\d\))?\. Your balance is now/);
    const balance = await h.balanceOf(user);
    expect(await note.textContent()).toContain(`Your balance is now ${balance}.`);
    await expectClosedNoteThenEnded(clock, note, page.locator('.badge.closed'));
    expect(await page.getByText('No open positions yet.').count()).toBe(1);
  });

  it('says a position worth less than a cent cannot be cashed out and settles with the market, with no Cash out', async () => {
    const { user, token } = await h.newUser('10.00');
    const m = await market('A crumb of a position');
    await open(m, user, '0.01');
    const page = await h.open({ width: 375, height: 800 });
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    const worthless = page.getByText(/^This position is worth less than the smallest amount that can be paid out/);
    await expect.poll(() => worthless.count(), { timeout: 10_000 }).toBe(1);
    // Its value is what closing would pay: nothing.
    expect(await cards(page).first().locator('.value').first().textContent()).toBe('0.00');
    expect(await cards(page).first().getByRole('button', { name: 'Cash out', exact: true }).count()).toBe(0);
  });

  it('groups purchases of one outcome under one card with their totals, and sums every open position above', async () => {
    const { user, token } = await h.newUser('200.00');
    const lions = await market('Lions against Tigers');
    const other = await market('Another market');
    for (let i = 0; i < 4; i++) await open(lions, user, '5.00', 0);
    await open(other, user, '7.00', 0);
    const page = await h.open({ width: 375, height: 800 });
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(2);
    const group = page.locator('.card.group').filter({ hasText: 'Lions against Tigers' });
    expect(await group.locator('.title').textContent()).toBe('Lions against Tigers');
    // The group's stake is the four stakes; its value and profit or loss come once every position is quoted.
    expect(await group.locator(':scope > .figures').innerText()).toContain('20.00');
    await expect.poll(() => group.locator(':scope > .figures .value').textContent()).toMatch(/^\d+\.\d\d$/);
    const summary = page.locator('.summary');
    expect(await summary.innerText()).toContain('27.00');
    await expect.poll(() => summary.locator('.value').textContent()).toMatch(/^\d+\.\d\d$/);
    const values = await page.locator('.card.position:not(.summary) > .figures .value').allTextContents();
    const total = values.reduce((sum, v) => sum + Math.round(Number(v) * 100), 0) / 100;
    expect(await summary.locator('.value').textContent()).toBe(total.toFixed(2));
    // Folded: one cash-out of the whole holding; opened, each position has its own too.
    expect(await group.getByRole('button', { name: 'Cash out', exact: true }).count()).toBe(0);
    expect(await group.getByRole('button', { name: 'Cash out all 4' }).count()).toBe(1);
    await group.getByRole('button', { name: 'Show the 4 positions' }).click();
    expect(await group.getByRole('button', { name: 'Cash out', exact: true }).count()).toBe(4);
    expect(await group.getByRole('button', { name: 'Hide the positions' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('confirms a close in the place of its card, far down the list, then moves it to Ended', async () => {
    const { user, token } = await h.newUser('200.00');
    const oldest = await open(await market('The oldest position, at the bottom'), user, '10.00');
    for (let i = 0; i < 6; i++) await open(await market(`A newer market ${i}`), user, '5.00');
    const page = await h.open({ width: 375, height: 700 });
    const clock = await installClock(page);
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    const holding = page.locator('.card.group').filter({ hasText: 'The oldest position, at the bottom' });
    await holding.getByRole('button', { name: 'Cash out', exact: true }).click();
    await holding.getByRole('button', { name: /^Cash out for/ }).click();
    const card = page.locator(`[data-position="${oldest.id}"]`);
    const note = card.locator('.note.ok');
    await expect.poll(() => note.textContent()).toMatch(/^Cashed out for \d+\.\d\d.* Your balance is now/);
    expect(await inView(page, `[data-position="${oldest.id}"]`)).toBe(true);
    // The note took the focus the confirm button had (it went with the card).
    expect(await card.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    expect(await page.locator('.portfolio > .note.ok').count()).toBe(0);
    await expectClosedNoteThenEnded(clock, note, page.locator('.card.past .badge.closed'));
    expect(await note.count()).toBe(0);
    expect(await page.locator('.card.past .badge.closed').textContent()).toBe('Cashed out');
    expect(await page.locator('.card.past .result').textContent()).toMatch(/^Cashed out for \d+\.\d\d$/);
  }, 40_000);

  it('shows only the error and Try again when the positions cannot be read, not an empty portfolio', async () => {
    const { token } = await h.newUser('100.00');
    const page = await h.open();
    await page.route('**/v1/positions?**', (route) => route.abort('connectionrefused'));
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    const retry = page.locator('.portfolio').getByRole('button', { name: 'Try again' });
    await expect.poll(() => retry.count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByText('No open positions yet.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Browse markets' }).count()).toBe(0);
    await page.unroute('**/v1/positions?**');
    await retry.click();
    await expect.poll(() => page.getByText('No open positions yet.').count()).toBe(1);
  });

  it('shows skeletons in the shape of the cards and the table while the positions and the board load', async () => {
    const { token } = await h.newUser('100.00');
    const page = await h.open({ width: 375, height: 800 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/(positions\?|widget\/leaderboard)/, async (route) => {
      await held;
      await route.continue();
    });
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    const cardsSkeleton = page.locator('.portfolio .skeleton-view[aria-busy="true"][role="status"]');
    await cardsSkeleton.waitFor();
    expect(await cardsSkeleton.getAttribute('aria-label')).toBe('Loading your positions…');
    const bones = cardsSkeleton.locator('.bone-card');
    expect(await bones.count()).toBe(3);
    for (const box of await bones.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON())))
      expect(box.height).toBeGreaterThanOrEqual(90);
    await tab(page, 'Leaders');
    const rows = page.locator('.leaders tbody[aria-hidden="true"] tr.bone-row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().locator('td').count()).toBe(3);
    expect((await rows.first().boundingBox())!.height).toBeGreaterThan(30);
    release();
    await expect.poll(() => rows.count()).toBe(0);
  });

  it('shows what ended positions came to: won, lost, refunded', async () => {
    const { user, token } = await h.newUser('100.00');
    const won = await market('A market the user wins');
    const lost = await market('A market the user loses');
    const voided = await market('A market that is voided');
    const winner = await open(won, user, '10.00');
    await open(lost, user, '30.00');
    await open(voided, user, '10.00');
    expect((await platform(won, 'resolve', 0)).status).toBe(200);
    expect((await platform(lost, 'resolve', 1)).status).toBe(200);
    expect((await platform(voided, 'void')).status).toBe(200);
    const payout = (await h.service.api('sandbox', 'GET', `/v1/positions/${winner.id}`, { key: h.tenant.sandboxKey }))
      .json.payout;

    const page = await h.open();
    await h.mountAs(page, token);
    await tab(page, 'Portfolio');
    await expect.poll(() => cards(page).count()).toBe(3);
    const text = await page.locator('.portfolio').innerText();
    expect(text).toContain(`Won ${payout}`);
    expect(text).toContain(`+${(Number(payout) - 10).toFixed(2)}`);
    expect(text).toContain('Lost 30.00');
    expect(text).toContain('Refunded 10.00');
    expect(text).toContain('No open positions yet.');
  });

  it('explains a hidden user on the leaderboard without a rank, and highlights a shown one', async () => {
    const suffix = Math.floor(Math.random() * 1e6);
    const leader = await h.newUser('200.00');
    const me = await h.newUser('200.00');
    const m = await market('A market for the leaderboard');
    await open(m, leader.user, '20.00', 0);
    await open(m, me.user, '10.00', 0);
    expect((await platform(m, 'resolve', 0)).status).toBe(200);
    const shown = (token: string, name: string) =>
      asUser(token, 'PUT', '/v1/widget/profile', { display_name: name, show_on_leaderboard: true });
    expect((await shown(leader.token, `Leader ${suffix}`)).status).toBe(200);

    const page = await h.open();
    await h.mountAs(page, me.token);
    await tab(page, 'Leaders');
    const hidden = page.locator('[data-state="hidden"]');
    await expect.poll(() => hidden.count()).toBe(1);
    expect(await hidden.textContent()).toMatch(
      /^You are not shown on the board\. To join, choose a display name in Profile and tick “Show me on the leaderboard”\..*Your result this period: \+\d+\.\d\d/,
    );
    expect(await page.getByText(/You: #/).count()).toBe(0);
    expect(await page.locator('tr.me').count()).toBe(0);

    // Joining through the profile form, which the button under the note leads to.
    await page.getByRole('button', { name: 'Go to Profile' }).click();
    expect(await page.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Display name').fill(`Me ${suffix}`);
    await page.getByLabel('Show me on the leaderboard').check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Profile saved.').count()).toBe(1);
    await tab(page, 'Leaders');
    const mine = page.locator('tr.me');
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.innerText()).toContain(`Me ${suffix}`);
    expect(await mine.getAttribute('aria-current')).toBe('true');
    expect(await seriousAxeFindings(page), 'highlighted row, light').toEqual([]);
    const dark = await h.open();
    await h.mountAs(dark, me.token, { scheme: 'dark' });
    await tab(dark, 'Leaders');
    await expect.poll(() => dark.locator('tr.me').count()).toBe(1);
    expect(await seriousAxeFindings(dark), 'highlighted row, dark').toEqual([]);
    expect(await hidden.count()).toBe(0);
  });

  it('shows the board of the period selected now, keeps a board through a 429 and reads it again once', async () => {
    const { token } = await h.newUser('100.00');
    const name = `Named ${Math.floor(Math.random() * 1e6)}`;
    await asUser(token, 'PUT', '/v1/widget/profile', { display_name: name, show_on_leaderboard: false });
    const page = await h.open();
    await page.clock.install();
    const board = (name: string) =>
      JSON.stringify({ entries: [{ display_name: name, rank: 1, pnl: '1.00', positions: 1 }], me: null });
    let weekAnswers = 0;
    let limitedOnce = false;
    await page.route('**/v1/widget/leaderboard?period=week*', async (route) => {
      weekAnswers += 1;
      if (weekAnswers === 2 && !limitedOnce) {
        limitedOnce = true;
        return route.fulfill({
          status: 429,
          headers: {
            // The service exposes Retry-After to the widget's origin (http/cors.ts); so does this stand-in.
            'retry-after': '2',
            'content-type': 'application/json',
            'access-control-allow-origin': '*',
            'access-control-expose-headers': 'Retry-After',
          },
          body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }),
        });
      }
      // The first answer for This week comes late, after the user chose Today.
      if (weekAnswers === 1) await new Promise((r) => setTimeout(r, 1_500));
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: board(`Week board ${weekAnswers}`),
      });
    });
    await page.route('**/v1/widget/leaderboard?period=day*', (route) =>
      route.fulfill({ status: 200, headers: { 'content-type': 'application/json' }, body: board('Today board') }),
    );
    await h.mountAs(page, token);
    await tab(page, 'Leaders');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => page.getByText('Today board').count()).toBe(1);
    // The column holds losses too.
    expect(await page.locator('.leaders th.num').textContent()).toBe('Profit/loss');
    // A user with a name who is not shown only has the box to tick.
    expect(await page.locator('[data-state="hidden"] p').textContent()).toBe(
      'You are not shown on the board. To join, tick “Show me on the leaderboard” in Profile.',
    );
    await expect.poll(() => weekAnswers).toBe(1);
    await page.waitForTimeout(2_000);
    // The late answer for This week is not shown under Today.
    expect(await page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText(/Week board/).count()).toBe(0);

    // Back on This week its board (kept for 30 s) shows; past that it is read again and the answer is a 429.
    await page.getByRole('button', { name: 'This week' }).click();
    await expect.poll(() => page.getByText('Week board 1').count()).toBe(1);
    await page.getByRole('button', { name: 'Today' }).click();
    await page.clock.fastForward(31_000);
    await page.getByRole('button', { name: 'This week' }).click();
    const note = page.locator('.leaders .limited');
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toMatch(/^Too many requests: this board may be out of date/);
    expect(await page.getByText('Week board 1').count()).toBe(1);
    expect(await page.locator('.leaders .note.error').count()).toBe(0);
    // Once the Retry-After (2 s) has passed, it is read again by itself.
    await page.clock.fastForward(2_100);
    await expect.poll(() => page.getByText('Week board 3').count()).toBe(1);
    expect(await note.count()).toBe(0);
    expect(weekAnswers).toBe(3);
  });

  it('asks before removing the profile: Keep leaves it, Remove deletes it; names are checked in words', async () => {
    const suffix = Math.floor(Math.random() * 1e6);
    const other = await h.newUser();
    await asUser(other.token, 'PUT', '/v1/widget/profile', {
      display_name: `Taken ${suffix}`,
      show_on_leaderboard: false,
    });
    const { token } = await h.newUser();
    await asUser(token, 'PUT', '/v1/widget/profile', { display_name: `Mine ${suffix}`, show_on_leaderboard: true });
    const profile = async () => (await asUser(token, 'GET', '/v1/widget/profile')).json;

    const page = await h.open();
    await h.mountAs(page, token);
    await tab(page, 'Profile');
    const name = page.getByLabel('Display name');
    await expect.poll(() => name.inputValue()).toBe(`Mine ${suffix}`);

    await name.fill('ab');
    await page.getByRole('button', { name: 'Save profile' }).click();
    expect(await page.getByText('Use 3 to 24 letters, digits, spaces, _ - or . in your display name.').count()).toBe(1);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill(`taken ${suffix}`);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('That display name is taken. Choose another.').count()).toBe(1);
    expect((await profile()).display_name).toBe(`Mine ${suffix}`);
    await name.fill(`Mine ${suffix}`);

    await page.getByRole('button', { name: 'Remove my profile' }).click();
    expect(
      await page.getByText(/^Remove your profile\? Your display name is deleted and you leave the leaderboard/).count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Keep my profile' }).click();
    expect(await profile()).toEqual({ display_name: `Mine ${suffix}`, show_on_leaderboard: true });

    await page.getByRole('button', { name: 'Remove my profile' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByText('Profile removed. You are no longer on the leaderboard.').count()).toBe(1);
    expect(await profile()).toEqual({ display_name: null, show_on_leaderboard: false });
    expect(await name.inputValue()).toBe('');
  });

  it('has no serious or critical axe finding on the portfolio and the leaderboard, light or dark', async () => {
    const { user, token } = await h.newUser('100.00');
    const m = await market('A market for the accessibility check');
    const ended = await market('An ended market for the accessibility check');
    await open(m, user, '10.00');
    await open(ended, user, '10.00');
    expect((await platform(ended, 'resolve', 0)).status).toBe(200);
    for (const scheme of ['light', 'dark']) {
      const page = await h.open();
      await h.mountAs(page, token, { scheme });
      await tab(page, 'Portfolio');
      await expect.poll(() => cards(page).locator('.value').count()).toBe(1);
      expect(await seriousAxeFindings(page), `${scheme} portfolio`).toEqual([]);
      await page.getByRole('button', { name: 'Cash out', exact: true }).click();
      await expect.poll(() => page.getByText(/^Cashing out now pays/).count()).toBe(1);
      expect(await seriousAxeFindings(page), `${scheme} close`).toEqual([]);
      await tab(page, 'Leaders');
      await expect.poll(() => page.locator('[data-state="hidden"]').count()).toBe(1);
      expect(await seriousAxeFindings(page), `${scheme} leaders`).toEqual([]);
    }
  });
});

describe.skipIf(!hasChromium)('a kill switch in Chromium', () => {
  it('shows feed_paused with its own message, not "something went wrong", and widget_paused instead of the widget', async () => {
    // Kill switches are global: this runs on a database of its own so no other test file is paused.
    const database = await createDatabaseOn(inject('databaseUrl'), `pm_widget_feed_${process.pid}_${Date.now()}`);
    const service = await startTestService({ env: { DATABASE_URL: database.url } });
    const host = await startHostPage(service.urls.sandbox);
    const browser = await launchChromium();
    try {
      const tenant = await createTenant(service);
      await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
        allowed_origins: [host.origin],
      });
      const user = await fundedUser(service, tenant.sandboxKey, 'paused', '10.00');
      const token = await sessionFor(service, tenant.sandboxKey, user);
      const paused = await service.platform('PUT', '/platform/v1/kill-switches/feed', { paused: true });
      expect(paused.status, paused.text).toBe(200);
      const page = await browser.newPage();
      await page.goto(host.origin);
      await page.evaluate((t) => (window as any).mountWidget({ sessionToken: t }), token);
      await expect
        .poll(() => page.getByText(/^Market prices are paused for maintenance\./).count(), { timeout: 10_000 })
        .toBe(1);
      expect(await page.getByText(/Something went wrong/).count()).toBe(0);
      // The widget switch: its config is refused, and the widget says so with Try again rather than
      // running without the operator's look and currency.
      expect((await service.platform('PUT', '/platform/v1/kill-switches/widget', { paused: true })).status).toBe(200);
      const second = await browser.newPage();
      await second.goto(host.origin);
      await second.evaluate((t) => (window as any).mountWidget({ sessionToken: t }), token);
      await expect
        .poll(() => second.getByText(/^This service is paused for maintenance\./).count(), { timeout: 10_000 })
        .toBe(1);
      expect(await second.getByRole('button', { name: 'Try again' }).count()).toBe(1);
      // Only the note: no widget without the operator's look (its tabs are not drawn).
      expect(await second.getByRole('tab').count()).toBe(0);
    } finally {
      await browser.close();
      await host.close();
      await service.stop();
      await database.drop();
    }
  }, 60_000);
});
