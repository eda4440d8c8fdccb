/**
 * The trade ticket's rules (ticket.tsx, stake-field.tsx, ticket-facts.tsx, ticket-confirm.tsx). Logical
 * properties and flex only, so right-to-left locales mirror without rules of their own; figures are
 * tabular so amounts do not jitter as a quote changes. Colors are the theme's: text in the accent,
 * positive or negative color only where the default themes keep it readable.
 */
export const TICKET_STYLES = `
.ticket, form { display: flex; flex-direction: column; gap: var(--gap); }
fieldset { border: none; padding: 0; margin: 0; min-width: 0; }
legend { font-weight: 600; padding: 0; margin-bottom: calc(var(--pm-spacing) * 2); }
.choices { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: calc(var(--pm-spacing) * 2); }
.choice { display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); min-height: 44px; padding: 0 calc(var(--pm-spacing) * 3); border: 1px solid color-mix(in srgb, var(--pm-text) 25%, transparent); border-radius: var(--pm-radius); cursor: pointer; }
.choice span { flex: 1; overflow-wrap: break-word; hyphens: auto; }
/* Outcomes are buttons to the eye (as on Polymarket and Kalshi) and radios to a keyboard or screen reader. */
.choice { position: relative; }
.choice input[type='radio'] { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
.choice:has(input:focus-visible) { outline: 3px solid var(--pm-accent); outline-offset: 2px; }
@supports not selector(:has(*)) { .choice:focus-within { outline: 3px solid var(--pm-accent); outline-offset: 2px; } }
@media (forced-colors: active) { .choice.selected { outline: 3px solid CanvasText; outline-offset: -3px; } }
.choice.selected { border-color: var(--pm-accent); box-shadow: inset 0 0 0 1px var(--pm-accent); font-weight: 600; }
.choices.binary { grid-template-columns: 1fr 1fr; }
.choices.binary .choice.selected.s0 { background: color-mix(in srgb, var(--pm-positive) 12%, transparent); }
.choices.binary .choice.selected.s1 { background: color-mix(in srgb, var(--pm-negative) 12%, transparent); }

/* One order for eyes, keyboards and screen readers alike: the outcome, the amount, what it wins, Buy, then the details. */
.buy-bar { display: flex; flex-direction: column; gap: var(--gap); }
.details { display: flex; flex-direction: column; gap: var(--gap); }
.details-body { display: flex; flex-direction: column; gap: var(--gap); }
.details-toggle { display: none; }
.choice strong { margin-inline-start: auto; font-variant-numeric: tabular-nums; }

.limit-left { margin: 0; font-size: max(12px, 0.9em); font-variant-numeric: tabular-nums; }
.stake { display: flex; flex-direction: column; gap: calc(var(--pm-spacing) * 1.5); }
.stake-head { display: flex; justify-content: space-between; align-items: baseline; flex-wrap: wrap; gap: var(--pm-spacing) var(--gap); }
.stake-head label { font-weight: 600; }
.stake-head .muted { font-variant-numeric: tabular-nums; }
.stake-input { display: flex; gap: calc(var(--pm-spacing) * 2); }
.stake-input input { flex: 1; min-width: 0; font-variant-numeric: tabular-nums; }
.stake-input .max { flex: none; font-weight: 600; }
.field-note { display: flex; align-items: center; flex-wrap: wrap; gap: calc(var(--pm-spacing) * 2); font-size: 0.92em; }
.field-note.problem { color: var(--pm-negative); font-weight: 600; }
.field-note button { color: var(--pm-text); font-weight: 400; }

.slippage { display: grid; grid-template-columns: 1fr auto; align-items: center; gap: var(--pm-spacing) var(--gap); }
.slippage select { width: auto; min-width: 6.5em; }
.slippage .limit { grid-column: 1 / -1; font-size: 0.9em; font-variant-numeric: tabular-nums; }

.quote { display: flex; flex-direction: column; gap: var(--gap); }
.facts { margin: 0; display: flex; flex-direction: column; gap: var(--pm-spacing); }
.facts div { display: flex; justify-content: space-between; align-items: baseline; gap: var(--gap); }
.facts dt { opacity: 0.78; }
.facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; text-align: end; }
.facts .impact.high { font-weight: 800; }
.facts .impact.high::before { content: '▲ '; color: var(--pm-accent); }

.headline {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: var(--pm-spacing) var(--gap);
  background: var(--pm-surface); border-radius: var(--pm-radius);
  padding: calc(var(--pm-spacing) * 3) calc(var(--pm-spacing) * 4);
}
.headline .label { flex-basis: 100%; font-weight: 600; opacity: 0.78; }
.headline .win { font-size: 2em; font-weight: 700; line-height: 1.15; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.headline .win.muted { font-size: 1.1em; font-weight: 400; }
.headline .profit { color: var(--pm-positive); font-weight: 600; font-variant-numeric: tabular-nums; }

.skeleton {
  display: inline-block; width: 4.5em; height: 0.9em; vertical-align: middle; border-radius: 4px;
  background: color-mix(in srgb, var(--pm-text) 14%, transparent); animation: pm-pulse 1.2s ease-in-out infinite;
}
@keyframes pm-pulse { 50% { opacity: 0.4; } }
@media (prefers-reduced-motion: reduce) { .skeleton { animation: none; } }

.confirm {
  display: flex; flex-direction: column; gap: calc(var(--pm-spacing) * 2);
  border: 2px solid var(--pm-accent); border-radius: var(--pm-radius);
  background: color-mix(in srgb, var(--pm-accent) 9%, var(--pm-background));
  padding: calc(var(--pm-spacing) * 3) calc(var(--pm-spacing) * 4);
}
.confirm p { margin: 0; font-weight: 600; }
.confirm .actions button { flex: 1 1 10em; }
button.buy { white-space: normal; line-height: 1.25; padding-block: calc(var(--pm-spacing) * 2); }

@container (max-width: 480px) {
  .choices { grid-template-columns: 1fr 1fr; }
  .details { gap: calc(var(--pm-spacing) * 2); }
  .details-toggle {
    display: flex; justify-content: space-between; align-items: center; width: 100%;
    background: transparent; border: none; padding: 0; font-weight: 600;
  }
  .details-toggle .chevron { width: 8px; height: 8px; border: solid currentColor; border-width: 0 2px 2px 0; transform: rotate(45deg); margin-inline-end: 4px; }
  .details.open .chevron { transform: rotate(-135deg); }
  .details:not(.open) .details-body { display: none; }
  /* The bar: at the bottom of what is visible (above the keyboard) while the ticket is on screen. */
  .buy-bar {
    position: sticky; bottom: var(--pm-keyboard, 0px); z-index: 2;
    display: flex; flex-direction: column; gap: calc(var(--pm-spacing) * 2);
    margin-inline: calc(var(--pm-spacing) * -3); padding: calc(var(--pm-spacing) * 2) calc(var(--pm-spacing) * 3);
    background: var(--pm-background);
    border-top: 1px solid color-mix(in srgb, var(--pm-text) 18%, transparent);
    box-shadow: 0 -10px 16px -14px color-mix(in srgb, var(--pm-text) 60%, transparent);
  }
  .buy-bar .stake { display: grid; grid-template-columns: auto 1fr; align-items: center; gap: calc(var(--pm-spacing) * 1.5) calc(var(--pm-spacing) * 3); }
  .buy-bar .stake-head .muted { display: none; }
  .buy-bar .field-note { grid-column: 1 / -1; }
  .buy-bar .headline { background: none; padding: 0; gap: 0 calc(var(--pm-spacing) * 2); }
  .buy-bar .headline .label { flex-basis: auto; white-space: nowrap; }
  .buy-bar .headline .win { font-size: 1.3em; white-space: nowrap; overflow-wrap: normal; }
  .buy-bar .headline .profit { font-size: 0.92em; }
  .buy-bar .note { margin: 0; }
}
`;
