/** The price chart's rules (chart.tsx). */
export const CHART_STYLES = `
.chart { margin: var(--gap) 0; }
.chart svg { width: 100%; height: 140px; background: var(--pm-surface); border-radius: var(--pm-radius); }
.chart .series { stroke: var(--pm-accent); stroke-width: 2.5; vector-effect: non-scaling-stroke; }
.chart .grid { stroke: color-mix(in srgb, var(--pm-text) 20%, transparent); stroke-dasharray: 4 4; vector-effect: non-scaling-stroke; }
.chart figcaption { font-size: 0.85em; opacity: 0.78; }
figure { margin: 0; }
`;
