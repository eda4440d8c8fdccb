/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { listKillSwitches, setKillSwitch } from '../../domains/kill-switches/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { ActionButton, ScrollTable, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';

/** What each switch pauses (decisions part 5), in words for the person about to press it. */
const PAUSES: Record<string, string> = {
  sync: 'Balance syncs, single and batch (503 sync_paused).',
  positions: 'New positions and limit orders; closes and cancels still work (503 positions_paused).',
  feed: 'The market feed reads (503 feed_paused).',
  widget: 'Widget sessions, refreshes and config (503 widget_paused).',
};

const SwitchForm = z.object({ paused: z.enum(['true', 'false']) });

/** The panel's first screen: the kill switches, which a bad night needs first. */
export function overviewRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel', signedIn, async (request, reply) => {
      const switches = await listKillSwitches(platformCtx(deps, request));
      return sendScreen(
        request,
        reply,
        { title: 'Overview', current: '/panel' },
        <section aria-labelledby="switches">
          <h2 id="switches">Kill switches</h2>
          <p>Every process sees a change within one second.</p>
          <ScrollTable label="Kill switches">
            <thead>
              <tr>
                <th scope="col">Switch</th>
                <th scope="col">Pauses</th>
                <th scope="col">State</th>
                <th scope="col">Changed</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {switches.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td>{PAUSES[s.name]}</td>
                  <td>{s.paused ? 'Paused' : 'Running'}</td>
                  <td>{when(s.updatedAt)}</td>
                  <td>
                    <ActionButton
                      request={request}
                      action={`/panel/kill-switches/${s.name}`}
                      fields={{ paused: s.paused ? 'false' : 'true' }}
                      label={s.paused ? `Resume ${s.name}` : `Pause ${s.name}`}
                      danger={!s.paused}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </section>,
      );
    });

    app.post('/panel/kill-switches/:name', signedIn, async (request, reply) => {
      const { name } = request.params as { name: string };
      const form = SwitchForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, '/panel', form.error);
      const paused = form.data.paused === 'true';
      await act(platformCtx(deps, request), request, reply, (ctx) => setKillSwitch(ctx, { name, paused }), {
        action: 'kill_switch.set',
        target: name,
        details: { paused },
        back: '/panel',
        done: (s) => `${s.name} is ${s.paused ? 'paused' : 'running'}.`,
      });
      // As the platform API does: this process sees it at once, the others within KILL_SWITCH_REFRESH_MS.
      deps.killSwitches.invalidate();
      return reply;
    });
  };
}
