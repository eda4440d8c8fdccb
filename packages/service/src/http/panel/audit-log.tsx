/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { readAuditLog } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { tenantNames } from '../../domains/tenants/index.js';
import { isUuid } from '../../lib/ids.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';

/** A target that names a tenant, or one of its environments (`<tenant id>/sandbox`). */
const TENANT_TARGET = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/(sandbox|live))?$/;

const PAGE = 100;

/** Who did what, when, newest first, a page at a time (the `before` link). */
export function auditRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/audit', signedIn, async (request, reply) => {
      const raw = String((request.query as { before?: unknown }).before ?? '');
      const before = /^\d{1,18}$/.test(raw) ? BigInt(raw) : null;
      const entries = await readAuditLog(platformCtx(deps, request), { before, limit: PAGE });
      const last = entries[entries.length - 1];
      const ids = entries.flatMap((e) => TENANT_TARGET.exec(e.target)?.[1] ?? []).filter(isUuid);
      const names = await tenantNames(platformCtx(deps, request), [...new Set(ids)]);
      const target = (text: string) => {
        const [, id, environment] = TENANT_TARGET.exec(text) ?? [];
        const name = id ? names.get(id) : undefined;
        if (!id || name === undefined) return <code>{text}</code>;
        return (
          <>
            <TenantName id={id} name={name} />
            {environment ? ` ${environment}` : ''}
          </>
        );
      };
      return sendScreen(
        request,
        reply,
        { title: 'Audit log', current: '/panel/audit' },
        <section aria-labelledby="entries">
          <h2 id="entries">Newest first</h2>
          <ScrollTable label="Audit entries">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Outcome</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={String(e.seq)}>
                  <td>{when(e.at)}</td>
                  <td>{e.who}</td>
                  <td>{e.action}</td>
                  <td>{target(e.target)}</td>
                  <td>{e.outcome}</td>
                  <td>
                    <code>{JSON.stringify(e.details)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          {entries.length === 0 && <p>Nothing recorded yet.</p>}
          {entries.length === PAGE && last && (
            <p>
              <a href={`/panel/audit?before=${last.seq}`}>Older entries</a>
            </p>
          )}
        </section>,
      );
    });
  };
}
