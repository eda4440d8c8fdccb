/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { countErrorAnswersSince } from '../../domains/error-answers/index.js';
import {
  isKillSwitchName,
  listKillSwitches,
  listPausedTenants,
  setKillSwitch,
  type KillSwitchName,
  type KillSwitchState,
} from '../../domains/kill-switches/index.js';
import { marketsAwaitingResolution } from '../../domains/markets/index.js';
import { RECENT_DISCREPANCY_DAYS, recentDiscrepancyCounts } from '../../domains/reconciliation/index.js';
import { openTicketCounts } from '../../domains/support-tickets/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import { deliveryBacklog } from '../../domains/webhooks/index.js';
import { ENVIRONMENTS } from '../../domains/context.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf } from '../web/act.js';
import { shortDuration } from '../web/duration.js';
import { whoOf } from '../web/web-session.js';
import { sendScreen, when } from '../web/shared.js';
import {
  EnvironmentSection,
  ErrorFigure,
  hasFigures,
  refusalsBeforeTotal,
  TenantLink,
  totalsOf,
  TriageSection,
  withHourBefore,
  type EnvironmentFigures,
} from './overview-parts.js';
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
import { triage } from './triage.js';

const HOUR_MS = 3_600_000;
/** The markets waiting for a resolution the overview lists; beyond, it says how many it shows. */
const AWAITING_SHOWN = 50;
/** The overview reloads itself this often, so a screen left open on a bad night stays current. */
const REFRESH_SECONDS = 60;

const switchScreen = (name: KillSwitchName): PauseScreen => ({
  title: `Pause ${name} for every tenant?`,
  current: '/panel/kill-switches',
  effect:
    `Every tenant, in both environments, is refused: ${PAUSED_ROUTES[name]} ` +
    'Every process sees it within one second; it lasts until someone resumes it.',
  review: `/panel/kill-switches/${name}/review`,
  action: `/panel/kill-switches/${name}`,
  button: `Pause ${name} for every tenant`,
  back: '/panel/kill-switches',
});

/**
 * The panel's first screen, the answer to "is anything wrong?" (docs/operations.md, "The platform
 * panel"): what needs a look first, worst first, each with its severity, count and link; the calm
 * areas in one line; then the details of what is not calm. It reloads itself every minute. The kill
 * switches have a page of their own.
 */
export function overviewRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel', signedIn, async (request, reply) => {
      const ctx = platformCtx(deps, request);
      const hourAgo = new Date(ctx.now.getTime() - HOUR_MS);
      const [switches, paused, backlog, tickets, discrepancies, lastHour, lastTwoHours, awaiting] = await Promise.all([
        listKillSwitches(ctx),
        listPausedTenants(ctx),
        deliveryBacklog(ctx),
        openTicketCounts(ctx),
        recentDiscrepancyCounts(ctx),
        countErrorAnswersSince(ctx, hourAgo),
        countErrorAnswersSince(ctx, new Date(ctx.now.getTime() - 2 * HOUR_MS)),
        marketsAwaitingResolution(ctx, AWAITING_SHOWN),
      ]);
      const errors = withHourBefore(lastHour, lastTwoHours);
      const ids = new Set<string>([
        ...backlog.map((b) => b.tenantId),
        ...tickets.map((t) => t.tenantId),
        ...discrepancies.map((d) => d.tenantId),
        ...errors.flatMap((e) => (e.tenantId ? [e.tenantId] : [])),
      ]);
      const names = await tenantNames(ctx, [...ids]);
      const byName = <T extends { tenantId: string | null }>(rows: T[]) =>
        rows.sort((a, b) => (names.get(a.tenantId ?? '') ?? '').localeCompare(names.get(b.tenantId ?? '') ?? ''));
      // Live first: its trouble is real money.
      const figures: EnvironmentFigures[] = [...ENVIRONMENTS].reverse().map((environment) => ({
        environment,
        backlog: byName(backlog.filter((b) => b.environment === environment)),
        tickets: byName(tickets.filter((t) => t.environment === environment)),
        discrepancies: byName(discrepancies.filter((d) => d.environment === environment)),
        errors: errors.filter((e) => e.environment === environment),
        refusalsBefore: refusalsBeforeTotal(lastHour, lastTwoHours, environment),
      }));
      const platformErrors = errors.filter((e) => e.environment === null);
      // WCAG 2.2.1: whoever reads it can stop the reloading (and start it again).
      const refresh = (request.query as { refresh?: unknown }).refresh === 'off' ? undefined : REFRESH_SECONDS;
      const found = triage({
        pausedSwitches: switches.filter((s) => s.paused).map((s) => s.name),
        pausedTenants: paused.length,
        awaitingClosedMs: awaiting.map((m) => ctx.now.getTime() - m.closesAt.getTime()),
        environments: figures.map((f) => totalsOf(f, ctx.now)),
      });
      return sendScreen(
        request,
        reply,
        { title: 'Overview', current: '/panel', refreshSeconds: refresh },
        <>
          <TriageSection items={found.items} calm={found.calm} now={ctx.now} refreshSeconds={refresh ?? null} />
          {figures.filter(hasFigures).map((f) => (
            <EnvironmentSection
              key={f.environment}
              figures={f}
              names={names}
              now={ctx.now}
              discrepancyDays={RECENT_DISCREPANCY_DAYS}
            />
          ))}
          {paused.length > 0 && (
            <section aria-labelledby="paused-tenants">
              <h2 id="paused-tenants">Tenants paused: {paused.length}</h2>
              <ul>
                {paused.map((p) => (
                  <li key={`${p.tenantId}/${p.name}`}>
                    <TenantLink id={p.tenantId} names={new Map([[p.tenantId, p.tenantName]])} />: {p.name} paused since{' '}
                    {when(p.updatedAt)} by {p.changedBy}
                    {p.reason && <span class="text">. Reason: {p.reason}</span>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {awaiting.length > 0 && (
            <section aria-labelledby="awaiting">
              <h2 id="awaiting">
                Markets past their close, not resolved:{' '}
                {awaiting.length === AWAITING_SHOWN ? `${AWAITING_SHOWN}+` : awaiting.length}
              </h2>
              <ul>
                {awaiting.map((m) => (
                  <li key={m.id}>
                    <a href={`/panel/markets/${m.slug}`}>{m.title}</a>, closed{' '}
                    {shortDuration(ctx.now.getTime() - m.closesAt.getTime())} ago
                  </li>
                ))}
              </ul>
            </section>
          )}
          {platformErrors.length > 0 && (
            <section aria-labelledby="platform-errors">
              <h2 id="platform-errors">Platform listener</h2>
              <ErrorFigure
                id="errors-platform"
                label="Platform listener"
                errors={platformErrors}
                total={platformErrors.reduce((n, e) => n + e.count, 0)}
                names={names}
              />
            </section>
          )}
        </>,
      );
    });

    app.get('/panel/kill-switches', signedIn, async (request, reply) => {
      const switches = await listKillSwitches(platformCtx(deps, request));
      return sendScreen(
        request,
        reply,
        { title: 'Kill switches', current: '/panel/kill-switches' },
        <SwitchesSection request={request} switches={switches} />,
      );
    });

    app.post('/panel/kill-switches/:name/review', signedIn, async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!isKillSwitchName(name)) return noSwitch(request, reply, name);
      const reason = reasonSent(request);
      const error = reasonProblem(reason, true);
      if (error) return sendReasonForm(request, reply, switchScreen(name), { value: reason, error });
      return sendPauseConfirmation(request, reply, switchScreen(name), reason);
    });

    app.post('/panel/kill-switches/:name', signedIn, async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!isKillSwitchName(name)) return noSwitch(request, reply, name);
      const paused = formOf(request).paused !== 'false';
      const reason = reasonSent(request);
      const error = reasonProblem(reason, paused);
      if (error) return sendReasonForm(request, reply, switchScreen(name), { value: reason, error });
      const changedBy = whoOf(request);
      await act(
        platformCtx(deps, request),
        request,
        reply,
        (ctx) => setKillSwitch(ctx, { name, paused, reason, changedBy }),
        {
          action: 'kill_switch.set',
          target: name,
          details: { paused, reason: reason || null },
          back: '/panel/kill-switches',
          done: (s) => `${s.name} is ${s.paused ? 'paused for every tenant' : 'running'}.`,
        },
      );
      // As the platform API does: this process sees it at once, the others within KILL_SWITCH_REFRESH_MS.
      deps.killSwitches.invalidate();
      return reply;
    });
  };
}

function SwitchesSection(props: { request: FastifyRequest; switches: KillSwitchState[] }) {
  return (
    <section aria-labelledby="switches">
      <h2 id="switches">Every tenant at once</h2>
      <p>
        A kill switch pauses one capability for every tenant, in both environments; every process sees a change within
        one second. For one tenant, use its pauses on its page instead.
      </p>
      {props.switches.map((s) => (
        <LeverCard
          key={s.name}
          request={props.request}
          id={`switch-${s.name}`}
          name={s.name}
          pauses={PAUSED_ROUTES[s.name]}
          state={s}
          review={`/panel/kill-switches/${s.name}/review`}
          action={`/panel/kill-switches/${s.name}`}
        />
      ))}
    </section>
  );
}

function noSwitch(request: FastifyRequest, reply: FastifyReply, name: string): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: 'No such kill switch', current: '/panel/kill-switches', status: 404 },
    <p>
      There is no kill switch {name}. <a href="/panel/kill-switches">Kill switches</a>
    </p>,
  );
}
