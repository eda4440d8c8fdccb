/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { findMarketBySlug, type MarketRecord } from '../../domains/markets/index.js';
import {
  changeMarketOutcome,
  previewMarketOutcome,
  type MarketAction,
  type OutcomeSummary,
} from '../../domains/settlement/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { isUuid } from '../../lib/ids.js';
import { formatAmount } from '../../lib/money.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { PanelForm, sendScreen } from '../web/shared.js';
import { signedIn } from './site.js';

/**
 * Resolve, void and corrections (docs/platform-api.md, "Settlement and corrections"): chosen on the
 * market's page, shown first as a preview of what they move and the money each way, applied only from
 * the preview's confirm button, and refused if the market has changed since that preview
 * (changeMarketOutcome's `expect`).
 */

/** A change as a form field: resolve:<outcome id>, void, correct-resolved:<outcome id>, correct-voided. */
function actionOf(change: string): MarketAction | null {
  const [kind, outcomeId] = change.split(':');
  if (kind === 'void' && outcomeId === undefined) return { kind: 'void' };
  if (kind === 'correct-voided' && outcomeId === undefined) return { kind: 'correct', target: { status: 'voided' } };
  if (!outcomeId || !isUuid(outcomeId)) return null;
  if (kind === 'resolve') return { kind: 'resolve', outcomeId };
  if (kind === 'correct-resolved') return { kind: 'correct', target: { status: 'resolved', outcomeId } };
  return null;
}

function describe(market: MarketRecord, action: MarketAction): string {
  const title = (id: string) => `“${market.outcomes.find((o) => o.id === id)?.title ?? id}”`;
  if (action.kind === 'resolve') return `Resolve to ${title(action.outcomeId)}`;
  if (action.kind === 'void') return 'Void the market';
  return action.target.status === 'voided'
    ? 'Correct to voided'
    : `Correct the resolution to ${title(action.target.outcomeId)}`;
}

/** The changes a market can take from where it is, as options of one select. */
function choices(market: MarketRecord): [string, string][] {
  const live = market.status === 'open' || market.status === 'suspended';
  const outcomes = market.outcomes.filter((o) => o.id !== market.resolvedOutcomeId);
  if (live)
    return [...outcomes.map((o): [string, string] => [`resolve:${o.id}`, `Resolve to “${o.title}”`]), ['void', 'Void']];
  return [
    ...outcomes.map((o): [string, string] => [`correct-resolved:${o.id}`, `Correct to “${o.title}”`]),
    ...(market.status === 'resolved' ? [['correct-voided', 'Correct to voided'] as [string, string]] : []),
  ];
}

/** The market page's form: pick a change, then see its preview (a GET: nothing happens yet). */
export function ChangeForm(props: { market: MarketRecord }) {
  return (
    <form method="get" action={`/panel/markets/${props.market.slug}/settle`} class="row">
      <div>
        <label for="change">Change</label>
        <select id="change" name="change">
          {choices(props.market).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="secondary">
        Preview
      </button>
    </form>
  );
}

const Summary = z.object({
  fromStatus: z.string().max(20),
  fromOutcomeId: z.uuid().nullable(),
  positions: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  voids: z.number().int(),
  users: z.number().int(),
  paidToUsers: z.string().regex(/^\d+$/).transform(BigInt),
  takenFromUsers: z.string().regex(/^\d+$/).transform(BigInt),
  shortfallCredits: z.string().regex(/^\d+$/).transform(BigInt),
});
const ConfirmForm = z.object({ change: z.string().max(100), expect: z.string().max(1000) });

const summaryField = (s: OutcomeSummary) =>
  JSON.stringify(s, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

export function settlementRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/markets/:slug/settle', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const back = `/panel/markets/${slug}`;
      const ctx = platformCtx(deps, request);
      const market = await findMarketBySlug(ctx.db, slug);
      const change = String((request.query as { change?: unknown }).change ?? '');
      const action = actionOf(change);
      if (!market || !action) return reply.redirect(back, 303);
      const preview = await previewMarketOutcome(ctx, { slug, action });
      const title = describe(market, action);
      if (!preview.ok) {
        return sendScreen(
          request,
          reply,
          { title, current: '/panel/markets', status: 409 },
          <p class="problem" role="alert">
            {preview.rejection.message} <a href={back}>Back to the market</a>
          </p>,
        );
      }
      const s = preview.value;
      return sendScreen(
        request,
        reply,
        { title: `${title}: preview`, current: '/panel/markets' },
        <section aria-labelledby="effect">
          <h2 id="effect">What it will do to {market.title}</h2>
          <p>Nothing has changed yet. This is what confirming does, computed from the market as it is now.</p>
          <dl>
            <dt>Positions that move</dt>
            <dd data-testid="positions">{s.positions}</dd>
            <dt>Of which win</dt>
            <dd>{s.wins}</dd>
            <dt>Of which lose</dt>
            <dd>{s.losses}</dd>
            <dt>Of which are voided</dt>
            <dd>{s.voids}</dd>
            <dt>Users affected</dt>
            <dd>{s.users}</dd>
            <dt>Paid to users</dt>
            <dd data-testid="paid">{formatAmount(s.paidToUsers)}</dd>
            <dt>Taken back from users</dt>
            <dd data-testid="taken">{formatAmount(s.takenFromUsers)}</dd>
            <dt>Shortfall credits (in the paid amount)</dt>
            <dd>{formatAmount(s.shortfallCredits)}</dd>
          </dl>
          <PanelForm request={request} action={`/panel/markets/${slug}/settle`} label="Confirm">
            <input type="hidden" name="change" value={change} />
            <input type="hidden" name="expect" value={summaryField(s)} />
            <p class="row">
              <button type="submit" class="danger">
                Confirm: {title}
              </button>
              <a href={back}>Cancel</a>
            </p>
          </PanelForm>
        </section>,
      );
    });

    app.post('/panel/markets/:slug/settle', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const back = `/panel/markets/${slug}`;
      const form = ConfirmForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, back, form.error);
      const action = actionOf(form.data.change);
      const expect = Summary.safeParse(parseJson(form.data.expect));
      if (!expect.success) return refuseForm(request, reply, back, expect.error);
      if (!action) return reply.redirect(back, 303);
      return act(
        platformCtx(deps, request),
        request,
        reply,
        (ctx) => changeMarketOutcome(ctx, { slug, action, expect: expect.data }),
        {
          action: `market.${action.kind}`,
          target: slug,
          details: {
            change: form.data.change,
            positions: expect.data.positions,
            paid_to_users: formatAmount(expect.data.paidToUsers),
            taken_from_users: formatAmount(expect.data.takenFromUsers),
          },
          back,
          done: (m) => `${m.slug} is ${m.status}: ${expect.data.positions} positions moved.`,
        },
      );
    });
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
