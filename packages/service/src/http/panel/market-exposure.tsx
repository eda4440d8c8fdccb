/** @jsxRuntime automatic @jsxImportSource preact */
import { displayPrices, formatPercent, type MarketRecord } from '../../domains/markets/index.js';
import { netTerms, type HouseResult, type PlatformExposure } from '../../domains/positions/index.js';
import { formatAmount } from '../../lib/money.js';
import { ScrollTable } from '../web/shared.js';

/** An amount in cents with thousands grouped, as a person on call reads it: 1,234.00. */
export const money = (cents: bigint) => formatAmount(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What the house does if an outcome wins, in words: "pays 64.72", "keeps 14.72", "breaks even". */
export const houseWords = (house: HouseResult) =>
  house.verb === 'breaks even' ? 'breaks even' : `${house.verb} ${money(house.amount)}`;

type Line = PlatformExposure['totals']['all'][number];

/**
 * The market's exposure (docs/platform-api.md, "A market's exposure"; docs/operations.md, "The platform
 * panel"): per outcome, what the house (each tenant environment's operator) took in stakes, what it pays
 * if that outcome wins, and so what it pays or keeps, every row with the terms that make its result; the
 * sums per environment and in all; beside the market maker's own bound b·ln n, its q and prices.
 */
export function ExposureSection(props: { exposure: PlatformExposure; names: Map<string, string> }) {
  const { exposure, names } = props;
  const { market } = exposure;
  const bound = money(exposure.makerBound);
  const stakeOf = (lines: readonly Line[]) => lines.reduce((sum, l) => sum + l.stake, 0n);
  const tenants = [...exposure.byTenant].sort(
    (a, b) =>
      (names.get(a.tenantId) ?? a.tenantId).localeCompare(names.get(b.tenantId) ?? b.tenantId) ||
      a.environment.localeCompare(b.environment),
  );
  return (
    <section aria-labelledby="exposure">
      <h2 id="exposure">Exposure</h2>
      <p>
        The house is the operator whose users hold the positions. It took every open stake from its users' balances when
        their positions opened; if an outcome wins, it pays that outcome's positions and keeps the rest. So for each
        outcome: paid if it wins − stake taken is what the house pays, or keeps when the stake taken is more. Live money
        comes first; sandbox is play money, shown apart. Open stake on the market: live{' '}
        <strong data-testid="live-stake">{money(stakeOf(exposure.totals.live))}</strong>, sandbox{' '}
        {money(stakeOf(exposure.totals.sandbox))}.
      </p>
      <MakerFacts market={market} bound={bound} />
      {market.outcomes.map((o, i) => {
        const live = netTerms(exposure.totals.live[i]!);
        const sandbox = netTerms(exposure.totals.sandbox[i]!);
        return (
          <div key={o.id}>
            <h3>If “{o.title}” wins</h3>
            <p>
              Live: the house <strong data-testid={`net-live-${o.id}`}>{houseWords(live.house)}</strong> if “{o.title}”
              wins. It pays <strong data-testid={`payout-live-${o.id}`}>{money(live.paid)}</strong> to the positions on
              “{o.title}” and took {money(live.stakeTaken)} in stakes ({money(live.stakeOn)} on “{o.title}”,{' '}
              {money(live.stakeElsewhere)} on the other outcomes). Sandbox (play money): the house{' '}
              {houseWords(sandbox.house)} (pays {money(sandbox.paid)}, took {money(sandbox.stakeTaken)}). The market
              maker's loss is at most {bound}.
            </p>
            <ScrollTable label={`Exposure if ${o.title} wins`}>
              <thead>
                <tr>
                  <th scope="col">Tenant</th>
                  <th scope="col">Environment</th>
                  <th scope="col" class="num">
                    Positions on “{o.title}”
                  </th>
                  <th scope="col" class="num">
                    Stake on “{o.title}”
                  </th>
                  <th scope="col" class="num">
                    + Stake on other outcomes
                  </th>
                  <th scope="col" class="num">
                    = Stake taken
                  </th>
                  <th scope="col" class="num">
                    Paid if “{o.title}” wins
                  </th>
                  <th scope="col" class="num">
                    The house, if “{o.title}” wins
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

/** One row: its terms in order, so that stake on + stake elsewhere = taken, and paid − taken = the house's result. */
function LineRow(props: { line: Line; testId: string; total?: boolean; children: preact.ComponentChildren }) {
  const terms = netTerms(props.line);
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
      <Cell>{props.line.positions}</Cell>
      <Cell>{money(terms.stakeOn)}</Cell>
      <Cell>{money(terms.stakeElsewhere)}</Cell>
      <Cell>{money(terms.stakeTaken)}</Cell>
      <Cell>{money(terms.paid)}</Cell>
      <Cell>{houseWords(terms.house)}</Cell>
    </tr>
  );
}

/** Shares to two decimals, never "-0.00". */
const twoDecimals = (shares: number) => {
  const text = shares.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
};

/** The market maker's side: its depth, its bound and where q stands, with the prices that follow from it. */
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
        is where the market maker stands on each outcome, in shares net of closes, to two decimals (the platform API
        gives eight); the prices follow from it, as percentages.
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
                {twoDecimals(market.q[i] ?? 0)}
              </td>
              <td class="num" data-testid={`price-${o.id}`}>
                {formatPercent(prices[i]!)}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}
