/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import {
  DAILY_RUN_UTC,
  listAllDiscrepancies,
  reconciliationStatus,
  runReconciliation,
  type ReconciliationStatus,
  type RunRecord,
} from '../../domains/reconciliation/index.js';
import { ENVIRONMENTS } from '../../domains/context.js';
import { tenantNames } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { ok } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { platformCtx } from '../context.js';
import { redirectWith, runAudited } from '../web/act.js';
import { DiscrepancyTable } from '../web/discrepancy-table.js';
import { shortDuration } from '../web/duration.js';
import { ActionButton, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';

/** The first this many discrepancies: the panel is for looking, the platform API pages through all. */
const SHOWN = 100;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const hhmm = `${String(DAILY_RUN_UTC.hour).padStart(2, '0')}:${String(DAILY_RUN_UTC.minute).padStart(2, '0')}`;

/**
 * Reconciliation on the panel (docs/operations.md, "The platform panel"; docs/operator-api.md,
 * "Reconciliation"): when it last ran, what it checked and found (the count linking to that run's
 * discrepancies), when its schedule runs it next; run it now; the discrepancies, all or one run's.
 */
export function reconciliationRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/reconciliation', signedIn, async (request, reply) => {
      const ctx = platformCtx(deps, request);
      const { run, tenant, environment } = discrepancyFilterOf(request.query as Record<string, unknown>);
      const [status, page] = await Promise.all([
        reconciliationStatus(ctx),
        listAllDiscrepancies(ctx, {
          limit: SHOWN,
          ...(run ? { reportId: run } : {}),
          ...(tenant ? { tenantId: tenant } : {}),
          ...(environment ? { environment } : {}),
        }),
      ]);
      const rows = page.ok ? page.value.items : [];
      const names = await tenantNames(ctx, [...new Set([...rows.map((r) => r.tenantId), ...(tenant ? [tenant] : [])])]);
      return sendScreen(
        request,
        reply,
        { title: 'Reconciliation', current: '/panel/reconciliation' },
        <>
          <LastRunSection status={status} now={ctx.now} />
          <section aria-labelledby="run">
            <h2 id="run">Run now</h2>
            <p>
              A run compares every user's last balance sync with the ledger. It answers when it is over: seconds for
              thousands of users, about a minute for a hundred thousand.
            </p>
            <ActionButton request={request} action="/panel/reconciliation/runs" label="Run reconciliation now" />
          </section>
          <section aria-labelledby="found">
            <h2 id="found">
              {run ? 'Discrepancies of one run' : 'Discrepancies'}, oldest first (the first {SHOWN})
            </h2>
            {(run || tenant || environment) && (
              <p>
                {run && (
                  <>
                    Found by run <code>{run}</code>.{' '}
                  </>
                )}
                {(tenant || environment) && (
                  <>
                    Of {tenant ? <TenantName id={tenant} name={names.get(tenant)} /> : 'every tenant'}
                    {environment ? `, ${environment}` : ''}.{' '}
                  </>
                )}
                <a href="/panel/reconciliation#found">All discrepancies</a>
              </p>
            )}
            <DiscrepancyTable
              rows={rows}
              tenant={(d) => (
                <>
                  <TenantName id={d.tenantId} name={names.get(d.tenantId)} /> {d.environment}
                </>
              )}
            />
          </section>
        </>,
      );
    });

    app.post('/panel/reconciliation/runs', signedIn, async (request, reply) => {
      // A run is many short transactions of its own (run-reconciliation.ts): it runs first, and its
      // audit entry is written when it is over (a run that dies half way keeps what it found anyway).
      const run = await runReconciliation(platformCtx(deps, request), 'platform');
      const recorded = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'reconciliation.run',
          target: run.id,
          details: { users_checked: run.usersChecked, discrepancies: run.discrepancies },
          repeatable: true,
        },
        async () => ok(run),
      );
      return redirectWith(
        request,
        reply,
        '/panel/reconciliation',
        recorded,
        (r) =>
          `Run over: ${r.usersChecked} users checked, ${r.discrepancies} new discrepancies, ${r.unverifiable} unverifiable.`,
      );
    });
  };
}

/**
 * What the list is narrowed to (`?run=&tenant=&environment=`): one run's, one tenant's (the tenant page's
 * health links here), one environment's; a value that is not one is left out.
 */
function discrepancyFilterOf(query: Record<string, unknown>) {
  const uuid = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value.toLowerCase() : null);
  const environment = ENVIRONMENTS.find((e) => e === query.environment) ?? null;
  return { run: uuid(query.run), tenant: uuid(query.tenant), environment };
}

/** The last finished run in words, a later one that has not finished, and the next scheduled run. */
function LastRunSection(props: { status: ReconciliationStatus; now: Date }) {
  const { finished, started, nextRunAt } = props.status;
  return (
    <section aria-labelledby="last-run">
      <h2 id="last-run">Last run</h2>
      {finished ? <RunFacts run={finished} /> : <p>No run has finished yet.</p>}
      {started && (
        <p data-testid="unfinished-run">
          A run started {when(started.startedAt)} ({triggerWords(started)}) has not finished: it is under way, or it
          stopped half way. What it found so far is kept and listed below; the next run reports the rest.
        </p>
      )}
      <dl>
        <dt>Next run</dt>
        <dd data-testid="next-run">
          {when(nextRunAt)} (in {shortDuration(nextRunAt.getTime() - props.now.getTime())}), on its schedule: daily at{' '}
          {hhmm} UTC
        </dd>
      </dl>
    </section>
  );
}

function RunFacts(props: { run: RunRecord }) {
  const { run } = props;
  const users = run.usersChecked + run.unverifiable;
  const took = run.finishedAt!.getTime() - run.startedAt.getTime();
  return (
    <dl>
      <dt>Ran</dt>
      <dd data-testid="last-ran">
        {when(run.startedAt)}, for {took < 1_000 ? 'less than a second' : `${Math.round(took / 1_000)} s`} (
        {triggerWords(run)})
      </dd>
      <dt>Checked</dt>
      <dd data-testid="last-checked">
        {run.tenantsChecked === null ? '' : `${plural(run.tenantsChecked, 'tenant')} and `}
        {plural(users, 'user')}: {plural(run.usersChecked, 'balance')} compared with the ledger,{' '}
        {plural(run.unverifiable, 'user')} with no balance reported to compare (unverifiable)
      </dd>
      <dt>Found</dt>
      <dd data-testid="last-found">
        {run.discrepancies === 0 ? (
          'No new discrepancy'
        ) : (
          <a href={`/panel/reconciliation?run=${run.id}#found`}>
            {plural(run.discrepancies, 'new discrepancy', 'new discrepancies')}
          </a>
        )}
      </dd>
    </dl>
  );
}

const triggerWords = (run: RunRecord) =>
  run.trigger === 'schedule' ? 'on its schedule' : 'run now, from the panel or the platform API';
