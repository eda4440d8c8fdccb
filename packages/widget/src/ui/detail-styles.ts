/**
 * A market's page (market-detail.tsx): the chart and the ticket side by side on a wide widget, the
 * ticket first on a phone, one column when there is no ticket, and the rules under the chart. In the
 * views chunk, with the page itself.
 */
export const DETAIL_STYLES = `
.trade-layout { display: flex; flex-direction: column; gap: var(--gap); }
.chart-side { display: flex; flex-direction: column; }
.market-facts { border-top: 1px solid var(--pm-surface); margin-top: var(--gap); padding-top: calc(var(--pm-spacing) * 2); }
.market-facts h3 { font-size: 1em; margin: calc(var(--pm-spacing) * 2) 0 var(--pm-spacing); }
.market-facts p { margin: 0 0 calc(var(--pm-spacing) * 2); white-space: pre-line; overflow-wrap: break-word; }
.market-facts a { color: var(--pm-accent); overflow-wrap: anywhere; }
.trade-layout > div { min-width: 0; }
@container (min-width: 760px) {
  .trade-layout { display: grid; grid-template-columns: minmax(0, 1.5fr) minmax(300px, 1fr); align-items: stretch; gap: calc(var(--gap) * 2); }
  .trade-layout.single { grid-template-columns: minmax(0, 1fr); }
  .ticket-side { position: sticky; top: var(--gap); align-self: start; }
}
@container (max-width: 480px) {
  .ticket-side { order: -1; }
}
`;
