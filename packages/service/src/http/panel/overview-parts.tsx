/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { Environment } from '../../db/schema.js';
import type { ErrorAnswerTally } from '../../domains/error-answers/index.js';
import type { DeliveryBacklog } from '../../domains/webhooks/index.js';
import type { EnvironmentTotals, Severity, TriageItem } from './triage.js';
import { shortDuration } from '../web/duration.js';
import { ScrollTable, when } from '../web/shared.js';

/** An error code's answers of the last hour for one tenant, and of the hour before. */
export type ErrorRow = ErrorAnswerTally & { before: number };

/** One environment's figures on the overview, each row a tenant (by name) with its count. */
export interface EnvironmentFigures {
  environment: Environment;
  backlog: DeliveryBacklog[];
  tickets: { tenantId: string; tickets: number }[];
  discrepancies: { tenantId: string; discrepancies: number }[];
  errors: ErrorRow[];
  /** Refusals (error answers but internal_error) of the hour before the last, every tenant. */
  refusalsBefore: number;
}

const errorKey = (e: ErrorAnswerTally) => `${e.environment ?? ''}|${e.tenantId ?? ''}|${e.code}`;

/** The last hour's rows with the hour before's count of each (the last two hours' less the last's). */
export function withHourBefore(lastHour: ErrorAnswerTally[], lastTwoHours: ErrorAnswerTally[]): ErrorRow[] {
  const recent = new Map(lastHour.map((e) => [errorKey(e), e.count]));
  return lastHour.map((e) => {
    const both = lastTwoHours.find((t) => errorKey(t) === errorKey(e))?.count ?? e.count;
    return { ...e, before: Math.max(0, both - (recent.get(errorKey(e)) ?? 0)) };
  });
}

/** An environment's refusals (error answers but the service's own internal_error) of the hour before the last. */
export function refusalsBeforeTotal(
  lastHour: ErrorAnswerTally[],
  lastTwoHours: ErrorAnswerTally[],
  environment: Environment,
): number {
  const of = (rows: ErrorAnswerTally[]) =>
    sum(
      rows.filter((e) => e.environment === environment && e.code !== 'internal_error'),
      (e) => e.count,
    );
  return Math.max(0, of(lastTwoHours) - of(lastHour));
}

/** The totals the triage weighs (triage.ts). */
export function totalsOf(f: EnvironmentFigures, now: Date): EnvironmentTotals {
  const oldest = f.backlog.flatMap((b) => (b.pending > 0 && b.oldestPendingAt ? [b.oldestPendingAt.getTime()] : []));
  return {
    environment: f.environment,
    dead: sum(f.backlog, (b) => b.dead),
    deadTenants: f.backlog.filter((b) => b.dead > 0).length,
    pending: sum(f.backlog, (b) => b.pending),
    oldestPendingMs: oldest.length > 0 ? now.getTime() - Math.min(...oldest) : null,
    tickets: sum(f.tickets, (t) => t.tickets),
    discrepancies: sum(f.discrepancies, (d) => d.discrepancies),
    errors: sum(f.errors, (e) => e.count),
    refusalsBefore: f.refusalsBefore,
    failures: sum(
      f.errors.filter((e) => e.code === 'internal_error'),
      (e) => e.count,
    ),
  };
}

/** Whether an environment has anything to show below the triage. */
export function hasFigures(f: EnvironmentFigures): boolean {
  return (
    f.backlog.some((b) => b.dead > 0 || b.pending > 0) ||
    f.tickets.length > 0 ||
    f.discrepancies.length > 0 ||
    f.errors.length > 0
  );
}

const SEVERITY_WORDS: Record<Severity, string> = { critical: 'Critical', warning: 'Warning', notice: 'Notice' };

/**
 * What needs a look, worst first, each with its severity (in words and colour), count, detail and trend,
 * linked to where to act; the calm areas in one line. Says when the figures were read and that the page
 * reloads itself.
 */
export function TriageSection(props: {
  items: TriageItem[];
  calm: string[];
  now: Date;
  /** How often the page reloads itself; null when its reader stopped it. */
  refreshSeconds: number | null;
}) {
  return (
    <section aria-labelledby="triage">
      <h2 id="triage">{props.items.length === 0 ? 'Nothing needs a look' : 'Needs a look'}</h2>
      {props.items.length > 0 && (
        <ul class="triage">
          {props.items.map((item) => (
            <li key={item.title} class={`sev-${item.severity}`}>
              <span class={`severity sev-${item.severity}`}>{SEVERITY_WORDS[item.severity]}</span>{' '}
              <a href={item.href}>{item.title}</a>
              {(item.detail || item.trend) && (
                <span class="kind">{[item.detail, item.trend].filter(Boolean).join('; ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.calm.length > 0 && (
        <p class="calm">
          <span aria-hidden="true">✓</span> Calm: {props.calm.join(', ')}.
        </p>
      )}
      <p class="kind">
        As of {when(props.now)}.{' '}
        {props.refreshSeconds === null ? (
          <>
            Not reloading: <a href="/panel">reload every minute</a>
          </>
        ) : (
          <>
            This page reloads itself every {props.refreshSeconds} seconds (not while you type):{' '}
            <a href="/panel?refresh=off">stop reloading</a>
          </>
        )}
      </p>
    </section>
  );
}

export const ENVIRONMENT_WORDS: Record<Environment, string> = { sandbox: 'Sandbox', live: 'Live' };

const sum = <T,>(rows: readonly T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

/** A tenant's name linking to its page; a name that is gone reads as such, never as an id prefix. */
export function TenantLink(props: { id: string | null; names: ReadonlyMap<string, string> }) {
  if (props.id === null) return <>No tenant (platform API or before sign-in)</>;
  return <a href={`/panel/tenants/${props.id}`}>{props.names.get(props.id) ?? 'A removed tenant'}</a>;
}

/** A figure's heading with its total and its table; nothing when there is nothing (the triage says so). */
function Figure(props: { id: string; title: string; total: string | null; children: ComponentChildren }) {
  if (props.total === null) return null;
  return (
    <div>
      <h3 id={props.id}>
        {props.title}: {props.total}
      </h3>
      {props.children}
    </div>
  );
}

/** Dead letters, webhook backlog, open tickets, discrepancies and error answers of one environment. */
export function EnvironmentSection(props: {
  figures: EnvironmentFigures;
  names: ReadonlyMap<string, string>;
  now: Date;
  discrepancyDays: number;
}) {
  const { environment, backlog, tickets, discrepancies, errors } = props.figures;
  const env = environment;
  const dead = backlog.filter((b) => b.dead > 0).sort((a, b) => b.dead - a.dead);
  const pending = backlog.filter((b) => b.pending > 0).sort((a, b) => b.pending - a.pending);
  const deadTotal = sum(dead, (b) => b.dead);
  const pendingTotal = sum(pending, (b) => b.pending);
  const ticketTotal = sum(tickets, (t) => t.tickets);
  const discrepancyTotal = sum(discrepancies, (d) => d.discrepancies);
  const errorTotal = sum(errors, (e) => e.count);
  const words = ENVIRONMENT_WORDS[env];
  return (
    <section aria-labelledby={`env-${env}`}>
      <h2 id={`env-${env}`}>{words}</h2>
      <Figure id={`dead-${env}`} title="Dead letters" total={deadTotal > 0 ? String(deadTotal) : null}>
        <ScrollTable label={`${words} dead letters by tenant`}>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col" class="num">
                Dead letters
              </th>
            </tr>
          </thead>
          <tbody>
            {dead.map((b) => (
              <tr key={b.tenantId}>
                <td>
                  <TenantLink id={b.tenantId} names={props.names} />
                </td>
                <td class="num">
                  <a href={`/panel/dead-letters?tenant=${b.tenantId}&environment=${env}`}>{b.dead}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </Figure>
      <Figure id={`backlog-${env}`} title="Webhook backlog" total={pendingTotal > 0 ? `${pendingTotal} pending` : null}>
        <ScrollTable label={`${words} webhook backlog by tenant`}>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col" class="num">
                Pending
              </th>
              <th scope="col">Oldest waiting</th>
            </tr>
          </thead>
          <tbody>
            {pending.map((b) => (
              <tr key={b.tenantId}>
                <td>
                  <TenantLink id={b.tenantId} names={props.names} />
                </td>
                <td class="num">{b.pending}</td>
                <td class="nowrap">
                  {b.oldestPendingAt ? shortDuration(props.now.getTime() - b.oldestPendingAt.getTime()) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </Figure>
      <Figure id={`tickets-${env}`} title="Open support tickets" total={ticketTotal > 0 ? String(ticketTotal) : null}>
        <ScrollTable label={`${words} open tickets by tenant`}>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col" class="num">
                Open
              </th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((t) => (
              <tr key={t.tenantId}>
                <td>
                  <TenantLink id={t.tenantId} names={props.names} />
                </td>
                <td class="num">
                  <a href={`/panel/tickets?status=open&tenant=${t.tenantId}`}>{t.tickets}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </Figure>
      <Figure
        id={`discrepancies-${env}`}
        title={`Reconciliation discrepancies (last ${props.discrepancyDays} days)`}
        total={discrepancyTotal > 0 ? String(discrepancyTotal) : null}
      >
        <ScrollTable label={`${words} discrepancies by tenant`}>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col" class="num">
                Found
              </th>
            </tr>
          </thead>
          <tbody>
            {discrepancies.map((d) => (
              <tr key={d.tenantId}>
                <td>
                  <TenantLink id={d.tenantId} names={props.names} />
                </td>
                <td class="num">
                  <a href="/panel/reconciliation">{d.discrepancies}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </Figure>
      <ErrorFigure id={`errors-${env}`} label={words} errors={errors} total={errorTotal} names={props.names} />
    </section>
  );
}

/** The last hour's error answers by code and tenant, against the hour before, each linked to its requests. */
export function ErrorFigure(props: {
  id: string;
  label: string;
  errors: ErrorRow[];
  total: number;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <Figure id={props.id} title="Error answers in the last hour" total={props.total > 0 ? String(props.total) : null}>
      <ScrollTable label={`${props.label} error answers by code`} stack>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col" class="num">
              Last hour
            </th>
            <th scope="col" class="num">
              Hour before
            </th>
            <th scope="col">Tenant</th>
          </tr>
        </thead>
        <tbody>
          {props.errors.map((e) => (
            <tr key={`${e.code}/${e.tenantId ?? ''}`}>
              <td class="lead">
                {e.tenantId && e.environment ? (
                  <a href={`/panel/requests?code=${e.code}&tenant=${e.tenantId}&environment=${e.environment}`}>
                    <code>{e.code}</code>
                  </a>
                ) : (
                  <code>{e.code}</code>
                )}
              </td>
              <td class="num" data-label="Last hour">
                {e.count}
              </td>
              <td class="num" data-label="Hour before">
                {e.before}
              </td>
              <td data-label="Tenant">
                <TenantLink id={e.tenantId} names={props.names} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Figure>
  );
}
