import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_TOKEN } from '../service-process.js';
import type { Answer, Ask, Asker } from './asker.js';

/** What a request was for; the checks read the journal by kind. */
export type Kind =
  | 'sync'
  | 'batch'
  | 'open'
  | 'close'
  | 'order'
  | 'cancel'
  | 'widget-session'
  | 'widget-open'
  | 'widget-close'
  | 'market'
  | 'resolve';

/** One request of the load and its final answer (null: none came before the deadline). */
export interface Sent {
  kind: Kind;
  ask: Ask;
  answer: Answer | null;
  /** A widget request's end user: a replay needs a session of the same user (keys are per principal). */
  widgetUser?: string;
}

export interface LiveMarket {
  slug: string;
  outcomes: string[];
}

export interface Tenant {
  sandboxUrl: string;
  platformUrl: string;
  tenantId: string;
  apiKey: string;
  /** Users the operator's own server trades and syncs for. */
  users: string[];
  /** Users who trade through widget sessions (spread wide: an end user may make 10 trades a minute). */
  widgetUsers: string[];
}

const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

export const MARKET_TERMS = {
  max_stake_per_position: '1000000.00',
  max_open_stake_per_user: '1000000.00',
  liquidity: '200',
  // The harness's sandbox traffic is its own: no sandbox bound, so opens exercise the money path.
  sandbox_influence: null,
};

/**
 * The mixed load: balance syncs and batches, operator opens and closes, limit orders placed and cancelled,
 * widget sessions opening and closing, and markets resolved (then replaced) as it runs. Every request goes
 * through the asker (asked until final) and into the journal, which the checks compare with the database.
 */
export class MixedLoad {
  readonly journal: Sent[] = [];
  readonly live: LiveMarket[] = [];
  readonly resolved: LiveMarket[] = [];
  /** Positions the operator opened and has not closed, with their market (resolving one ends its positions). */
  private openPositions: { id: string; slug: string }[] = [];
  private readonly run = `${process.pid}-${Date.now().toString(36)}`;
  private serial = 0;
  private nextWidgetUser = 0;

  constructor(
    private readonly tenant: Tenant,
    private readonly asker: Asker,
  ) {}

  async send(kind: Kind, ask: Ask, widgetUser?: string): Promise<Answer | null> {
    const sent: Sent = { kind, ask, answer: null, ...(widgetUser ? { widgetUser } : {}) };
    this.journal.push(sent);
    sent.answer = await this.asker.final(ask);
    return sent.answer;
  }

  key(kind: string): string {
    return `${kind}-${this.run}-${++this.serial}`;
  }

  private api(method: Ask['method'], path: string, body?: unknown, key?: string, token = this.tenant.apiKey): Ask {
    return { method, url: `${this.tenant.sandboxUrl}${path}`, token, body, ...(key ? { key } : {}) };
  }

  /** A two-outcome market, open now, enabled for the tenant. */
  async addMarket(): Promise<void> {
    const hour = 3_600_000;
    const slug = `faults-${this.run}-${++this.serial}`;
    const platform = (method: Ask['method'], path: string, body?: unknown): Ask => ({
      method,
      url: `${this.tenant.platformUrl}${path}`,
      token: ADMIN_TOKEN,
      body,
    });
    const created = await this.send(
      'market',
      platform('POST', '/platform/v1/markets', {
        slug,
        title: `Fault harness ${slug}`,
        outcomes: [{ title: 'Yes' }, { title: 'No' }],
        opens_at: new Date(Date.now() - hour).toISOString(),
        closes_at: new Date(Date.now() + 24 * hour).toISOString(),
        ...MARKET_TERMS,
      }),
    );
    // A retried create whose first try committed answers 409: the market is there either way.
    const market =
      created?.status === 201 ? created : await this.send('market', platform('GET', `/platform/v1/markets/${slug}`));
    if (market?.status !== 200 && market?.status !== 201) throw new Error(`market ${slug}: ${market?.text}`);
    const enabled = await this.send(
      'market',
      platform('PUT', `/platform/v1/tenants/${this.tenant.tenantId}/markets/${slug}`),
    );
    if (enabled?.status !== 200) throw new Error(`enabling ${slug}: ${enabled?.text}`);
    this.live.push({ slug, outcomes: (market.json.outcomes as { id: string }[]).map((o) => o.id) });
  }

  /** The oldest live market resolved to a random outcome, and a new one in its place. */
  async settleOne(): Promise<void> {
    const market = this.live.shift();
    if (!market) return;
    this.resolved.push(market);
    this.openPositions = this.openPositions.filter((position) => position.slug !== market.slug);
    await this.addMarket();
    await this.send('resolve', {
      method: 'POST',
      url: `${this.tenant.platformUrl}/platform/v1/markets/${market.slug}/resolve`,
      token: ADMIN_TOKEN,
      body: { outcome_id: pick(market.outcomes) },
    });
  }

  async sync(): Promise<void> {
    const debit = randomInt(10) === 0;
    await this.send(
      'sync',
      this.api(
        'POST',
        '/v1/balance-sync',
        {
          external_user_id: pick(this.tenant.users),
          direction: debit ? 'debit' : 'credit',
          amount: money(debit ? randomInt(1, 101) : randomInt(100, 5001)),
        },
        this.key('sync'),
      ),
    );
  }

  async batch(): Promise<void> {
    const users = [...this.tenant.users].sort(() => Math.random() - 0.5).slice(0, 10);
    const items = users.map((user) => ({
      idempotency_key: this.key('item'),
      external_user_id: user,
      direction: 'credit',
      amount: money(randomInt(100, 2001)),
    }));
    await this.send('batch', this.api('POST', '/v1/balance-sync/batch', { items }, this.key('batch')));
  }

  /** A stake of 1.00 on a random outcome of a random live market, for a random operator user. */
  private trade(): { market: LiveMarket; body: Record<string, string> } {
    const market = pick(this.live);
    const body = {
      external_user_id: pick(this.tenant.users),
      market_slug: market.slug,
      outcome_id: pick(market.outcomes),
      stake: '1.00',
    };
    return { market, body };
  }

  async open(): Promise<void> {
    const { market, body: trade } = this.trade();
    const body = { ...trade, max_price: '1' };
    const answer = await this.send('open', this.api('POST', '/v1/positions', body, this.key('open')));
    if (answer?.status === 201) this.openPositions.push({ id: answer.json.id as string, slug: market.slug });
  }

  async close(): Promise<void> {
    if (this.openPositions.length === 0) return this.open();
    const [position] = this.openPositions.splice(randomInt(this.openPositions.length), 1);
    await this.send(
      'close',
      this.api('POST', `/v1/positions/${position!.id}/close`, { min_price: '0' }, this.key('close')),
    );
  }

  /** A limit order near the current prices (some fill at once, some on later trades); a third cancelled. */
  async order(): Promise<void> {
    const body = { ...this.trade().body, limit_price: `0.${randomInt(40, 61)}` };
    const placed = await this.send('order', this.api('POST', '/v1/orders', body, this.key('order')));
    if (placed?.status === 201 && placed.json.status === 'open' && randomInt(3) === 0) {
      await this.send('cancel', this.api('DELETE', `/v1/orders/${placed.json.id}`));
    }
  }

  /** An end user's widget session opens a position and, half the time, closes it again (both send events). */
  async widget(): Promise<void> {
    const user = this.tenant.widgetUsers[this.nextWidgetUser++ % this.tenant.widgetUsers.length]!;
    const token = await this.session(user);
    if (token === null) return;
    const market = pick(this.live);
    const body = { market_slug: market.slug, outcome_id: pick(market.outcomes), stake: '1.00', max_price: '1' };
    const opened = await this.send(
      'widget-open',
      this.api('POST', '/v1/positions', body, this.key('wopen'), token),
      user,
    );
    if (opened?.status !== 201 || randomInt(2) === 0) return;
    const close = this.api(
      'POST',
      `/v1/positions/${opened.json.id}/close`,
      { min_price: '0' },
      this.key('wclose'),
      token,
    );
    await this.send('widget-close', close, user);
  }

  /** A widget session token for the user, or null when the mint was refused. */
  async session(user: string): Promise<string | null> {
    const minted = await this.send(
      'widget-session',
      this.api('POST', '/v1/widget/sessions', { external_user_id: user }),
    );
    return minted?.status === 201 ? (minted.json.token as string) : null;
  }

  /** Runs every actor until `until`; the settler resolves a market every `settleEveryMs`. */
  async runUntil(until: number, settleEveryMs: number): Promise<void> {
    const loop = async (action: () => Promise<void>) => {
      while (Date.now() < until) await action();
    };
    const settler = async () => {
      while (Date.now() + settleEveryMs < until) {
        await sleep(settleEveryMs);
        await this.settleOne();
      }
    };
    await Promise.all([
      loop(() => this.sync()),
      loop(() => this.sync()),
      loop(() => this.batch()),
      loop(() => this.open()),
      loop(() => this.open()),
      loop(() => this.close()),
      loop(() => this.order()),
      loop(() => this.widget()),
      settler(),
    ]);
  }
}
