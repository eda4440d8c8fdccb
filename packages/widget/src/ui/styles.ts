/**
 * The widget's styles, inside its Shadow DOM: nothing leaks to the host page and the host's CSS does not
 * reach in, except the theme tokens as custom properties. Whatever the theme says, form fields keep
 * 16 px text (no zoom on phones) and controls a 44 px touch target (docs/widget.md, "How it behaves"). The layout
 * follows the widget's own width (a container query), not the viewport: phone layout at 480 px or narrower.
 */
import { MARKET_STYLES } from './market-styles.js';

const BASE = `
:host { all: initial; display: block; width: 100%; container-type: inline-size; }
.scheme-light { color-scheme: light; }
.scheme-dark { color-scheme: dark; }
.app {
  box-sizing: border-box; width: 100%; min-height: 200px;
  background: var(--pm-background); color: var(--pm-text);
  font-family: var(--pm-font-family); font-size: var(--pm-font-size); line-height: 1.45;
  border-radius: var(--pm-radius); padding: calc(var(--pm-spacing) * 4);
  --gap: calc(var(--pm-spacing) * 3);
}
*, *::before, *::after { box-sizing: inherit; }
h2 { font-size: 1.15em; margin: var(--gap) 0; }
p { margin: calc(var(--pm-spacing) * 2) 0; }
.muted { opacity: 0.78; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
header { display: flex; align-items: baseline; gap: var(--gap); justify-content: flex-end; margin-bottom: var(--gap); }
.balance { font-size: 1.3em; font-variant-numeric: tabular-nums; }
button, input, select {
  font: inherit; font-size: max(16px, var(--pm-font-size)); color: inherit;
  min-height: 44px; min-width: 44px; border-radius: var(--pm-radius);
}
button {
  background: var(--pm-surface); border: 1px solid color-mix(in srgb, var(--pm-text) 25%, transparent);
  padding: 0 calc(var(--pm-spacing) * 4); cursor: pointer;
}
button:disabled { opacity: 0.6; cursor: default; }
button.primary { background: var(--pm-accent); color: var(--pm-on-accent); border-color: var(--pm-accent); font-weight: 600; width: 100%; }
button.icon { background: transparent; border: none; font-size: 22px; padding: 0; color: var(--pm-accent); }
input, select {
  width: 100%; background: var(--pm-background); border: 1px solid color-mix(in srgb, var(--pm-text) 40%, transparent);
  padding: 0 calc(var(--pm-spacing) * 3);
}
input[type='radio'], input[type='checkbox'] { width: 22px; min-width: 22px; min-height: 22px; accent-color: var(--pm-accent); }
:focus-visible { outline: 3px solid var(--pm-accent); outline-offset: 2px; }
nav[role='tablist'] { display: flex; gap: calc(var(--pm-spacing) * 2); border-bottom: 1px solid var(--pm-surface); margin-bottom: var(--gap); overflow-x: auto; scrollbar-width: thin; }
/* Tabs share the width; a tab whose name does not fit on one line takes two rather than being cut. */
nav button { flex: 1 1 auto; min-width: min-content; background: transparent; border: none; border-bottom: 3px solid transparent; border-radius: 0; line-height: 1.2; }
nav.more { mask-image: linear-gradient(to right, #000 calc(100% - 40px), transparent); }
[dir='rtl'] nav.more { mask-image: linear-gradient(to left, #000 calc(100% - 40px), transparent); }
nav button[aria-selected='true'] { border-bottom-color: var(--pm-accent); font-weight: 600; }
.segmented { display: flex; gap: calc(var(--pm-spacing) * 2); flex-wrap: wrap; margin-bottom: var(--gap); }
.segmented button[aria-pressed='true'] { background: var(--pm-accent); color: var(--pm-on-accent); border-color: var(--pm-accent); }
ul.cards { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--gap); grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); }
ul.cards.rows { grid-template-columns: 1fr; }
.card { display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); background: var(--pm-surface); border-radius: var(--pm-radius); padding: calc(var(--pm-spacing) * 3); flex-wrap: wrap; }
.card > div { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.card .open { flex: 1; display: flex; flex-direction: column; align-items: flex-start; gap: var(--pm-spacing); text-align: start; background: transparent; border: none; padding: 0; }
.title { font-weight: 600; }
.prices { display: flex; gap: var(--gap); flex-wrap: wrap; font-variant-numeric: tabular-nums; }
.badge { font-size: max(12px, 0.85em); padding: 2px 8px; border-radius: 999px; background: var(--pm-background); white-space: nowrap; }
.badge.open, .badge.settled_win { color: var(--pm-positive); }
.badge.voided, .badge.settled_loss { color: var(--pm-negative); }
.badge.suspended { color: inherit; border: 1px solid color-mix(in srgb, var(--pm-text) 30%, transparent); }
.positive { color: var(--pm-positive); }
.negative { color: var(--pm-negative); }
.bar { display: flex; justify-content: space-between; align-items: center; }
.row { display: flex; flex-direction: column; gap: var(--pm-spacing); }
.check { display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); min-height: 44px; }
.note { background: var(--pm-surface); border-inline-start: 4px solid var(--pm-accent); padding: calc(var(--pm-spacing) * 2) calc(var(--pm-spacing) * 3); border-radius: var(--pm-radius); }
.note.error { border-inline-start-color: var(--pm-negative); }
.note.ok { border-inline-start-color: var(--pm-positive); }
.actions { display: flex; gap: calc(var(--pm-spacing) * 2); flex-wrap: wrap; }
.break { display: flex; flex-direction: column; align-items: flex-start; gap: calc(var(--pm-spacing) * 2); padding: calc(var(--pm-spacing) * 4) 0; max-width: 36em; }
.break h2 { margin: 0; font-size: 1.15em; }
.break p { margin: 0; }
.close { width: 100%; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { text-align: start; padding: calc(var(--pm-spacing) * 2); border-bottom: 1px solid var(--pm-surface); }
.num { text-align: end; }
@container (max-width: 480px) {
  .app { padding: calc(var(--pm-spacing) * 3); }
  ul.cards { grid-template-columns: 1fr; }
  nav[role='tablist'] { gap: 0; }
  nav button { padding: var(--pm-spacing) calc(var(--pm-spacing) * 1.5); font-size: 0.94em; }
  header { justify-content: space-between; }
}
@container (max-width: 360px) {
  nav[role='tablist'] { gap: calc(var(--pm-spacing) * 0.5); }
  nav button { padding-inline: calc(var(--pm-spacing) * 0.75); font-size: 0.82em; }
}
`;

/**
 * The sheet of the first view: the base above and the market list's rules. Each later view's file owns
 * its selectors, and the views chunk brings them (src/views.ts).
 */
export const STYLES = [BASE, MARKET_STYLES].join('\n');
