/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isTenantPauseName,
  setTenantPause,
  TENANT_PAUSES,
  type TenantPauseName,
  type TenantPauses,
} from '../../domains/kill-switches/index.js';
import { existingTenant } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf } from '../web/act.js';
import { whoOf } from '../web/web-session.js';
import { sendScreen } from '../web/shared.js';
import {
  LeverCard,
  PAUSED_ROUTES,
  reasonProblem,
  reasonSent,
  sendPauseConfirmation,
  sendReasonForm,
  type PauseScreen,
} from './pause-forms.js';
import { signedIn } from './site.js';

/** What a lever stops for one tenant, as the confirmation states it (the tenant's name in front). */
const EFFECT: Record<TenantPauseName, string> = {
  sync:
    'cannot sync balances (503 sync_paused on POST /v1/balance-sync and /batch, in both environments); ' +
    "its users' balances stay as they are.",
  positions:
    'cannot open positions or place orders (503 positions_paused, both environments), and its limit orders ' +
    'wait unfilled; its users can still close positions and cancel orders.',
};

const screenOf = (tenant: { id: string; name: string }, name: TenantPauseName): PauseScreen => ({
  title: `Pause ${name} for ${tenant.name}?`,
  current: '/panel/tenants',
  effect:
    `${tenant.name} ${EFFECT[name]} Its keys are kept and every other tenant goes on as before; ` +
    'every process sees it within one second, until someone resumes it.',
  review: `/panel/tenants/${tenant.id}/pauses/${name}/review`,
  action: `/panel/tenants/${tenant.id}/pauses/${name}`,
  button: `Pause ${name} for ${tenant.name}`,
  back: `/panel/tenants/${tenant.id}`,
});

/**
 * The tenant page's pauses, in its Danger zone: each lever's state, who pulled it, when and why, and Pause
 * (a reason, then a confirmation stating the effect) or Resume.
 */
export function TenantPauseLevers(props: { request: FastifyRequest; tenantId: string; pauses: TenantPauses }) {
  return (
    <div class="levers">
      {TENANT_PAUSES.map((name) => {
        const pause = props.pauses[name];
        const base = `/panel/tenants/${props.tenantId}/pauses/${name}`;
        return (
          <LeverCard
            key={name}
            request={props.request}
            id={`pause-${name}`}
            name={name}
            pauses={PAUSED_ROUTES[name]}
            state={pause ?? { paused: false, updatedAt: null, changedBy: null, reason: null }}
            review={`${base}/review`}
            action={base}
          />
        );
      })}
    </div>
  );
}

/** Review (the confirmation stating the effect) and the change itself, through the platform API's verb. */
export function tenantPauseRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    const leverOf = async (request: FastifyRequest) => {
      const { id, name } = request.params as { id: string; name: string };
      const tenant = await existingTenant(platformCtx(deps, request), id);
      return tenant.ok && isTenantPauseName(name) ? { tenant: tenant.value, name } : null;
    };

    app.post('/panel/tenants/:id/pauses/:name/review', signedIn, async (request, reply) => {
      const lever = await leverOf(request);
      if (!lever) return noLever(request, reply);
      const reason = reasonSent(request);
      const error = reasonProblem(reason, true);
      const screen = screenOf(lever.tenant, lever.name);
      if (error) return sendReasonForm(request, reply, screen, { value: reason, error });
      return sendPauseConfirmation(request, reply, screen, reason);
    });

    app.post('/panel/tenants/:id/pauses/:name', signedIn, async (request, reply) => {
      const lever = await leverOf(request);
      if (!lever) return noLever(request, reply);
      const { tenant, name } = lever;
      const paused = formOf(request).paused !== 'false';
      const reason = reasonSent(request);
      const error = reasonProblem(reason, paused);
      if (error) return sendReasonForm(request, reply, screenOf(tenant, name), { value: reason, error });
      const changedBy = whoOf(request);
      await act(
        platformCtx(deps, request),
        request,
        reply,
        (ctx) => setTenantPause(ctx, { tenantId: tenant.id, name, paused, reason, changedBy }),
        {
          action: 'tenant_pause.set',
          target: `${tenant.id}/${name}`,
          tenantId: tenant.id,
          details: { tenant: tenant.name, paused, reason: reason || null },
          back: `/panel/tenants/${tenant.id}`,
          done: (p) => `${p.name} is ${p.paused ? 'paused' : 'running again'} for ${tenant.name}.`,
        },
      );
      // This process sees it at once, the others within KILL_SWITCH_REFRESH_MS.
      deps.killSwitches.invalidate();
      return reply;
    });
  };
}

function noLever(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: 'No such pause', current: '/panel/tenants', status: 404 },
    <p>
      There is no such tenant or pause (sync or positions). <a href="/panel/tenants">All tenants</a>
    </p>,
  );
}
