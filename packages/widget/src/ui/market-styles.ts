/** The market list's and detail's rules (markets.tsx, market-detail.tsx, market-parts.tsx), and the skeleton's. */
export const MARKET_STYLES = `
.card.market .open { min-width: 0; }
.card .meta, p.meta { display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); flex-wrap: wrap; font-size: 0.9em; }
.card.market.resolved, .card.market.voided { opacity: 0.92; }
.ended { font-weight: 600; }
.result { font-weight: 600; font-variant-numeric: tabular-nums; }
.ended-note { display: flex; flex-wrap: wrap; gap: var(--gap); align-items: baseline; }
.price { display: inline-flex; gap: var(--pm-spacing); align-items: baseline; }
.skeleton-view .bar-line + .cards { margin-top: var(--gap); }
.bone-row td { padding-block: calc(var(--pm-spacing) * 3); }
.bone, .bone-card .bone {
  display: block; border-radius: var(--pm-radius);
  background: color-mix(in srgb, var(--pm-text) 10%, var(--pm-surface));
  animation: pm-pulse 1.4s ease-in-out infinite;
}
.bone-card { flex-direction: column; align-items: stretch; min-height: 92px; }
.bone.header-line { height: 28px; width: 40%; margin: 0 0 var(--gap) auto; }
.bone.bar-line { height: 44px; width: 60%; }
.bone.title-line { height: 18px; width: 80%; }
.bone.short-line { height: 14px; width: 45%; margin-top: calc(var(--pm-spacing) * 2); }
.trade-layout { display: flex; flex-direction: column; gap: var(--gap); }
.trade-layout > div { min-width: 0; }
@container (min-width: 760px) {
  .trade-layout { display: grid; grid-template-columns: minmax(0, 1.5fr) minmax(300px, 1fr); align-items: start; gap: calc(var(--gap) * 2); }
  .ticket-side { position: sticky; top: var(--gap); }
}
@container (max-width: 480px) {
  .ticket-side { order: -1; }
}
@keyframes pm-pulse { 50% { opacity: 0.55; } }
@media (prefers-reduced-motion: reduce) { .bone, .bone-card .bone { animation: none; } }
`;
