import { expect } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { ADMIN_TOKEN, createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';

export interface PanelResponse {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
}

/**
 * A browser's view of the panel (or the portal, with home '/portal') over real HTTP: keeps the cookies the panel sets, posts forms
 * urlencoded, and does not follow redirects (the tests read where they go).
 */
export class PanelClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly home = '/panel',
  ) {}

  static async signedIn(service: TestService, name = 'Ada'): Promise<PanelClient> {
    const client = new PanelClient(service.urls.platform);
    const res = await client.post('/panel/sign-in', { name, token: ADMIN_TOKEN }, { csrf: false });
    expect(res.status, res.html).toBe(303);
    return client;
  }

  async get(path: string): Promise<PanelResponse> {
    return this.send('GET', path);
  }

  /** Posts a form; unless told otherwise it carries the CSRF token of the page the session last showed. */
  async post(
    path: string,
    fields: Record<string, string | string[]>,
    options: { csrf?: boolean } = {},
  ): Promise<PanelResponse> {
    const body = new URLSearchParams();
    if (options.csrf !== false) body.append('_csrf', await this.csrfToken());
    for (const [name, value] of Object.entries(fields)) {
      for (const one of [value].flat()) body.append(name, one);
    }
    return this.send('POST', path, body.toString());
  }

  /** The session's CSRF token, as every signed-in page carries it in its forms. */
  async csrfToken(): Promise<string> {
    const page = await this.get(this.home);
    const match = /name="_csrf" value="([^"]+)"/.exec(page.html);
    expect(match, 'a signed-in page carries the CSRF token').not.toBeNull();
    return match![1]!;
  }

  private async send(method: string, path: string, body?: string): Promise<PanelResponse> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(`${this.base}${path}`, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return { status: res.status, headers: res.headers, html: await res.text(), location: res.headers.get('location') };
  }
}

/** The text of an element's content in a page, tags stripped: enough to read a notice or a cell. */
export const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Audit entries of an action, oldest first; of one target when given (test files share the log). */
export async function auditRows(service: TestService, action: string, target?: string) {
  let query = service.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (target !== undefined) query = query.where('target', '=', target);
  return query.orderBy('seq').execute();
}

/** A panel test file's service: on the run's database, its clock at 2026-06-01 12:00Z, a tenant, a signed-in panel. */
export async function startPanelTest(): Promise<{ service: TestService; tenant: TestTenant; panel: PanelClient }> {
  const service = await startTestService({ clock: new FakeClock('2026-06-01T12:00:00.000Z') });
  return { service, tenant: await createTenant(service), panel: await PanelClient.signedIn(service) };
}

/**
 * What a browser would post from the form of a page that posts to `action`, left as it is shown: every
 * input's value (a checkbox only when ticked, a colour picker's too), each select's chosen option, each
 * text area's text. Tests change some and post them, as a person filling the form in does.
 */
export function formFields(html: string, action: string): Record<string, string | string[]> {
  const start = html.indexOf(`action="${action}"`);
  expect(start, `a form posting to ${action}`).toBeGreaterThan(0);
  const form = html.slice(start, html.indexOf('</form>', start));
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`)
      .exec(tag)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
  const fields: Record<string, string | string[]> = {};
  const add = (name: string, value: string, many: boolean) => {
    if (!many) fields[name] = value;
    else fields[name] = [...((fields[name] as string[] | undefined) ?? []), value];
  };
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, 'name');
    if (!name || name === '_csrf') continue;
    const checkbox = attr(tag, 'type') === 'checkbox';
    if (checkbox && !/\schecked(?=[\s/>])/.test(tag)) continue;
    add(name, attr(tag, 'value') ?? '', checkbox);
  }
  for (const [, open, body] of form.matchAll(/<select\b([^>]*)>(.*?)<\/select>/gs)) {
    const options = [...body!.matchAll(/<option\b([^>]*)>/g)].map((o) => o[1]!);
    const chosen = options.find((o) => /\sselected(?=[\s>]|$)/.test(o)) ?? options[0];
    add(attr(open!, 'name')!, attr(chosen ?? '', 'value') ?? '', false);
  }
  for (const [, open, text] of form.matchAll(/<textarea\b([^>]*)>(.*?)<\/textarea>/gs)) {
    add(attr(open!, 'name')!, text!, false);
  }
  return fields;
}
