import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';
import { createMarket } from './trading-helpers.js';

/**
 * The panel's market list (docs/operations.md, "The platform panel"): found by part of a slug or title
 * and by status, 50 a page by keyset, the filter kept across pages. The database is shared with other
 * files' markets, so every assertion narrows to this file's own tag first.
 */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;
const tag = `mlist-${process.pid}-${Date.now().toString(36)}`;
const slugs: string[] = [];
const ids = new Map<string, string>();

beforeAll(async () => {
  const clock = new FakeClock('2026-06-01T12:00:00.000Z');
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  panel = await PanelClient.signedIn(service);
  // 53: one full page of 50 and three on the next. Four of them (1 to 4) share one instant, on both sides
  // of the page's end: the list orders those by id, and the next page must hold exactly the rest.
  for (let i = 0; i < 53; i++) {
    if (i < 2 || i > 4) clock.advance(1000);
    const market = await createMarket(service, tenant, {
      slug: `${tag}-${String(i).padStart(2, '0')}`,
      title: `List ${i} ${i === 7 ? '100% sure' : i === 8 ? '100 percent sure' : 'plain'}`,
    });
    slugs.push(market.slug);
    ids.set(market.slug, market.id);
  }
}, 120_000);
afterAll(() => service?.stop());

const listed = (html: string) =>
  [...html.matchAll(/<code[^>]*>([^<]+)<\/code>/g)].map((m) => m[1]!).filter((s) => s.startsWith(tag));
const olderLink = (html: string) =>
  /<a href="([^"]+)" rel="next">Older markets<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('the panel market list', () => {
  it('finds by part of the slug, newest first, 50 a page, and pages by keyset with the filter kept', async () => {
    const first = await panel.get(`/panel/markets?q=${tag}`);
    expect(first.status).toBe(200);
    // Newest first; markets of one instant by id, highest first.
    const tied = slugs.slice(1, 5).sort((a, b) => (ids.get(a)! < ids.get(b)! ? 1 : -1));
    const newestFirst = [...slugs.slice(5).reverse(), ...tied, slugs[0]!];
    expect(listed(first.html)).toEqual(newestFirst.slice(0, 50));
    const next = olderLink(first.html)!;
    expect(next).toContain(`q=${tag}`);
    const second = await panel.get(next);
    expect(listed(second.html)).toEqual(newestFirst.slice(50));
    expect(second.html).toContain('<h2 id="all">Older markets</h2>');
    expect(olderLink(second.html)).toBeUndefined();
    expect(second.html).toContain(`href="/panel/markets?q=${tag}">Newest markets</a>`);
  });

  it('finds by part of the title in any case, taking % and _ literally, and by status', async () => {
    const byTitle = await panel.get(`/panel/markets?q=${encodeURIComponent('100% SURE')}`);
    expect(listed(byTitle.html)).toEqual([slugs[7]]);
    // "_" is no wildcard: the tag with its hyphens as underscores matches none of these slugs.
    const wildcard = await panel.get(`/panel/markets?q=${tag.replaceAll('-', '_')}`);
    expect(listed(wildcard.html)).toEqual([]);
    expect(textOf(wildcard.html)).toContain('No market matches this filter.');

    expect((await service.platform('POST', `/platform/v1/markets/${slugs[3]}/suspend`)).status).toBe(200);
    const suspended = await panel.get(`/panel/markets?q=${tag}&status=suspended`);
    expect(listed(suspended.html)).toEqual([slugs[3]]);
    expect(suspended.html).toMatch(/<option value="suspended" selected/);
    const open = await panel.get(`/panel/markets?q=${tag}&status=open`);
    expect(listed(open.html)).toHaveLength(50);
    expect(listed(open.html)).not.toContain(slugs[3]);
    const openOlder = await panel.get(olderLink(open.html)!);
    expect(listed(openOlder.html)).toHaveLength(2);
    expect(listed(openOlder.html)).not.toContain(slugs[3]);
  });

  it('says what is wrong with a filter under its field, and a page link that is not valid', async () => {
    const refused = await panel.get(`/panel/markets?status=closing&q=${'x'.repeat(201)}`);
    expect(refused.status).toBe(400);
    const text = textOf(refused.html);
    expect(text).toContain('Choose one of open, suspended, resolved, voided, or any status.');
    expect(text).toContain('Enter at most 200 characters of a slug or a title.');
    expect(text).toContain('This filter cannot be used');
    expect(refused.html).toMatch(/<select id="status" name="status" aria-invalid="true"/);

    const control = await panel.get(`/panel/markets?q=${tag}%00`);
    expect(control.status).toBe(400);
    expect(textOf(control.html)).toContain('Enter text without control characters');

    const bad = await panel.get(`/panel/markets?q=${tag}&after=not-an-id`);
    expect(bad.status).toBe(400);
    expect(textOf(bad.html)).toContain('That page link is not valid any more');
    expect(listed(bad.html)).toEqual([]);
  });
});
