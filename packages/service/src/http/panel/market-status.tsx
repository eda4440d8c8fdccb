/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  findMarketBySlug,
  tenantsOfMarket,
  type MarketRecord,
  type MarketStatusChange,
} from '../../domains/markets/index.js';
import { MarketStatusBody, setMarketStatus } from '../../domains/trading/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, refuseForm } from '../web/act.js';
import { whoOf } from '../web/web-session.js';
import { Field, PanelForm, sendScreen, when } from '../web/shared.js';
import { reasonProblem, reasonSent, sendPauseConfirmation, sendReasonForm, type PauseScreen } from './pause-forms.js';
import { signedIn } from './site.js';

/** What a suspension stops, in words for the person about to press it (docs/platform-api.md, "Markets"). */
const STOPS =
  'opens, closes and quotes in both environments (409 market_suspended); its limit orders wait unfilled ' +
  '(they can still be cancelled, and expire when due). Open positions stay as they are.';

/**
 * A market's trading status as a lever, like the kill switches and a tenant's pauses (pause-forms.tsx):
 * its state, who changed it, when and why; Suspend asks for a reason, then confirms the effect on a page
 * of its own before anything happens; Reopen takes an optional reason. Both go through the platform
 * API's verb and into the audit log (`market.suspend` / `market.reopen` details {reason}), and the reason
 * is kept with the market (docs/operations.md, "The platform panel").
 */
export function MarketStatusSection(props: {
  request: FastifyRequest;
  market: MarketRecord;
  change: MarketStatusChange | null;
}) {
  const { market, change } = props;
  if (market.status !== 'open' && market.status !== 'suspended') return null;
  const suspended = market.status === 'suspended';
  // A change recorded before the market's present status (a suspension before migration 0038) says nothing of it.
  const current = change && (change.action === 'suspend') === suspended ? change : null;
  return (
    <div role="group" aria-labelledby="trading">
      <h3 id="trading">Trading: {suspended ? 'Suspended' : 'Open'}</h3>
      <dl>
        <dt>Suspending stops</dt>
        <dd>{`${STOPS.charAt(0).toUpperCase()}${STOPS.slice(1)}`}</dd>
        <dt>{suspended ? 'Suspended' : 'Reopened'}</dt>
        <dd data-testid="status-changed">
          {current ? `${when(current.changedAt)} by ${current.changedBy}` : suspended ? 'Not recorded' : 'Never'}
        </dd>
        <dt>Reason</dt>
        <dd class="text" data-testid="status-reason">
          {current?.reason ?? (suspended && !current ? 'Not recorded: see the audit log' : '—')}
        </dd>
      </dl>
      {suspended ? (
        <PanelForm request={props.request} action={`/panel/markets/${market.slug}/reopen`} label="Reopen trading">
          <Field
            name="reason"
            id="reopen-reason"
            label="Reason (optional)"
            maxLength={500}
            size={40}
            hint="Reopening allows trading again and evaluates the limit orders waiting on the market."
          />
          <p>
            <button type="submit" class="secondary">
              Reopen trading
            </button>
          </p>
        </PanelForm>
      ) : (
        <PanelForm
          request={props.request}
          action={`/panel/markets/${market.slug}/suspend/review`}
          label="Suspend trading"
        >
          <Field name="reason" id="suspend-reason" label="Reason (required)" maxLength={500} size={40} required />
          <p>
            <button type="submit" class="danger">
              Suspend trading…
            </button>
          </p>
        </PanelForm>
      )}
    </div>
  );
}

const REASON_WORDS = { reason: 'Keep the reason to 500 characters, as plain text.' };

/** What is wrong with a suspension's reason, in words: the pauses' rule (required), then the platform API's. */
function suspendReasonProblem(reason: string): string | null {
  return (
    reasonProblem(reason, true) ??
    (MarketStatusBody.safeParse({ reason }).success ? null : 'Use plain text: no control characters.')
  );
}

async function screenOf(deps: ServiceDeps, request: FastifyRequest, market: MarketRecord): Promise<PauseScreen> {
  const tenants = (await tenantsOfMarket(platformCtx(deps, request), market.id)).length;
  const page = `/panel/markets/${market.slug}`;
  return {
    title: `Suspend trading on ${market.slug}?`,
    current: '/panel/markets',
    effect:
      `Trading on ${market.slug} stops for every tenant that has it (enabled for ${tenants} ` +
      `tenant${tenants === 1 ? '' : 's'}): ${STOPS} It stays suspended until someone reopens it; the reason ` +
      'shows on the market page and goes to the audit log.',
    review: `${page}/suspend/review`,
    action: `${page}/suspend`,
    button: `Suspend ${market.slug}`,
    back: page,
    confirmFields: {},
  };
}

export function marketStatusRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    const marketOf = async (request: FastifyRequest) =>
      findMarketBySlug(platformCtx(deps, request).db, (request.params as { slug: string }).slug);

    // The reason, checked, then the effect on a page of its own: nothing happens yet.
    app.post('/panel/markets/:slug/suspend/review', signedIn, async (request, reply) => {
      const market = await marketOf(request);
      if (!market) return noMarket(request, reply);
      const reason = reasonSent(request);
      const error = suspendReasonProblem(reason);
      const screen = await screenOf(deps, request, market);
      if (error) return sendReasonForm(request, reply, screen, { value: reason, error });
      return sendPauseConfirmation(request, reply, screen, reason);
    });

    // The confirmed suspension: its reason is required here too (a post that skipped the review).
    app.post('/panel/markets/:slug/suspend', signedIn, async (request, reply) => {
      const market = await marketOf(request);
      if (!market) return noMarket(request, reply);
      const reason = reasonSent(request);
      const error = suspendReasonProblem(reason);
      if (error) return sendReasonForm(request, reply, await screenOf(deps, request, market), { value: reason, error });
      return changeStatus(deps, request, reply, market.slug, 'suspend', reason);
    });

    app.post('/panel/markets/:slug/reopen', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      // The platform API's own rule for a reason; blank is no reason.
      const body = MarketStatusBody.safeParse({ reason: reasonSent(request) || undefined });
      if (!body.success) return refuseForm(request, reply, `/panel/markets/${slug}`, body.error, REASON_WORDS);
      return changeStatus(deps, request, reply, slug, 'reopen', body.data.reason ?? null);
    });
  };
}

function changeStatus(
  deps: ServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  action: 'suspend' | 'reopen',
  reason: string | null,
): Promise<FastifyReply> {
  const changedBy = whoOf(request);
  return act(
    platformCtx(deps, request),
    request,
    reply,
    (ctx) => setMarketStatus(ctx, { slug, action, reason, changedBy }),
    {
      action: `market.${action}`,
      target: slug,
      details: { reason },
      back: `/panel/markets/${slug}`,
      done: (m) => `${m.slug} is ${m.status}.`,
    },
  );
}

function noMarket(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: 'No such market', current: '/panel/markets', status: 404 },
    <p>
      There is no such market. <a href="/panel/markets">All markets</a>
    </p>,
  );
}
