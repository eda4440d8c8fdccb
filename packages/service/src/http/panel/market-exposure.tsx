/** @jsxRuntime automatic @jsxImportSource preact */
import { displayPrices, formatPrice, type MarketRecord } from '../../domains/markets/index.js';
import type { PlatformExposure } from '../../domains/positions/index.js';
import { formatAmount } from '../../lib/money.js';
import { ScrollTable } from '../web/shared.js';

/** An amount in cents with thousands grouped, as a person on call reads it: 1,234.00. */
export const money = (cents: bigint) => formatAmount(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

type Line = PlatformExposure['totals']['all'][number];

/**
 * The market's exposure (docs/platform-api.md, "A market's exposure"): per outcome, what each tenant
 * environment's open positions would pay if it wins, the sums per environment and in all, beside the
 * market maker's own bound b·ln n and its current q.
 */
export function ExposureSection(props: { exposure: PlatformExposure; names: Map<string, string> }) {
  const { exposure, names } = props;
  const { market } = exposure;
  const titles = new Map(market.outcomes.map((o) => [o.id, o.title]));
  const bound = money(exposure.makerBound);
  const stakeOf = (lines: readonly Line[]) => lines.reduce((sum, l) => sum + l.stake, 0n);
  const liveStake = stakeOf(exposure.totals.live);
  const tenants = [...exposure.byTenant].sort(
    (a, b) =>
      (names.get(a.tenantId) ?? a.tenantId).localeCompare(names.get(b.tenantId) ?? b.tenantId) ||
      a.environment.localeCompare(b.environment),
  );
  return (
    <section aria-labelledby="exposure">
      <h2 id="exposure">Exposure</h2>
      <p>
        What operators would pay out on their users' open positions if each outcome wins, and the market maker's own
        worst case. Live money comes first; sandbox is play money, shown apart. Open stake on the market: live{' '}
        <strong data-testid="live-stake">{money(liveStake)}</strong>, sandbox {money(stakeOf(exposure.totals.sandbox))}{' '}
        (already debited from users; a win pays its positions and every other stake is kept).
      </p>
      <MakerFacts market={market} bound={bound} />
      {market.outcomes.map((o, i) => {
        const live = exposure.totals.live[i]!;
        const sandbox = exposure.totals.sandbox[i]!;
        return (
          <div key={o.id}>
            <h3>If “{o.title}” wins</h3>
            <p>
              If “{o.title}” wins, live operators pay out{' '}
              <strong data-testid={`payout-live-${o.id}`}>{money(live.payoutIfWins)}</strong> to their users; net of the{' '}
              {money(liveStake)} of live open stake they hold, that is{' '}
              <strong data-testid={`net-live-${o.id}`}>{money(live.netIfWins)}</strong>
              {live.netIfWins < 0n ? ' (negative: they keep more than they pay)' : ''}. In sandbox (play money): payout{' '}
              {money(sandbox.payoutIfWins)}, net {money(sandbox.netIfWins)}. The market maker's loss is at most {bound}.
            </p>
            <ScrollTable label={`Exposure if ${titles.get(o.id)} wins`}>
              <thead>
                <tr>
                  <th scope="col">Tenant</th>
                  <th scope="col">Environment</th>
                  <th scope="col" class="num">
                    Open positions
                  </th>
                  <th scope="col" class="num">
                    Open stake
                  </th>
                  <th scope="col" class="num">
                    Payout if wins
                  </th>
                  <th scope="col" class="num">
                    Net if wins
                  </th>
                </tr>
              </thead>
              <tbody>
                {tenants.map((t) => (
                  <LineRow
                    key={`${t.tenantId}/${t.environment}`}
                    line={t.outcomes[i]!}
                    testId={`line-${t.tenantId}-${t.environment}-${o.id}`}
                  >
                    <td>
                      <a href={`/panel/tenants/${t.tenantId}`}>{names.get(t.tenantId) ?? t.tenantId}</a>
                    </td>
                    <td>{t.environment}</td>
                  </LineRow>
                ))}
                {(['sandbox', 'live', 'all'] as const).map((scope) => (
                  <LineRow key={scope} line={exposure.totals[scope][i]!} testId={`total-${scope}-${o.id}`} total>
                    <th scope="row" colSpan={2}>
                      {scope === 'all' ? 'All tenants, both environments' : `All tenants, ${scope}`}
                    </th>
                  </LineRow>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        );
      })}
      {tenants.length === 0 && <p>No tenant has an open position on this market.</p>}
    </section>
  );
}

function LineRow(props: { line: Line; testId: string; total?: boolean; children: preact.ComponentChildren }) {
  const { line } = props;
  const Cell = (p: { children: string | number }) =>
    props.total ? (
      <td class="num">
        <strong>{p.children}</strong>
      </td>
    ) : (
      <td class="num">{p.children}</td>
    );
  return (
    <tr data-testid={props.testId}>
      {props.children}
      <Cell>{line.positions}</Cell>
      <Cell>{money(line.stake)}</Cell>
      <Cell>{money(line.payoutIfWins)}</Cell>
      <Cell>{money(line.netIfWins)}</Cell>
    </tr>
  );
}

/** The market maker's side: its depth, its bound and where q stands. */
function MakerFacts(props: { market: MarketRecord; bound: string }) {
  const { market } = props;
  const prices = displayPrices(market.q, market.b);
  return (
    <>
      <h3>Market maker</h3>
      <p>
        Liquidity b = {market.liquidity} over {market.outcomes.length} outcomes: whatever wins, the market maker loses
        at most <strong data-testid="maker-bound">{props.bound}</strong> on this market (b·ln {market.outcomes.length}{' '}
        from equal starting prices; b·ln(1/p) for the lowest starting price p of a market created with other prices). q
        is where the market maker stands on each outcome, net of closes; the prices follow from it.
      </p>
      <ScrollTable label="Market maker's q">
        <thead>
          <tr>
            <th scope="col">Outcome</th>
            <th scope="col" class="num">
              q
            </th>
            <th scope="col" class="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {market.outcomes.map((o, i) => (
            <tr key={o.id}>
              <td>{o.title}</td>
              <td class="num" data-testid={`q-${o.id}`}>
                {(market.q[i] ?? 0).toFixed(8)}
              </td>
              <td class="num">{formatPrice(prices[i]!)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}
