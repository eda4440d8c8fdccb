import { resolveLocale, type Theme } from '@pm/contract';
import { h, render, type ComponentChild } from 'preact';
import { Api, type ApiResult } from './api.js';
import { formatsFor, type Formats } from './format.js';
import { addEnglish, loadTexts, type Texts } from './i18n/index.js';
import { optionsProblem, type MountOptions } from './options.js';
import { cacheScope, ReadCache, sessionStorageOrNull } from './read-cache.js';
import type { Realtime, RealtimeHandlers } from './realtime.js';
import { SessionKeeper, type RefreshOutcome } from './session.js';
import { Store, type Position, type Snapshot } from './store.js';
import { cssVariables, resolveLook, textOnAccent, type Scheme } from './theme.js';
import { App, Boundary } from './ui/app.js';
import { FirstLoad } from './ui/first-load.js';
import { Views } from './ui/later.js';
import { Widget } from './ui/context.js';
import { STYLES } from './ui/styles.js';
import { shareRuntime } from './shared-runtime.js';
import { lazyViews, viewsUrl } from './views-loader.js';

declare const __WIDGET_VERSION__: string;
export const VERSION = typeof __WIDGET_VERSION__ === 'string' ? __WIDGET_VERSION__ : '0.0.0-dev';

export interface Handle {
  unmount(): void;
}

/** While the stream is down, the widget falls back to polling, this often. */
const POLL_MS = 5_000;
/** Error beacons one mount sends at most: a loop of failures must not become a flood. */
const MAX_REPORTS = 5;
/**
 * How often the market list is read again: a suspension or a resolution changes a market's status,
 * which the stream's prices (a snapshot) do not carry.
 */
const MARKETS_EVERY_MS = 60_000;

interface TenantConfig {
  theme: Theme;
  scheme: Scheme | null;
  locales: string[];
  default_locale: string;
  currency: string | null;
}
/** What the widget assumes of a tenant whose config it has not read (or could not). */
const NO_CONFIG: TenantConfig = { theme: {}, scheme: null, locales: ['en'], default_locale: 'en', currency: null };
/**
 * How long a config read stands for the next mounts in this tab (read-cache.ts): a reload within a
 * minute spends nothing of the user's widget_session tier on it, and a theme or a locale the operator
 * changes shows within a minute.
 */
const CONFIG_FRESH_MS = 60_000;

/** The tenant's config: kept from a mount of the last minute, or read. */
async function readConfig(store: Store): Promise<ApiResult<TenantConfig>> {
  const kept = store.cache.fresh<TenantConfig>('config', CONFIG_FRESH_MS, Date.now());
  if (kept) return { ok: true, value: kept };
  const res = await store.api.get<TenantConfig>('/v1/widget/config');
  if (res.ok) store.cache.set('config', res.value, Date.now());
  return res;
}

/**
 * mount() (docs/widget.md, "How it behaves"). Synchronous refusal: a malformed option (or an API key as the token) is
 * written to the console, thrown, and nothing is rendered. Otherwise the widget lives in a Shadow DOM root on a host
 * element it appends to target; unmount() removes that element, aborts every request, stops every timer and the stream,
 * and drops the token. A second unmount() does nothing.
 */
export function mount(options: MountOptions, bundleBase: string | null): Handle {
  const problem = optionsProblem(options);
  if (problem !== null) {
    console.error(`PredictionMarketWidget.mount: ${problem}`);
    throw new Error(`PredictionMarketWidget.mount: ${problem}`);
  }
  const apiBase = options.apiBaseUrl ?? window.location.origin;
  // What the widget keeps of the options: never the options object itself, which holds the token that
  // unmount() must leave nowhere in the widget.
  const { onSessionExpired, locale: requestedLocale } = options;
  const market = options.market ?? null;
  const lookOption = { theme: options.theme, scheme: options.scheme };
  const host = document.createElement('div');
  host.setAttribute('data-prediction-market-widget', VERSION);
  options.target.appendChild(host);
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, STYLES);
  shareRuntime(VERSION);
  const bundleHome = bundleBase ?? `${apiBase}/widget/v1`;
  const views = lazyViews(viewsUrl(bundleHome, VERSION), (chunk) => {
    adoptStyles(root, chunk.STYLES);
    addEnglish(chunk.ENGLISH);
    goLive(chunk.Realtime);
  });
  const container = document.createElement('div');
  root.append(container);

  let stopped = false;
  let expiredReported = false;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let marketsTimer: ReturnType<typeof setInterval> | null = null;
  let reports = 0;
  let followed: string[] = [];

  const onExpired = () => {
    store.set({ sessionExpired: true });
    realtime?.stop();
    if (expiredReported) return;
    expiredReported = true;
    try {
      onSessionExpired();
    } catch (error) {
      console.error('PredictionMarketWidget: onSessionExpired threw', error);
    }
  };
  const refresh = async (token: string): Promise<RefreshOutcome> => {
    const response = await fetch(`${apiBase}/v1/widget/sessions/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: api.signal,
    });
    if (response.ok) return { ok: true, token: ((await response.json()) as { token: string }).token };
    return { ok: false, unauthorized: response.status === 401 };
  };
  const session = new SessionKeeper(options.sessionToken, refresh, onExpired);
  const api = new Api(apiBase, session);
  const store = new Store(
    api,
    market,
    new ReadCache(cacheScope(apiBase, options.sessionToken), sessionStorageOrNull()),
  );
  const report = (error: unknown) => {
    if (stopped || reports >= MAX_REPORTS) return;
    reports += 1;
    const e = error instanceof Error ? error : new Error(String(error));
    void api.send('POST', '/v1/widget/error-reports', {
      code: 'widget_runtime_error',
      message: e.message.slice(0, 2000) || 'unknown error',
      stack: e.stack?.slice(0, 12_000),
      url: window.location.href.slice(0, 2048),
      widget_version: VERSION,
      occurred_at: new Date().toISOString(),
    });
  };
  const live: RealtimeHandlers = {
    event: (name, data) => {
      if (name === 'prices') store.applyPrices(data as Snapshot);
      else if (name === 'balance') store.set({ balance: (data as { balance: string }).balance });
      else if (name === 'position') store.applyPosition(data as Position);
    },
    status: (state) => {
      // Back from a long break: positions may have ended meanwhile (polling reads prices and the balance).
      if (state === 'live' && store.get().realtime === 'down') void store.loadPositions();
      store.set({ realtime: state });
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = state === 'down' ? setInterval(() => void store.poll(followed).catch(report), POLL_MS) : null;
    },
  };
  // The stream comes with the views chunk (it is not needed to draw the first view) and starts once both
  // the chunk and the first data are in: its events apply to positions already read.
  let realtime: Realtime | null = null;
  let dataIn = false;
  const goLive = (Stream: typeof Realtime | null) => {
    const chunk = Stream ?? views.current()?.Realtime;
    if (realtime || !chunk || !dataIn || stopped || store.get().sessionExpired) return;
    realtime = new chunk(apiBase, session, followed, live);
    realtime.start();
  };
  const onFollow = (slugs: string[]) => {
    // A stream resumed for a new list replays only what changed since its last event: read the current
    // prices of markets it did not follow before.
    const added = slugs.filter((slug) => !followed.includes(slug));
    followed = slugs;
    realtime?.follow(slugs);
    if (added.length > 0 && added.length < slugs.length) void store.poll(added).catch(report);
  };

  /** Paints the look, then what to show inside it: the skeleton, the failure or the widget itself. */
  const paint = (look: { scheme: Scheme; theme: Required<Theme> }, view: ComponentChild) => {
    if (stopped) return;
    // Through the CSSOM, which a host page's Content-Security-Policy leaves alone (a style attribute
    // written as markup needs style-src 'unsafe-inline').
    container.style.cssText = cssVariables(look.theme, textOnAccent(look.theme.accent));
    container.className = `scheme-${look.scheme}`;
    render(view, container);
  };
  const show = (texts: Texts, fmt: Formats, look: { scheme: Scheme; theme: Required<Theme> }) =>
    paint(
      look,
      h(
        Widget.Provider,
        { value: { store, texts, fmt, report } },
        h(
          Boundary,
          { report, message: texts.t('error.widget_runtime_error') },
          h(Views.Provider, { value: views }, h(App, { onFollow, market })),
        ),
      ),
    );

  // The first view waits only on what it needs: the config, the data and (when the host named a
  // locale) that locale's texts are all asked for at once; only the choice of texts waits for the
  // config, which says which locales the tenant allows.
  const start = async () => {
    paint(resolveLook(lookOption, NO_CONFIG), h(FirstLoad, { failed: null }));
    const early = requestedLocale ? loadTexts(requestedLocale, bundleHome) : null;
    // The market the host named is the first view, so its chunk is needed at once.
    if (market) void views.load().catch(() => {});
    // The limits read the user after /v1/users/me: a player on a break sees the break page first.
    const data = Promise.all([store.loadMarkets(), store.loadLimits(), store.loadSaved()]);
    const config = await readConfig(store);
    const unusable = !config.ok && (config.error.code === 'network' || config.error.code === 'internal_error');
    const paused = !config.ok && config.error.code === 'widget_paused';
    if (!config.ok && (unusable || paused)) {
      // Nothing came back that the widget can use (a wrong apiBaseUrl, the service unreachable or
      // broken: said in the page and, for the integrator, in the console with the request that failed),
      // or the platform paused the widget (docs/operations.md, "Kill switches": said, rather than a widget
      // without the operator's look and currency). Any other refusal (rate_limited, an expired session)
      // leaves the default look and the views to say what it means.
      if (unusable)
        console.error(
          `PredictionMarketWidget: the first load failed: ${config.error.request ?? '/v1/widget/config'}: ${config.error.message}`,
        );
      const texts = (await early) ?? (await loadTexts('en', bundleHome));
      const message = paused ? 'error.widget_paused' : 'load.failed';
      paint(
        resolveLook(lookOption, NO_CONFIG),
        h(FirstLoad, { failed: { texts, message, onRetry: () => void start().catch(report) } }),
      );
      return;
    }
    // Without the config (rate_limited, say), the locale the host asked for is taken on trust: a user
    // who reloads too often keeps their language.
    const tenant = config.ok
      ? config.value
      : { ...NO_CONFIG, locales: [requestedLocale ?? 'en'], default_locale: requestedLocale ?? 'en' };
    const locale = resolveLocale(requestedLocale, tenant.locales, tenant.default_locale);
    const texts = await loadTexts(locale, bundleHome);
    show(texts, formatsFor(texts.locale, tenant.currency), resolveLook(lookOption, tenant));
    await data;
    if (stopped) return;
    // The list shows none of the user's positions: they are read once it is drawn, while the rest of the
    // widget (and the stream) downloads, so a tap does not wait for either. Without the chunk the prices
    // are polled until a later need loads it.
    views.load().catch(() => live.status('down'));
    await store.loadPositions();
    if (stopped) return;
    dataIn = true;
    goLive(null);
    marketsTimer = setInterval(() => void store.loadMarkets().catch(report), MARKETS_EVERY_MS);
  };
  void start().catch(report);

  return {
    unmount() {
      if (stopped) return;
      stopped = true;
      realtime?.stop();
      if (pollTimer) clearInterval(pollTimer);
      if (marketsTimer) clearInterval(marketsTimer);
      session.stop();
      api.stop();
      render(null, container);
      host.remove();
    },
  };
}

/**
 * Adds styles to the widget's root as a constructed style sheet: a host page's Content-Security-Policy does not
 * govern one, so the widget needs no style-src from the operator. Browsers without constructed sheets
 * (Firefox before 101, Safari before 16.4) get a <style> element, which a strict style-src refuses.
 */
function adoptStyles(root: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  root.append(style);
}
