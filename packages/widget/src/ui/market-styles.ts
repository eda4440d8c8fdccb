/** The market list's rules (markets.tsx, market-card.tsx, market-parts.tsx), and the skeleton's; a market's page has its own (detail-styles.ts). */
export const MARKET_STYLES = `
/* A card is a column whose foot sits at its bottom: cards in a row share their height and line up. */
.card.market { flex-direction: column; align-items: stretch; flex-wrap: nowrap; gap: calc(var(--pm-spacing) * 2); }
.card.market > .card-head { flex-direction: row; flex: none; align-items: flex-start; gap: var(--gap); }
.card.market .open.title {
  flex: 1; min-width: 0; min-height: 44px; display: flex; align-items: flex-start; padding: 0; border: none;
  background: transparent; text-align: start; font-weight: 600; line-height: 1.3; overflow-wrap: break-word;
}
.chance { display: flex; flex-direction: column; align-items: flex-end; font-variant-numeric: tabular-nums; line-height: 1.2; }
.chance strong { font-size: 1.35em; }
.change { font-size: max(12px, 0.85em); font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
.change.up { color: var(--pm-positive); }
.change.down { color: var(--pm-negative); }
.card.market > .sides { display: grid; grid-template-columns: 1fr 1fr; flex: none; gap: calc(var(--pm-spacing) * 2); }
.side { display: flex; justify-content: center; align-items: center; gap: calc(var(--pm-spacing) * 1.5); font-weight: 600; padding-inline: calc(var(--pm-spacing) * 2); }
.side span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.side.s0 { background: color-mix(in srgb, var(--pm-positive) 16%, var(--pm-background)); border-color: color-mix(in srgb, var(--pm-positive) 55%, transparent); }
.side.s1 { background: color-mix(in srgb, var(--pm-negative) 14%, var(--pm-background)); border-color: color-mix(in srgb, var(--pm-negative) 55%, transparent); }
.card .rows { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.row-button {
  width: 100%; display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); padding: 0 calc(var(--pm-spacing) * 1);
  border: none; border-radius: var(--pm-radius); background: transparent; text-align: start; font-variant-numeric: tabular-nums;
}
.row-button:hover { background: color-mix(in srgb, var(--pm-text) 6%, transparent); }
.row-button .name { flex: 1; min-width: 0; overflow-wrap: break-word; }
.rows .more { padding-inline: calc(var(--pm-spacing) * 1); font-size: 0.9em; }
.card.market > .foot { flex-direction: row; flex: none; align-items: center; gap: calc(var(--pm-spacing) * 2); margin-top: auto; }
.card.market > .foot .meta { flex: 1; margin: 0; }
.card .meta, p.meta { display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); flex-wrap: wrap; font-size: 0.9em; }
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
@keyframes pm-pulse { 50% { opacity: 0.55; } }
@media (prefers-reduced-motion: reduce) { .bone, .bone-card .bone { animation: none; } }
`;
