/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { detailLines, readAuditFilter, readAuditLog, type AuditRecord } from '../../domains/audit/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { AuditFilterForm, auditQuery } from './audit-filter-form.js';
import { signedIn } from './site.js';
import { tenantChoices } from './tenant-picker.js';
import { TenantName } from './tenant-name.js';

const PAGE = 100;

/**
 * Who did what, when, newest first (docs/operations.md, "The audit log"): filtered by tenant, who,
 * action and time, a keyset page at a time (`before` the last entry shown), the filter kept across pages.
 */
export function auditRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/audit', signedIn, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const read = readAuditFilter(query);
      const tenants = await tenantChoices(deps, request);
      const form = <AuditFilterForm fields={read.fields} errors={read.errors} tenants={tenants} />;
      const screen = { title: 'Audit log', current: '/panel/audit' };
      if (!read.filter)
        return sendScreen(request, reply, { ...screen, status: 400 }, <section aria-label="Filter">{form}</section>);

      const ctx = platformCtx(deps, request);
      const before = typeof query.before === 'string' && /^\d{1,18}$/.test(query.before) ? BigInt(query.before) : null;
      const found = await readAuditLog(ctx, { filter: read.filter, before, limit: PAGE + 1 });
      const entries = found.slice(0, PAGE);
      const last = entries.at(-1);
      const names = new Map(tenants.map((t) => [t.id, t.name]));
      const unnamed = entries.flatMap((e) => (e.tenantId && !names.has(e.tenantId) ? [e.tenantId] : []));
      for (const [id, name] of await tenantNames(ctx, [...new Set(unnamed)])) names.set(id, name);
      return sendScreen(
        request,
        reply,
        screen,
        <>
          <section aria-label="Filter">{form}</section>
          <section aria-labelledby="entries">
            <h2 id="entries">{before === null ? 'Newest first' : 'Older entries, newest first'}</h2>
            {entries.length > 0 && <EntriesTable entries={entries} names={names} />}
            {entries.length === 0 && <p>{before === null ? 'Nothing recorded matches.' : 'No older entries match.'}</p>}
            {(before !== null || found.length > PAGE) && (
              <nav aria-label="Pages" class="row">
                {before !== null && <a href={auditQuery(read.fields)}>Newest entries</a>}
                {found.length > PAGE && last && (
                  <a href={auditQuery(read.fields, { before: String(last.seq) })}>Older entries</a>
                )}
              </nav>
            )}
          </section>
        </>,
      );
    });
  };
}

function EntriesTable(props: { entries: readonly AuditRecord[]; names: ReadonlyMap<string, string> }) {
  return (
    <ScrollTable label="Audit entries">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">On</th>
          <th scope="col">Tenant</th>
          <th scope="col">Outcome</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {props.entries.map((e) => (
          <tr key={String(e.seq)}>
            <td class="nowrap">{when(e.at)}</td>
            <td class="wrap">{e.who}</td>
            <td>{e.action}</td>
            <td class="wrap">
              <code>{e.target}</code>
            </td>
            <td>
              {e.tenantId ? <TenantName id={e.tenantId} name={props.names.get(e.tenantId)} /> : '—'}
              {e.environment ? ` ${e.environment}` : ''}
            </td>
            <td>{e.outcome}</td>
            <td>
              <Details details={e.details} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** An entry's details as `key: value` lines; a dash when it has none. */
function Details(props: { details: unknown }) {
  const lines = detailLines(props.details);
  if (lines.length === 0) return <>—</>;
  return (
    <div class="wrap">
      {lines.map((line, index) => (
        <div key={index}>
          {line.key}: {line.value}
        </div>
      ))}
    </div>
  );
}
