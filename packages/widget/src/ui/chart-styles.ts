/** The price chart's rules (chart.tsx, chart-plot.tsx). */

/**
 * The plot's least height in CSS pixels, on a phone-wide widget and a wide one (where it grows to the
 * height beside the ticket); the loading, failed and empty boxes take the same, so nothing jumps.
 */
const PHONE_HEIGHT = 200;
const WIDE_HEIGHT = 240;

/*
 * Series colours: the accent for the first outcome, then a fixed palette per scheme, each at least
 * 3.9:1 against the scheme's background and surface (WCAG 1.4.11 asks 3:1 for lines), avoiding the
 * positive green and negative red so a line never reads as a gain or a loss.
 */
const PALETTE = {
  light: ['#d9480f', '#0b7285', '#c2255c', '#7048e8', '#6c757d', '#5c940d'],
  dark: ['#ff922b', '#3bc9db', '#f783ac', '#b197fc', '#adb5bd', '#94d82d'],
};
const colours = (scheme: 'light' | 'dark') =>
  PALETTE[scheme].map((c, i) => `.scheme-${scheme} .chart .s${i + 1} { --series: ${c}; }`).join('\n');

export const CHART_STYLES = `
figure { margin: 0; }
.chart { margin: var(--gap) 0; display: flex; flex-direction: column; gap: calc(var(--pm-spacing) * 2); flex: 1; }
.chart .s0 { --series: var(--pm-accent); }
${colours('light')}
${colours('dark')}
.chart-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: calc(var(--pm-spacing) * 2); }
.chart .legend { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: calc(var(--pm-spacing) * 1) calc(var(--pm-spacing) * 4); font-variant-numeric: tabular-nums; }
.chart .legend li { display: inline-flex; align-items: center; gap: calc(var(--pm-spacing) * 1.5); }
.chart .swatch { width: 12px; height: 12px; border-radius: 3px; background: var(--series); flex: none; }
.chart .ranges { margin: 0; flex-wrap: nowrap; gap: var(--pm-spacing); }
.chart .ranges button { padding: 0 calc(var(--pm-spacing) * 3); }
.chart .readout { display: grid; font-size: 0.9em; font-variant-numeric: tabular-nums; }
.chart .readout p { grid-area: 1 / 1; margin: 0; display: flex; flex-wrap: wrap; align-items: center; align-content: flex-start; gap: 0 calc(var(--pm-spacing) * 3); }
.chart .readout .hidden { visibility: hidden; }
.chart .readout .when { font-weight: 600; }
.chart .readout bdi[class^='s']::before { content: ''; display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: var(--series); margin-inline-end: calc(var(--pm-spacing) * 1.5); vertical-align: 1px; }
.chart-box { width: 100%; height: ${WIDE_HEIGHT}px; flex: 1 0 auto; margin: 0; border-radius: var(--pm-radius); }
/* In place of the readout line and the plot: the same room as the drawn chart on one readout line. */
.chart-box:not(.plot) { height: calc(${WIDE_HEIGHT}px + 1.3em + var(--pm-spacing) * 2); flex-grow: 0; }
.chart .legend strong { font-weight: 700; }
.chart .legend .change { margin-inline-start: var(--pm-spacing); font-size: max(12px, 0.85em); font-weight: 600; }
.chart .legend .change.up { color: var(--pm-positive); }
.chart .legend .change.down { color: var(--pm-negative); }
.chart .plot { position: relative; touch-action: pan-y; cursor: crosshair; }
.chart .plot:focus-visible { outline-offset: 4px; }
.chart svg { display: block; overflow: visible; direction: ltr; }
.chart .series { fill: none; stroke: var(--series); stroke-width: 2; stroke-linejoin: round; }
.chart circle { fill: var(--series); stroke: var(--pm-background); stroke-width: 1.5; }
.chart .grid { stroke: color-mix(in srgb, var(--pm-text) 14%, transparent); stroke-dasharray: 3 4; }
.chart text { fill: var(--pm-text); font-size: 12px; font-variant-numeric: tabular-nums; opacity: 0.85; }
.chart text.time { text-anchor: middle; }
.chart .rule line { stroke: color-mix(in srgb, var(--pm-text) 55%, transparent); stroke-width: 1; }
.chart-skeleton { background: linear-gradient(90deg, var(--pm-surface) 30%, color-mix(in srgb, var(--pm-surface) 60%, var(--pm-background)) 50%, var(--pm-surface) 70%) 0 0 / 300% 100%; animation: pm-chart-shimmer 1.4s linear infinite; }
@keyframes pm-chart-shimmer { to { background-position: -150% 0; } }
@media (prefers-reduced-motion: reduce) { .chart-skeleton { animation: none; } }
.chart-box.note { display: flex; flex-direction: column; align-items: flex-start; justify-content: center; gap: var(--pm-spacing); }
.chart-empty { display: flex; align-items: center; justify-content: center; background: var(--pm-surface); }
@container (max-width: 480px) {
  .chart-box { height: ${PHONE_HEIGHT}px; flex: none; }
  .chart-box:not(.plot) { height: calc(${PHONE_HEIGHT}px + 1.3em + var(--pm-spacing) * 2); }
  .chart-head { flex-direction: column; align-items: stretch; }
  .chart .ranges button { flex: 1; }
}
`;
