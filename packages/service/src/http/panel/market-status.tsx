/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { MarketRecord } from '../../domains/markets/index.js';
import { MarketStatusBody, setMarketStatus } from '../../domains/trading/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, refuseForm } from '../web/act.js';
import { Field, PanelForm } from '../web/shared.js';
import { reasonSent } from './pause-forms.js';
import { signedIn } from './site.js';

/**
 * Suspend and reopen on a market's page, each with an optional reason kept in the audit log
 * (`market.suspend` / `market.reopen` details {reason}), as the platform API takes it
 * (docs/platform-api.md, "Markets").
 */
export function MarketStatusForm(props: { request: FastifyRequest; market: MarketRecord }) {
  const { market } = props;
  if (market.status !== 'open' && market.status !== 'suspended') return null;
  const suspend = market.status === 'open';
  const action = suspend ? 'suspend' : 'reopen';
  const label = suspend ? 'Suspend trading' : 'Reopen trading';
  return (
    <>
      <h3>{label}</h3>
      <PanelForm request={props.request} action={`/panel/markets/${market.slug}/${action}`} label={label}>
        <Field
          name="reason"
          id={`${action}-reason`}
          label="Reason (optional, kept in the audit log)"
          maxLength={500}
          size={40}
          hint={
            suspend
              ? 'Suspending stops opens, closes and quotes in both environments (409 market_suspended) until a reopen.'
              : 'Reopening allows trading again and evaluates the limit orders waiting on the market.'
          }
        />
        <p>
          <button type="submit" class={suspend ? 'danger' : 'secondary'}>
            {label}
          </button>
        </p>
      </PanelForm>
    </>
  );
}

const REASON_WORDS = { reason: 'Keep the reason to 500 characters, as plain text.' };

export function marketStatusRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    for (const action of ['suspend', 'reopen'] as const) {
      app.post(`/panel/markets/:slug/${action}`, signedIn, async (request, reply) => {
        const { slug } = request.params as { slug: string };
        const back = `/panel/markets/${slug}`;
        // The platform API's own rule for a reason; blank is no reason.
        const body = MarketStatusBody.safeParse({ reason: reasonSent(request) || undefined });
        if (!body.success) return refuseForm(request, reply, back, body.error, REASON_WORDS);
        const reason = body.data.reason ?? null;
        return act(platformCtx(deps, request), request, reply, (ctx) => setMarketStatus(ctx, { slug, action }), {
          action: `market.${action}`,
          target: slug,
          details: { reason },
          back,
          done: (m) => `${m.slug} is ${m.status}.`,
        });
      });
    }
  };
}
