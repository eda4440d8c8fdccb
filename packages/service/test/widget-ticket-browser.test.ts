import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, installClock, seriousAxeFindings, type PageClock } from './browser.js';
import { createMarket, fundedUser, operatorOpen, type TestMarket } from './trading-helpers.js';
import { OPEN_WINDOW, startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * The trade ticket in real Chromium against the real service: what an amount wins, in the locale and
 * the operator's currency; Max and the refusals before anything is sent; the words for every state of
 * the amount field; the confirmation before an order that moves the price; a fresh quote after a
 * trade; a lost answer re-sent under the same key, also after the ticket or the position card went away
 * and came back; a quote measured from the price it was asked at, and asked again when the price moves.
 * Each test trades on a market of its own.
 */
let harness: WidgetHarness;

describe.skipIf(!hasChromium)('the trade ticket in Chromium', () => {
  beforeAll(async () => {
    harness = await startWidgetHarness({ locales: ['en', 'de'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
  });
  afterEach(() => harness.finishTest());

  /** A market of its own (two outcomes at 50 %, depth b as given) with caps high enough for the test. */
  const marketFor = (title: string, overrides: Record<string, unknown> = {}) =>
    createMarket(harness.service, harness.tenant, {
      ...OPEN_WINDOW,
      title,
      max_stake_per_position: '5000.00',
      max_open_stake_per_user: '5000.00',
      ...overrides,
    });

  const setCurrency = async (currency: string | null) => {
    const res = await harness.service.platform(
      'PUT',
      `/platform/v1/tenants/${harness.tenant.tenantId}/environments/sandbox`,
      { widget: { locales: ['en', 'de'], default_locale: 'en', currency } },
    );
    expect(res.status, res.text).toBe(200);
  };

  /** The widget mounted on this market for a new user with this balance; the ticket's requests recorded. */
  /** A user's ticket on the market; `withClock` installs the page's clock before the widget mounts. */
  async function ticketFor(
    market: TestMarket,
    balance: string,
    options: Record<string, unknown> = {},
    withClock = false,
  ) {
    const { user, token } = await harness.newUser(balance);
    const page = await harness.open({ width: 1000, height: 1100 });
    const clock: PageClock | null = withClock ? await installClock(page) : null;
    const requests: Request[] = [];
    page.on('request', (r) => r.url().includes('/v1/positions') && r.method() === 'POST' && requests.push(r));
    expect(await harness.mountAs(page, token, { market: market.slug, ...options })).toBe(true);
    await page.locator('form.ticket').waitFor();
    const opens = () => requests.filter((r) => r.url().endsWith('/v1/positions'));
    const quotes = () => requests.filter((r) => r.url().endsWith('/v1/positions/quote'));
    return { user, page, opens, quotes, clock };
  }

  /** A ticket whose page's clock was installed before the widget mounted (browser.ts, installClock). */
  async function clockedTicketFor(market: TestMarket, balance: string) {
    const ticket = await ticketFor(market, balance, {}, true);
    return { ...ticket, clock: ticket.clock! };
  }

  const headline = (page: Page) => page.locator('.headline .win').textContent();
  const profit = (page: Page) => page.locator('.headline .profit').textContent();
  const fact = (page: Page, name: string) =>
    page
      .locator('.facts div', { has: page.getByText(name, { exact: true }) })
      .locator('dd')
      .textContent();
  const note = (page: Page) => page.locator('.field-note').textContent();

  it('heads the ticket with what the amount wins, the profit and the return, in the locale and currency', async () => {
    // 10.00 on an even market of depth 100 buys 19.09028289 shares at 0.523827: a win pays 10 / 0.523827.
    const market = await marketFor('Will the headline say what it wins?');
    await setCurrency('EUR');
    try {
      const en = await ticketFor(market, '100.00');
      await en.page.getByLabel('Amount').fill('10');
      await expect.poll(() => headline(en.page)).toBe('€19.09');
      expect(await profit(en.page)).toBe('+€9.09 profit · +90.9%');
      expect(await fact(en.page, 'Amount')).toBe('€10.00');
      expect(await fact(en.page, 'Average price')).toBe('52.4%');
      expect(await fact(en.page, 'Shares')).toBe('19.09');
      expect(await fact(en.page, 'Price impact')).toBe('+2.4 pts from 50%');
      expect(await en.page.locator('.stake-head .muted').textContent()).toBe('Balance €100.00');
      await en.page.getByRole('button', { name: 'Buy Yes · to win €19.09' }).waitFor();

      const de = await ticketFor(market, '1234.50', { locale: 'de' });
      await de.page.getByLabel('Betrag').fill('10');
      await expect.poll(() => headline(de.page)).toBe('19,09\u00a0€');
      expect(await profit(de.page)).toBe('+9,09\u00a0€ Gewinn · +90,9\u00a0%');
      expect(await fact(de.page, 'Durchschnittspreis')).toBe('52,4\u00a0%');
      expect(await de.page.locator('.stake-head .muted').textContent()).toBe('Guthaben 1.234,50\u00a0€');
      await de.page.getByRole('button', { name: 'Yes kaufen · Auszahlung 19,09\u00a0€' }).waitFor();
      // Max writes the amount the German way, and the ticket reads it back.
      await de.page.getByRole('button', { name: 'Max.' }).click();
      expect(await de.page.getByLabel('Betrag').inputValue()).toBe('1234,50');
      await expect.poll(() => fact(de.page, 'Betrag')).toBe('1.234,50\u00a0€');
    } finally {
      await setCurrency(null);
    }
    const plain = await ticketFor(market, '100.00');
    await plain.page.getByLabel('Amount').fill('10');
    await expect.poll(() => headline(plain.page)).toBe('19.09');
  });

  it('offers Max, and refuses more than the balance before sending anything, with the amount that fits', async () => {
    const market = await marketFor('Will the ticket count my money?', { liquidity: '100000' });
    const { page, opens, quotes } = await ticketFor(market, '87.50', { scheme: 'dark' });
    const amount = page.getByLabel('Amount');
    await page.getByRole('button', { name: 'Max' }).click();
    expect(await amount.inputValue()).toBe('87.50');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).waitFor();

    await amount.fill('100');
    await expect.poll(() => note(page)).toBe('Not enough balance: at most 87.50.Use 87.50');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeFindings(page), 'dark, over the balance').toEqual([]);
    const buy = page.getByRole('button', { name: 'Buy Yes', exact: true });
    expect(await buy.isDisabled()).toBe(true);
    await amount.press('Enter');
    await page.waitForTimeout(600);
    expect(opens()).toHaveLength(0);
    expect(quotes().map((r) => r.postDataJSON().stake)).not.toContain('100.00');

    await page.getByRole('button', { name: 'Use 87.50' }).click();
    expect(await amount.inputValue()).toBe('87.50');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect
      .poll(() => page.locator('.note.ok').textContent())
      .toMatch(/^Bought [\d.]+ shares of Yes for 87\.50\./);
    expect(opens()).toHaveLength(1);
  });

  it("knows the market's cap on one open from its quote, and learns the rest of the user's limit from a refusal", async () => {
    const market = await marketFor('Will the ticket know my limit?', {
      liquidity: '100000',
      max_stake_per_position: '50.00',
      max_open_stake_per_user: '80.00',
    });
    const { user, page, opens } = await ticketFor(market, '200.00');
    // The cap on one open (max_stake in every quote) refuses 60 before anything is sent.
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).waitFor();
    await page.getByLabel('Amount').fill('60');
    await expect.poll(() => note(page)).toBe('Over your limit on this market: at most 50.00.Use 50.00');
    await page.waitForTimeout(400);
    expect(opens()).toHaveLength(0);
    await page.getByRole('button', { name: 'Max' }).click();
    expect(await page.getByLabel('Amount').inputValue()).toBe('50.00');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => harness.balanceOf(user)).toBe('150.00');
    // The user's open stake on the market (80) leaves 30: only the service knows, and its refusal tells.
    await page.getByLabel('Amount').fill('40');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => note(page)).toBe('Over your limit on this market: at most 30.00.Use 30.00');
    expect(opens()).toHaveLength(2);
    await page.getByRole('button', { name: 'Max' }).click();
    expect(await page.getByLabel('Amount').inputValue()).toBe('30.00');
  });

  it('says in words what is wrong with the amount, asks no price for it, and recovers when it is fixed', async () => {
    const market = await marketFor('Will the ticket explain my typo?');
    const { page, quotes } = await ticketFor(market, '100.00');
    const amount = page.getByLabel('Amount');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).waitFor();
    const asked = quotes().length;
    for (const [typed, words] of [
      ['', 'Enter an amount.'],
      ['abc', 'Enter a number with at most two decimals, like 12.5.'],
      ['1.234', 'Enter a number with at most two decimals, like 12.5.'],
      ['0', 'Enter an amount above zero.'],
    ] as const) {
      await amount.fill(typed);
      await expect.poll(() => note(page)).toBe(words);
      expect(await page.getByRole('button', { name: 'Buy Yes', exact: true }).isDisabled(), typed).toBe(true);
      expect(await page.locator('.headline').count(), typed).toBe(0);
      expect(await seriousAxeFindings(page), typed).toEqual([]);
    }
    await page.waitForTimeout(500);
    expect(quotes()).toHaveLength(asked);
    await amount.fill('12,5');
    await expect.poll(() => fact(page, 'Amount')).toBe('12.50');
    expect(await page.locator('.field-note').count()).toBe(0);
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).waitFor();
  });

  it('says it is getting a price while a quote loads, and offers Try again when the quote fails', async () => {
    const market = await marketFor('Will the ticket wait for a price?');
    const { page } = await ticketFor(market, '100.00');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).waitFor();
    let held: (() => void) | null = null;
    await page.route('**/v1/positions/quote', (route) => {
      held = () => void route.abort('connectionreset');
    });
    await page.getByLabel('Amount').fill('11');
    await expect.poll(() => headline(page)).toBe('Getting a price…');
    expect(await page.locator('.facts[aria-busy="true"] .skeleton').count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Buy Yes', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => held !== null).toBe(true);
    held!();
    // The connection's own message (error-note.tsx), with the way forward.
    await expect.poll(() => page.locator('.note.error').count()).toBe(1);
    expect(await page.locator('.note.error').getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await page.unroute('**/v1/positions/quote');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => fact(page, 'Amount')).toBe('11.00');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).waitFor();
  });

  it('warns of a large price impact and asks before buying: cancel sends nothing, buy anyway sends', async () => {
    // 100.00 on an even market of depth 100 pays 67.1 % on average and leaves Yes at 81.6 %.
    const market = await marketFor('Will the ticket warn me?');
    const { user, page, opens } = await ticketFor(market, '500.00');
    await page.getByLabel('Amount').fill('100');
    await expect.poll(() => fact(page, 'Price impact')).toBe('+17.1 pts from 50%');
    // The price after the order is the one the confirmation names.
    expect(await fact(page, 'Price after this order')).toBe('81.6%');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    const confirm = page.locator('.confirm');
    await expect
      .poll(() => confirm.locator('p').textContent())
      .toBe('This order moves the price of Yes from 50% to 81.6%: you pay 67.1% a share on average. Buy anyway?');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.count()).toBe(0);
    await page.waitForTimeout(500);
    expect(opens()).toHaveLength(0);
    expect(await harness.balanceOf(user)).toBe('500.00');

    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await page.getByRole('button', { name: 'Buy anyway' }).click();
    await expect.poll(() => page.locator('.note.ok').count()).toBe(1);
    expect(opens()).toHaveLength(1);
    expect(await harness.balanceOf(user)).toBe('400.00');
  });

  it('after a trade says what was bought and the new balance, empties the amount, and quotes the next afresh', async () => {
    const market = await marketFor('Will the ticket quote again?');
    const { page, opens, quotes } = await ticketFor(market, '100.00');
    await page.getByLabel('Amount').fill('10');
    await expect.poll(() => headline(page)).toBe('19.09');
    await page.getByRole('button', { name: 'Buy Yes · to win 19.09' }).click();
    await expect
      .poll(() => page.locator('.note.ok').textContent())
      .toBe('Bought 19.09 shares of Yes for 10.00. New balance: 90.00.');
    const opened = opens()[0]!;
    // Nothing is left to buy again by a second tap: the amount is empty and the button says Buy more.
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Buy more' }).click();
    await page.getByLabel('Amount').fill('10');
    // The next quote is asked after the open, and the same 10.00 now wins less: Yes costs more.
    await expect.poll(() => headline(page)).toBe('17.56');
    expect(quotes().some((q) => q.timing().startTime > opened.timing().startTime)).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy Yes · to win 17.56' }).isEnabled()).toBe(true);
    expect(await page.locator('.choice.selected strong').textContent()).toBe('55%');
  });

  it('re-sends an open whose answer was lost under the same key and body, also on Try again', async () => {
    const market = await marketFor('Will the ticket buy only once?');
    const { user, page } = await ticketFor(market, '100.00');
    const sent: { key: string | undefined; body: string | null }[] = [];
    let cut = true;
    await page.route('**/v1/positions', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      sent.push({ key: request.headers()['idempotency-key'], body: request.postData() });
      if (!cut) return route.continue();
      if (sent.length === 1) await route.fetch(); // the service opens the position...
      await route.abort('connectionreset'); // ...and no answer reaches the widget, then or on the retries
    });
    await page.getByLabel('Amount').fill('10');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    // The client's own retries give up: the intent stays, the field is locked, and the button re-sends it.
    await expect.poll(() => page.getByRole('button', { name: 'Try again' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByLabel('Amount').isDisabled()).toBe(true);
    cut = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('.note.ok').count()).toBe(1);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    const positions = await harness.service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
      key: harness.tenant.sandboxKey,
    });
    expect(positions.json.data).toHaveLength(1);
    expect(await harness.balanceOf(user)).toBe('90.00');
  });
  /**
   * Cuts every answer to the writes that match until `let()`: the first one reaches the service, which
   * acts, unless `reach` is false (then the request is lost on the way, and the service never acts).
   */
  async function cutAnswers(page: Page, pattern: string, reach = true) {
    const sent: { key: string | undefined; body: string | null }[] = [];
    const state = { cut: true };
    await page.route(pattern, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      sent.push({ key: request.headers()['idempotency-key'], body: request.postData() });
      if (!state.cut) return route.continue();
      if (sent.length === 1 && reach) await route.fetch(); // the service acts...
      await route.abort('connectionreset'); // ...and no answer reaches the widget, then or on the retries
    });
    return { sent, let: () => void (state.cut = false) };
  }

  const positionsOf = async (user: string) =>
    (
      await harness.service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
        key: harness.tenant.sandboxKey,
      })
    ).json.data as { state: string }[];

  /** Moves the market's price: a user with deep pockets buys outcome `index` through the operator's key. */
  const whaleBuys = async (market: TestMarket, stake: string, index = 0) => {
    const whale = await fundedUser(harness.service, harness.tenant.sandboxKey, 'whale', '100000.00');
    await operatorOpen(harness.service, harness.tenant.sandboxKey, market, whale, stake, index);
  };

  it('keeps an open whose answer was lost when the ticket goes away, and resumes it with the same key', async () => {
    const market = await marketFor('Will a lost open survive leaving the ticket?');
    // The client's waits between its re-sends (1 s, then 2 s) pass on the page's clock.
    const { user, page, clock } = await clockedTicketFor(market, '100.00');
    const tryAgain = () => page.getByRole('button', { name: 'Try again' }).count();
    const cut = await cutAnswers(page, '**/v1/positions');
    await page.getByLabel('Amount').fill('12');
    await expect.poll(() => headline(page)).toBe('22.71');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(clock.stepping(tryAgain, 1_000), { timeout: 15_000 }).toBe(1);

    // Another tab and back, then the list and the market again: each time a new ticket, the same intent.
    for (const leave of [
      async () => {
        await page.getByRole('tab', { name: 'Portfolio' }).click();
        await page.locator('.portfolio').waitFor();
        await page.getByRole('tab', { name: 'Markets' }).click();
      },
      async () => {
        await page.getByRole('button', { name: 'All markets' }).click();
        await page.locator('button.open', { hasText: 'Will a lost open survive leaving the ticket?' }).click();
      },
    ]) {
      await leave();
      await page.locator('form.ticket').waitFor();
      const buy = page.locator('form.ticket button.buy');
      await expect.poll(() => buy.textContent()).toBe('Try again');
      expect(await page.getByLabel('Amount').inputValue()).toBe('12.00');
      expect(await page.getByLabel('Amount').isDisabled()).toBe(true);
      expect(await page.locator('.choice.selected span').textContent()).toBe('Yes');
      expect(await fact(page, 'Amount')).toBe('12.00');
      expect(await headline(page)).toBe('22.71');
      // Why it can only try again: the failure the intent met, shown again.
      expect(await page.locator('.note.error').count()).toBe(1);
    }
    // Still no answer: the same intent again, and Try again once more.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(
        clock.stepping(async () => cut.sent.length, 1_000),
        { timeout: 15_000 },
      )
      .toBe(6);
    await expect.poll(clock.stepping(tryAgain, 1_000), { timeout: 15_000 }).toBe(1);
    cut.let();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => page.locator('.note.ok').textContent())
      .toMatch(/^Bought [\d.]+ shares of Yes for 12\.00\./);
    expect(cut.sent.length).toBeGreaterThanOrEqual(3);
    expect(new Set(cut.sent.map((s) => s.key)).size).toBe(1);
    expect(new Set(cut.sent.map((s) => s.body)).size).toBe(1);
    expect(await positionsOf(user)).toHaveLength(1);
    expect(await harness.balanceOf(user)).toBe('88.00');
    // The ticket is free again, for a new intent: an empty amount and Buy more.
    expect(await page.getByLabel('Amount').isDisabled()).toBe(false);
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Buy more' }).waitFor();
  });

  it('keeps a close whose answer was lost: only Try again, with the figures it sent, also after another tab', async () => {
    const market = await marketFor('Will a lost close close once?');
    // The client's waits between its re-sends, and the 10 s the closed position's note stays, pass on the
    // page's clock.
    const { user, page, clock } = await clockedTicketFor(market, '100.00');
    await page.getByLabel('Amount').fill('10');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => page.locator('.note.ok').count()).toBe(1);
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    const quoted = page.locator('.close .note:not(.error) p');
    await expect.poll(() => quoted.textContent()).toMatch(/^Cashing out now pays /);
    const figures = await quoted.textContent();
    // Lost on the way: the position stays open (a close that happened would end the card by the stream).
    const cut = await cutAnswers(page, '**/v1/positions/*/close', false);
    await page.getByRole('button', { name: /^Cash out for/ }).click();
    const tryAgain = () => page.getByRole('button', { name: 'Try again' }).count();
    await expect.poll(clock.stepping(tryAgain, 1_000), { timeout: 15_000 }).toBe(1);
    // Nothing but the same close: no Keep it, no Close that would fetch and show another quote.
    const onlyTryAgain = async () => {
      expect(await page.locator('.close button').allTextContents()).toEqual(['Try again']);
      expect(await quoted.textContent()).toBe(figures);
    };
    await onlyTryAgain();

    // The price moves meanwhile (up: the old min_price still fills), and the card goes away and comes
    // back: still the figures that were sent.
    await whaleBuys(market, '40.00');
    await page.getByRole('tab', { name: 'Markets' }).click();
    await page.locator('form.ticket').waitFor();
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await expect.poll(() => page.locator('.close button').allTextContents()).toEqual(['Try again']);
    await onlyTryAgain();

    cut.let();
    await page.getByRole('button', { name: 'Try again' }).click();
    // (The portfolio may show a note in the card's place for a few seconds before the ended card.)
    const ended = () => page.locator('.badge.closed').count();
    await expect.poll(clock.stepping(ended, 2_000), { timeout: 15_000 }).toBe(1);
    expect(cut.sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(cut.sent.map((s) => s.key)).size).toBe(1);
    expect(new Set(cut.sent.map((s) => s.body)).size).toBe(1);
    expect((await positionsOf(user)).map((p) => p.state)).toEqual(['closed']);
  });

  it('measures the impact from the price the quote was asked at, and asks again when the price moves', async () => {
    // 100.00 on an even market of depth 100: 67.1 % on average, Yes to 81.6 %. A whale's 50.00 then moves
    // Yes to 69.7 %: against the button the old quote would read -2.6 pts and skip the confirmation.
    const market = await marketFor('Will the ticket measure from its quote?');
    const { page, opens, quotes } = await ticketFor(market, '500.00');
    await page.getByLabel('Amount').fill('100');
    await expect.poll(() => fact(page, 'Price impact')).toBe('+17.1 pts from 50%');
    const held: (() => Promise<void>)[] = [];
    await page.route('**/v1/positions/quote', (route) => void held.push(() => route.continue().catch(() => {})));
    const asked = quotes().length;

    await whaleBuys(market, '50.00');
    await expect.poll(() => page.locator('.choice.selected strong').textContent()).toBe('70%');
    expect(await fact(page, 'Price impact')).toBe('+17.1 pts from 50%');
    // The price moved more than a point since the quote: a new one is asked at once.
    await expect.poll(() => quotes().length).toBeGreaterThan(asked);
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect
      .poll(() => page.locator('.confirm p').textContent())
      .toBe('This order moves the price of Yes from 50% to 81.6%: you pay 67.1% a share on average. Buy anyway?');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.unroute('**/v1/positions/quote');
    for (const go of held) await go();
    await expect.poll(() => fact(page, 'Price impact')).toMatch(/^\+10\.\d pts from 69\.7%$/);
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect
      .poll(() => page.locator('.confirm p').textContent())
      .toMatch(/^This order moves the price of Yes from 69\.7% to /);
    await page.getByRole('button', { name: 'Buy anyway' }).click();
    await expect.poll(() => page.locator('.note.ok').count()).toBe(1);
    expect(opens()).toHaveLength(1);
  });

  it('after price_moved reads the prices and quotes again, and Buy waits for the new quote', async () => {
    const market = await marketFor('Will the ticket wait after a moved price?');
    const { user, page, opens } = await ticketFor(market, '100.00');
    await page.getByLabel('Amount').fill('10');
    await expect.poll(() => headline(page)).toBe('19.09');
    // Quotes are held from here: the ticket keeps the quote of 50 % while the price moves.
    const held: (() => Promise<void>)[] = [];
    await page.route('**/v1/positions/quote', (route) => void held.push(() => route.continue().catch(() => {})));
    await whaleBuys(market, '30.00');
    await expect.poll(() => page.locator('.choice.selected strong').textContent()).toBe('63%');
    const snapshots: string[] = [];
    page.on('request', (r) => r.url().endsWith('/snapshot') && snapshots.push(r.url()));
    await page.getByRole('button', { name: 'Buy Yes · to win 19.09' }).click();
    await expect.poll(() => page.locator('.note.error').textContent()).toContain('The price moved past your limit.');
    expect(opens()).toHaveLength(1);
    // The prices read again, a new quote asked, and nothing to buy on the old one meanwhile.
    await expect.poll(() => snapshots.length).toBeGreaterThanOrEqual(1);
    // (The quote the move asked for on its own may have been dropped by the press; this one follows the read.)
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
    const buy = page.locator('form.ticket button.buy');
    expect(await buy.textContent()).toBe('Buy Yes');
    expect(await buy.isDisabled()).toBe(true);
    expect(await headline(page)).toBe('Getting a price…');

    await page.unroute('**/v1/positions/quote');
    for (const go of held) await go();
    await expect.poll(() => headline(page)).toMatch(/^1[0-7]\.\d\d$/);
    expect(await fact(page, 'Price impact')).toMatch(/ from 63%$/);
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => page.locator('.note.ok').count()).toBe(1);
    expect(opens()).toHaveLength(2);
    expect(await positionsOf(user)).toHaveLength(1);
  });
});
