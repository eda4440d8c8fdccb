/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { Environment } from '../../db/schema.js';
import type { ErrorAnswerTally } from '../../domains/error-answers/index.js';
import type { DeliveryBacklog } from '../../domains/webhooks/index.js';
import { shortDuration } from '../web/duration.js';
import { ScrollTable, when } from '../web/shared.js';

/** One environment's figures on the overview, each row a tenant (by name) with its count. */
export interface EnvironmentFigures {
  environment: Environment;
  backlog: DeliveryBacklog[];
  tickets: { tenantId: string; tickets: number }[];
  discrepancies: { tenantId: string; discrepancies: number }[];
  errors: ErrorAnswerTally[];
}

export const ENVIRONMENT_WORDS: Record<Environment, string> = { sandbox: 'Sandbox', live: 'Live' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const sum = <T,>(rows: readonly T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

/** A tenant's name linking to its page; a name that is gone reads as such, never as an id prefix. */
export function TenantLink(props: { id: string | null; names: ReadonlyMap<string, string> }) {
  if (props.id === null) return <>No tenant (platform API or before sign-in)</>;
  return <a href={`/panel/tenants/${props.id}`}>{props.names.get(props.id) ?? 'A removed tenant'}</a>;
}

/** A figure's heading with its total, and either its table or a calm "None". */
function Figure(props: { id: string; title: string; total: string | null; children: ComponentChildren }) {
  return (
    <div>
      <h3 id={props.id}>
        {props.title}
        {props.total !== null && <>: {props.total}</>}
      </h3>
      {props.total === null ? <p>None.</p> : props.children}
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

/** The last hour's error answers by code and tenant. */
export function ErrorFigure(props: {
  id: string;
  label: string;
  errors: ErrorAnswerTally[];
  total: number;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <Figure id={props.id} title="Error answers in the last hour" total={props.total > 0 ? String(props.total) : null}>
      <ScrollTable label={`${props.label} error answers by code`}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col" class="num">
              Answers
            </th>
            <th scope="col">Tenant</th>
          </tr>
        </thead>
        <tbody>
          {props.errors.map((e) => (
            <tr key={`${e.code}/${e.tenantId ?? ''}`}>
              <td>
                <code>{e.code}</code>
              </td>
              <td class="num">{e.count}</td>
              <td>
                <TenantLink id={e.tenantId} names={props.names} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Figure>
  );
}

/** The figures of an environment that call for a look, in words ("14 dead letters"); none when calm. */
function troublesOf(f: EnvironmentFigures): string[] {
  const dead = sum(f.backlog, (b) => b.dead);
  const pending = sum(f.backlog, (b) => b.pending);
  const tickets = sum(f.tickets, (t) => t.tickets);
  const discrepancies = sum(f.discrepancies, (d) => d.discrepancies);
  const errors = sum(f.errors, (e) => e.count);
  return [
    dead > 0 && plural(dead, 'dead letter'),
    pending > 0 && plural(pending, 'pending delivery', 'pending deliveries'),
    tickets > 0 && plural(tickets, 'open ticket'),
    discrepancies > 0 && plural(discrepancies, 'recent discrepancy', 'recent discrepancies'),
    errors > 0 && plural(errors, 'error answer') + ' in the last hour',
  ].filter((t): t is string => typeof t === 'string');
}

/** The answer to "is anything wrong?" in one list at the top, each line linking to its part of the page. */
export function Glance(props: {
  switches: string[];
  pausedTenants: number;
  awaiting: number;
  figures: EnvironmentFigures[];
  now: Date;
}) {
  const lines: { href: string; text: string }[] = [];
  if (props.switches.length > 0) {
    lines.push({ href: '#switches', text: `Kill switch paused for every tenant: ${props.switches.join(', ')}` });
  }
  if (props.pausedTenants > 0) {
    lines.push({ href: '#paused-tenants', text: `${plural(props.pausedTenants, 'tenant pause')} in force` });
  }
  if (props.awaiting > 0) {
    lines.push({
      href: '#awaiting',
      text: `${plural(props.awaiting, 'market')} past ${props.awaiting === 1 ? 'its' : 'their'} close, not resolved`,
    });
  }
  for (const f of props.figures) {
    const troubles = troublesOf(f);
    if (troubles.length > 0) {
      lines.push({
        href: `#env-${f.environment}`,
        text: `${ENVIRONMENT_WORDS[f.environment]}: ${troubles.join(', ')}`,
      });
    }
  }
  return (
    <section aria-labelledby="glance">
      <h2 id="glance">At a glance</h2>
      {lines.length === 0 ? (
        <p>Nothing needs a look: nothing paused, no dead letters, backlog, open tickets or errors.</p>
      ) : (
        <ul>
          {lines.map((l) => (
            <li key={l.href}>
              <a href={l.href}>{l.text}</a>
            </li>
          ))}
        </ul>
      )}
      <p class="kind">As of {when(props.now)}; reload for newer figures.</p>
    </section>
  );
}
