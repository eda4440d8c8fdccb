/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  dayCap,
  findMarketBySlug,
  microOf,
  SandboxInfluence,
  spreadOf,
  spreadRatio,
  updateMarket,
  type MarketRecord,
} from '../../domains/markets/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { Field, PanelForm, sendConfirmation } from '../web/shared.js';
import { signedIn } from './site.js';

/**
 * A market's sandbox influence on its page (docs/operator-api.md, "Sandbox influence"): the spread S/b
 * that open sandbox positions hold against the bound ε, in words and on a meter, and the form that
 * changes ε through the platform API's verb (`updateMarket`, audited as `market.update`). Removing the
 * bound lets play money set live prices, so it is confirmed first.
 */

/** How far a spread of `ratio` (S/b) may move any live odds: exp(S/b) − 1, "about 1 %" for 0.01. */
function oddsMove(ratio: number): string {
  const percent = (Math.exp(ratio) - 1) * 100;
  return `about ${Number(percent.toPrecision(2))}\u00a0%`;
}

/** Shares in 1e-8 units, rounded down to 2 decimals, thousands grouped: 1,234.5 */
function shares(units: bigint): string {
  const hundredths = units / 1_000_000n;
  const whole = (hundredths / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return cents === '' ? whole : `${whole}.${cents}`;
}

const grouped = (decimal: string) => decimal.replace(/^\d+/, (digits) => digits.replace(/\B(?=(\d{3})+$)/g, ','));

/** The figures the section shows, exact where the rules are (model/sandbox-influence.ts). */
function figuresOf(market: MarketRecord) {
  const liquidityMicro = microOf(market.liquidity);
  const spread = spreadRatio(market.qSandbox, liquidityMicro);
  const bound = market.sandboxInfluence;
  return {
    spread,
    spreadShares: shares(spreadOf(market.qSandbox)),
    depth: grouped(market.liquidity),
    bound,
    /** S/b over ε: 1 at the bound. */
    used: bound === null ? null : Number(spread) / Number(bound),
    dayShares: bound === null ? null : shares(dayCap({ influenceMicro: microOf(bound), liquidityMicro })),
  };
}

const percentOf = (used: number) => (used > 0 && used < 0.005 ? 'less than 1' : String(Math.round(used * 100)));

/** The section on the market's page; a sandbox test market has no bound and no form. */
export function SandboxInfluenceSection(props: {
  request: FastifyRequest;
  market: MarketRecord;
  /** The owner's name of a sandbox test market. */
  ownerName: string | null;
}) {
  const { market } = props;
  return (
    <section aria-labelledby="sandbox">
      <h2 id="sandbox">Sandbox influence</h2>
      {market.ownerTenantId !== null ? (
        <p data-testid="sandbox-state">
          No bound: this is a sandbox test market of {props.ownerName ?? market.ownerTenantId}. Only its owner's sandbox
          trades it, so no live price can move and there is nothing to bound.
        </p>
      ) : (
        <>
          <SharedMarketInfluence market={market} />
          <InfluenceForm request={props.request} market={market} />
        </>
      )}
    </section>
  );
}

function SharedMarketInfluence(props: { market: MarketRecord }) {
  const f = figuresOf(props.market);
  const held = `Sandbox positions hold ${f.spread} of the depth`;
  if (f.bound === null || f.used === null) {
    return (
      <>
        <p class="problem" data-testid="sandbox-state">
          <strong>No bound:</strong> sandbox play money moves this market's live price as far as the market maker
          allows. Set one unless only trusted sandbox traffic trades here.
        </p>
        <p>
          {held} ({f.spreadShares} shares over a depth b of {f.depth}):{' '}
          {Number(f.spread) === 0
            ? 'right now they do not move live odds, but nothing stops them.'
            : `right now they move live odds by at most ${oddsMove(Number(f.spread))}, and nothing stops them moving further.`}
        </p>
      </>
    );
  }
  const above = f.used > 1;
  return (
    <>
      <p data-testid="sandbox-state">
        {held}
        {above ? ', above the bound of ' : '; the bound is '}
        {f.bound} (no live odds moved by more than {oddsMove(Number(f.bound))}).
      </p>
      <label for="sandbox-meter">
        Bound in use: {percentOf(f.used)}&nbsp;%{above ? ' (above the bound)' : ''}
      </label>
      <meter id="sandbox-meter" min={0} max={1} low={0.5} high={0.9} optimum={0} value={Math.min(f.used, 1)}>
        {percentOf(f.used)}&nbsp;%
      </meter>
      {above && (
        <p class="problem" data-testid="sandbox-above">
          <strong>Above the bound:</strong> sandbox closes, or a bound lowered since, left sandbox positions holding
          more than it allows. Only sandbox opens that bring the spread back within {f.bound} pass; every other sandbox
          open is refused (409 sandbox_limit_reached). Closes and live trading go on as before.
        </p>
      )}
      <dl>
        <dt>Bound ε</dt>
        <dd data-testid="sandbox-bound">{f.bound}</dd>
        <dt>Sandbox spread S/b</dt>
        <dd data-testid="sandbox-spread">
          {f.spread} ({f.spreadShares} shares over a depth b of {f.depth};{' '}
          {Number(f.spread) === 0 ? 'live odds not moved' : `live odds moved by at most ${oddsMove(Number(f.spread))}`})
        </dd>
        <dt>Daily cap</dt>
        <dd>{f.dayShares} shares (10·ε·b) bought and sold by each sandbox tenant environment in any 24 hours</dd>
      </dl>
    </>
  );
}

/**
 * One field, the bound as the API takes it. "Remove the bound…" submits the same form as "none"; either
 * way a removal is confirmed first. Save comes first, so Enter in the field saves.
 */
function InfluenceForm(props: { request: FastifyRequest; market: MarketRecord }) {
  const { market } = props;
  return (
    <>
      <h3 id="sandbox-change">Change the bound</h3>
      <PanelForm
        request={props.request}
        action={`/panel/markets/${market.slug}/sandbox-influence`}
        label="Set the sandbox bound"
      >
        <Field
          name="sandbox_influence"
          id="sandbox-influence"
          label="New bound ε"
          inputMode="decimal"
          maxLength={20}
          size={10}
          value={market.sandboxInfluence ?? ''}
          hint={`From 0.001 to 0.05; 0.01 (the default) keeps live odds within about 1\u00a0%. Empty or “none” for no bound (asks first).`}
        />
        <p class="row">
          <button type="submit">Save bound</button>
          {market.sandboxInfluence !== null && (
            <button type="submit" name="remove" value="yes" class="danger">
              Remove the bound…
            </button>
          )}
        </p>
      </PanelForm>
    </>
  );
}

/** The form's field read by the API's own rule (SandboxInfluence), so the panel and the API cannot drift. */
const InfluenceBody = z.object({ sandbox_influence: SandboxInfluence });

/** What was typed: a bound, null for none (empty or "none"), or the words saying what is wrong. */
function influenceOf(typed: string): { ok: true; value: string | null } | { ok: false; error: z.ZodError } {
  if (/^(none)?$/i.test(typed)) return { ok: true, value: null };
  const parsed = InfluenceBody.safeParse({ sandbox_influence: typed });
  if (parsed.success) return { ok: true, value: parsed.data.sandbox_influence };
  const outOfRange = parsed.error.issues.every((issue) => issue.code === 'custom');
  const message = outOfRange
    ? `${typed} is ${Number(typed) > 0.05 ? 'above the largest bound, 0.05' : 'below the smallest bound, 0.001'}: enter a bound from 0.001 to 0.05, like 0.01.`
    : 'Enter a decimal from 0.001 to 0.05 with a point and at most 6 decimals, like 0.01; or “none” for no bound.';
  return { ok: false, error: new z.ZodError([{ code: 'custom', path: ['sandbox_influence'], message, input: typed }]) };
}

/** The confirmation before the bound goes: what a market without one allows, with its figures now. */
function confirmRemoval(request: FastifyRequest, reply: FastifyReply, market: MarketRecord): FastifyReply {
  const f = figuresOf(market);
  const page = `/panel/markets/${market.slug}`;
  return sendConfirmation(request, reply, {
    title: `Remove the sandbox bound of “${market.title}”?`,
    current: '/panel/markets',
    effect:
      `Without a bound, sandbox play money moves the live price of ${market.slug} as far as the market maker ` +
      `allows: a sandbox user can push a price, a live user buy the cheap side and sell once the push is ` +
      `released, at the operator's cost. No sandbox open will be refused for its influence, and no sandbox ` +
      `environment has a daily cap here. Sandbox positions hold ${f.spread} of the depth now; the bound is ` +
      `${f.bound}. Remove it only if only trusted sandbox traffic trades here.`,
    action: `${page}/sandbox-influence`,
    fields: { sandbox_influence: 'none', confirm: 'yes' },
    button: 'Remove the bound',
    back: `${page}#sandbox`,
  });
}

/** POST /panel/markets/:slug/sandbox-influence: the platform API's PATCH, from the panel. */
export function sandboxInfluenceRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/panel/markets/:slug/sandbox-influence', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      // Back to the section itself: on a phone it is a few screens down the page.
      const back = `/panel/markets/${slug}#sandbox`;
      const form = formOf(request);
      const typed =
        form.remove === 'yes'
          ? 'none'
          : typeof form.sandbox_influence === 'string'
            ? form.sandbox_influence.trim()
            : '';
      const influence = influenceOf(typed);
      if (!influence.ok) return refuseForm(request, reply, back, influence.error);
      const ctx = platformCtx(deps, request);
      if (influence.value === null && form.confirm !== 'yes') {
        const market = await findMarketBySlug(ctx.db, slug);
        // Only a bound that exists is confirmed away; the verb refuses a test market in its own words.
        if (market && market.ownerTenantId === null && market.sandboxInfluence !== null) {
          return confirmRemoval(request, reply, market);
        }
      }
      return act(ctx, request, reply, (tx) => updateMarket(tx, slug, { sandboxInfluence: influence.value }), {
        action: 'market.update',
        target: slug,
        details: { sandbox_influence: influence.value },
        back,
        done: (m) =>
          m.sandboxInfluence === null
            ? `${m.slug} has no sandbox bound: sandbox trades move its live price freely.`
            : `${m.slug}'s sandbox bound is ${m.sandboxInfluence}: no live odds moved by more than ${oddsMove(Number(m.sandboxInfluence))}.`,
      });
    });
  };
}
