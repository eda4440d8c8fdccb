/**
 * The rules of the user's own views: the portfolio (portfolio*.tsx), the leaderboard (leaders.tsx)
 * and the profile (profile.tsx). A position is a grid of stacked parts, not a row of columns: the base
 * `.card > div { flex: 1 }` would squeeze the close flow into a column on a phone.
 */
export const PORTFOLIO_STYLES = `
.card.position { display: grid; grid-template-columns: minmax(0, 1fr); align-items: start; gap: calc(var(--pm-spacing) * 2); }
.card.position > div { flex: none; }
.card.position .position-head { display: flex; flex-direction: row; flex-wrap: wrap; align-items: baseline; gap: calc(var(--pm-spacing) * 2); min-width: 0; }
/* The title's own direction follows its text (dir=auto): the tags, in the widget's direction, take the auto margin. */
.position-head .title { flex: 0 1 auto; min-width: 0; overflow-wrap: anywhere; }
.position-head button.title.link {
  min-height: 44px; padding: 0; border: none; background: transparent; text-align: start; font-weight: 600;
  color: inherit; text-decoration: underline; text-decoration-color: color-mix(in srgb, var(--pm-text) 35%, transparent); text-underline-offset: 3px;
}
.position-head .tags { margin-inline-start: auto; display: inline-flex; align-items: baseline; gap: calc(var(--pm-spacing) * 2); }
.position-head .outcome { font-weight: 600; }
/* The state badge of an open position has the class open, which the market card's button rule also matches. */
.card.position .position-head .badge { flex: none; display: inline-block; padding: 2px 8px; background: var(--pm-background); border: none; }
.position .pnl { white-space: nowrap; }
.position .figures { margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5em, 1fr)); gap: calc(var(--pm-spacing) * 2) var(--gap); }
.position .figures div { display: flex; flex-direction: column; min-width: 0; }
.position .figures dt { font-size: 0.85em; opacity: 0.78; }
.position .figures dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.position .value { font-weight: 600; }
.position .close { width: 100%; display: flex; flex-direction: column; align-items: flex-start; gap: calc(var(--pm-spacing) * 2); }
.position .close > .note { align-self: stretch; max-width: 40em; }
.position .close .actions button { flex: 1 1 auto; width: auto; }
.skeleton-text { display: inline-block; vertical-align: middle; height: 1em; width: 5em; border-radius: var(--pm-radius); background: color-mix(in srgb, var(--pm-text) 12%, var(--pm-surface)); animation: pm-position-pulse 1.4s ease-in-out infinite; }
@keyframes pm-position-pulse { 50% { opacity: 0.55; } }
@media (prefers-reduced-motion: reduce) { .skeleton-text { animation: none; } }
/* A group's positions are cards inside its card, set in by a line at their start. */
.card.position.group > ul.cards { margin: 0; padding-inline-start: calc(var(--pm-spacing) * 3); border-inline-start: 2px solid color-mix(in srgb, var(--pm-text) 14%, transparent); }
.card.position.group > ul.cards:empty { display: none; }
.card.position.group > ul.cards > .card { box-shadow: none; }
.card.position.group button.expand { justify-self: start; width: auto; }
.card.position.summary h2 { margin: 0; font-size: 1em; }
.card.position.just-closed { outline: none; }
.card.position.just-closed:focus-visible { outline: 2px solid var(--pm-accent); outline-offset: 2px; }
.portfolio .empty { display: flex; flex-direction: column; align-items: flex-start; gap: calc(var(--pm-spacing) * 2); margin-bottom: var(--gap); }
.portfolio .empty button.primary { width: auto; }
.portfolio button.more { margin-top: var(--gap); width: 100%; }
tr.me td { background: color-mix(in srgb, var(--pm-accent) 7%, transparent); font-weight: 600; }
tr.me td:first-child { box-shadow: inset 4px 0 0 var(--pm-accent); }
[dir='rtl'] tr.me td:first-child { box-shadow: inset -4px 0 0 var(--pm-accent); }
.you { font-size: 0.85em; font-weight: 600; padding: 0 6px; margin-inline-start: calc(var(--pm-spacing) * 2); border-radius: 999px; border: 1px solid currentColor; }
.leaders .standing { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: calc(var(--pm-spacing) * 2); font-variant-numeric: tabular-nums; }
.record { margin: 0 0 var(--gap); display: grid; grid-template-columns: repeat(auto-fit, minmax(7.5em, 1fr)); gap: var(--gap); background: var(--pm-surface); border-radius: var(--pm-radius); padding: calc(var(--pm-spacing) * 3); }
.record div { display: flex; flex-direction: column; min-width: 0; }
.record dt { font-size: 0.85em; opacity: 0.78; }
.record dd { margin: 0; font-size: 1.2em; font-weight: 700; font-variant-numeric: tabular-nums; }
.profile .field-error { color: var(--pm-negative); margin: 0; }
.profile input[aria-invalid='true'] { border-color: var(--pm-negative); }
.profile button.danger { color: var(--pm-negative); border-color: var(--pm-negative); font-weight: 600; }
@container (max-width: 480px) {
  .position .close .actions { flex-direction: column; width: 100%; }
  .position .close .actions button, .position .close > button { width: 100%; }
}
`;
