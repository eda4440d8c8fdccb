/** The trade ticket's rules (ticket.tsx). */
export const TICKET_STYLES = `
.ticket, form { display: flex; flex-direction: column; gap: var(--gap); }
fieldset { border: none; padding: 0; margin: 0; }
legend { font-weight: 600; margin-bottom: calc(var(--pm-spacing) * 2); }
.choices { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: calc(var(--pm-spacing) * 2); }
.choice { display: flex; align-items: center; gap: calc(var(--pm-spacing) * 2); min-height: 44px; padding: 0 calc(var(--pm-spacing) * 3); border: 1px solid color-mix(in srgb, var(--pm-text) 25%, transparent); border-radius: var(--pm-radius); cursor: pointer; }
.choice.selected { border-color: var(--pm-accent); box-shadow: inset 0 0 0 1px var(--pm-accent); }
.choice strong { margin-inline-start: auto; font-variant-numeric: tabular-nums; }
.facts { margin: 0; display: flex; flex-direction: column; gap: var(--pm-spacing); }
.facts div { display: flex; justify-content: space-between; gap: var(--gap); }
.facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
@container (max-width: 480px) {
  .choices { grid-template-columns: 1fr; }
}
`;
