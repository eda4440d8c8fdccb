/**
 * The views chunk (views.js): everything past the first view, loaded on demand (and prefetched once the
 * first view is up), so the bundle a page waits for carries only the market list. Built with the main
 * bundle's Preact and context (scripts/share-runtime.mjs); its styles and English are taken in when it
 * arrives.
 */
import { EN_VIEWS } from './i18n/en-views.js';
import { CHART_STYLES } from './ui/chart-styles.js';
import { DETAIL_STYLES } from './ui/detail-styles.js';
import { PORTFOLIO_STYLES } from './ui/portfolio-styles.js';
import { TICKET_STYLES } from './ui/ticket-styles.js';

export { Leaders } from './ui/leaders.js';
export { MarketDetail } from './ui/market-detail.js';
export { Portfolio } from './ui/portfolio.js';
export { ProfileForm } from './ui/profile.js';
export { Realtime } from './realtime.js';

/** The views' English, which the bundle's texts fall back to from now on. */
export const ENGLISH = EN_VIEWS;

export const STYLES = [DETAIL_STYLES, CHART_STYLES, TICKET_STYLES, PORTFOLIO_STYLES].join('\n');
