import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KillSwitch,
  KillSwitchList,
  KillSwitchParams,
  listKillSwitches,
  presentKillSwitch,
  setKillSwitch,
  SetKillSwitchBody,
} from '../../domains/kill-switches/index.js';
import { audited } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import { PLATFORM_API } from './tenant-pauses.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

/** The platform team's kill switches (docs/operations.md, "Kill switches"). */
export function killSwitchPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/v1/kill-switches',
      { config: { meta }, schema: { response: { 200: KillSwitchList } } },
      async (request) => ({ data: (await listKillSwitches(platformCtx(deps, request))).map(presentKillSwitch) }),
    );

    app.put(
      '/platform/v1/kill-switches/:name',
      {
        config: { meta },
        schema: {
          params: KillSwitchParams,
          body: SetKillSwitchBody,
          response: { 200: KillSwitch, ...errorResponses('validation_failed', 'not_found') },
        },
      },
      async (request) => {
        const { paused, reason } = request.body;
        const input = { name: request.params.name, paused, reason, changedBy: PLATFORM_API };
        const entry = {
          who: PLATFORM_API,
          action: 'kill_switch.set',
          target: input.name,
          details: { paused, reason: reason ?? null },
        };
        const state = valueOrThrow(
          await audited(platformCtx(deps, request), entry, (ctx) => setKillSwitch(ctx, input)),
        );
        // This process sees it at once; the others within KILL_SWITCH_REFRESH_MS.
        deps.killSwitches.invalidate();
        return presentKillSwitch(state);
      },
    );
  };
}
