import { Component, type ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { MessageKey } from '../i18n/index.js';
import { sortMarkets } from '../market-order.js';
import { breakUntil } from '../player-limits.js';
import { BreakPage } from './break-page.js';
import { useSelect, useWidget } from './context.js';
import { MarketList } from './markets.js';
import { Later } from './later.js';

const TABS = ['markets', 'portfolio', 'leaders', 'profile'] as const;
type Tab = (typeof TABS)[number];

/** Keeps a widget bug inside the widget: the host page goes on, and the error is reported once. */
export class Boundary extends Component<{
  report: (error: unknown) => void;
  message: string;
  children?: ComponentChildren;
}> {
  override state = { failed: false };
  override componentDidCatch(error: unknown) {
    this.props.report(error);
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? (
      <p class="note error" role="alert">
        {this.props.message}
      </p>
    ) : (
      this.props.children
    );
  }
}

function Header() {
  const { texts, fmt } = useWidget();
  const balance = useSelect((s) => s.balance);
  return (
    <header>
      <span class="muted">{texts.t('balance')}</span>{' '}
      <strong class="balance">{balance === null ? '—' : fmt.money(balance)}</strong>
    </header>
  );
}

function Banners() {
  const { texts } = useWidget();
  const { realtime, sessionExpired } = useSelect((s) => ({ realtime: s.realtime, sessionExpired: s.sessionExpired }));
  return (
    <>
      {sessionExpired && (
        <p class="note error" role="alert">
          {texts.t('session.expired')}
        </p>
      )}
      {!sessionExpired && realtime === 'down' && (
        <p class="note" role="status" data-state="realtime_unavailable">
          {texts.t('realtime.down')}
        </p>
      )}
    </>
  );
}

/**
 * The widget: a balance, four tabs (markets, portfolio, leaders, profile) and what each shows. `market`
 * is the slug the host asked to open (mount's market option): shown once the list has it, or the list
 * with a note when the tenant has no such market.
 */
export function App({ onFollow, market }: { onFollow: (slugs: string[]) => void; market: string | null }) {
  const { texts } = useWidget();
  const [tab, setTab] = useState<Tab>('markets');
  const [openSlug, setOpenSlug] = useState<string | null>(market);
  /** The outcome a card's price button opened the market on. */
  const [side, setSide] = useState<string | null>(null);
  const openMarket = (slug: string, outcomeId?: string | null) => (setSide(outcomeId ?? null), setOpenSlug(slug));
  const markets = useSelect((s) => s.markets);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const nav = useRef<HTMLElement | null>(null);
  const [moreTabs, setMoreTabs] = useState(false);
  // A tab row wider than the widget scrolls; its far edge fades while tabs are hidden past it.
  const measureTabs = () => {
    const row = nav.current;
    if (row) setMoreTabs(Math.abs(row.scrollLeft) + row.clientWidth < row.scrollWidth - 1);
  };
  useEffect(() => {
    if (!nav.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measureTabs);
    observer.observe(nav.current);
    return () => observer.disconnect();
  }, []);
  const limits = useSelect((s) => s.limits);
  // The break page ends with the break: a render at its end reads the time again.
  const [, breakEnded] = useState(0);
  const onBreak = breakUntil(limits, Date.now());
  useEffect(() => {
    if (!onBreak) return;
    const timer = setTimeout(
      () => breakEnded((n) => n + 1),
      Math.min(Date.parse(onBreak) - Date.now() + 1, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [onBreak]);
  const open = openSlug ? markets?.find((m) => m.slug === openSlug) : undefined;
  const missing = openSlug !== null && markets !== null && open === undefined;

  // The markets of the user's open positions, newest first: what the portfolio's values move with.
  const held = useSelect((s) =>
    [...new Set([...s.positions.values()].filter((p) => p.state === 'open').map((p) => p.market_slug))]
      .reverse()
      .join(','),
  );

  // The stream follows what is on screen: the market open, the portfolio's markets, or the list's top.
  useEffect(() => {
    if (tab === 'markets' && open) onFollow([open.slug]);
    else if (tab === 'portfolio' && held !== '') onFollow(held.split(',').slice(0, 20));
    else if (markets)
      onFollow(
        sortMarkets(markets, Date.now())
          .slice(0, 20)
          .map((m) => m.slug),
      );
  }, [tab, open?.slug, markets?.length, held]);

  const select = (name: Tab) => {
    setTab(name);
    tabs.current[TABS.indexOf(name)]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern), mirrored in right-to-left layouts.
  const onKey = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    const next = (TABS.indexOf(tab) + step * (texts.dir === 'rtl' ? -1 : 1) + TABS.length) % TABS.length;
    select(TABS[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <div class="app" dir={texts.dir} lang={texts.locale}>
      <Header />
      <Banners />
      <nav
        role="tablist"
        aria-label={texts.t('tabs')}
        onKeyDown={onKey}
        ref={nav}
        onScroll={measureTabs}
        class={moreTabs ? 'more' : undefined}
      >
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => void (tabs.current[i] = el)}
            type="button"
            role="tab"
            id={`pm-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="pm-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
          >
            {texts.t(`tab.${name}` as MessageKey)}
          </button>
        ))}
      </nav>
      <div id="pm-panel" role="tabpanel" aria-labelledby={`pm-tab-${tab}`}>
        {tab === 'markets' &&
          (onBreak ? (
            <BreakPage until={onBreak} onPortfolio={() => select('portfolio')} />
          ) : open ? (
            <Later view={(v) => <v.MarketDetail market={open} side={side} onBack={() => setOpenSlug(null)} />} />
          ) : (
            <MarketList onOpen={openMarket} notice={missing ? texts.t('markets.unavailable') : null} />
          ))}
        {tab === 'portfolio' && (
          <Later
            view={(v) => (
              <v.Portfolio
                onBrowse={() => (setOpenSlug(null), select('markets'))}
                onOpen={(slug) => (openMarket(slug), select('markets'))}
              />
            )}
          />
        )}
        {tab === 'leaders' && <Later view={(v) => <v.Leaders onProfile={() => select('profile')} />} />}
        {tab === 'profile' && <Later view={(v) => <v.ProfileForm />} />}
      </div>
    </div>
  );
}
