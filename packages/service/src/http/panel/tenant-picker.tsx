/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyRequest } from 'fastify';
import { listTenants, type TenantRow } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';

/** How many tenants a picker offers: more than any platform has today, and a page stays small. */
const PICKER_LIMIT = 1000;

/** The tenants a picker offers, by name (load once per page, pass to every TenantPicker on it). */
export async function tenantChoices(deps: ServiceDeps, request: FastifyRequest): Promise<TenantRow[]> {
  const tenants = await listTenants(platformCtx(deps, request), { limit: PICKER_LIMIT });
  return tenants.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * A tenant chosen by name where a form takes a tenant id: a <select> whose options read the name (and
 * status when not active) and whose value is the id, so nobody pastes a UUID. Two tenants of one name
 * are told apart by the start of their ids.
 */
export function TenantPicker(props: {
  tenants: readonly TenantRow[];
  id: string;
  label: string;
  name?: string;
  selected?: string;
  /** Ids that are not offered (e.g. the tenants a market is already enabled for). */
  exclude?: ReadonlySet<string>;
  describedBy?: string;
  invalid?: boolean;
}) {
  const offered = props.tenants.filter((t) => !props.exclude?.has(t.id));
  const names = new Map<string, number>();
  for (const t of offered) names.set(t.name, (names.get(t.name) ?? 0) + 1);
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name ?? 'tenant_id'}
        required
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid ? 'true' : undefined}
      >
        <option value="">Choose a tenant…</option>
        {offered.map((t) => (
          <option key={t.id} value={t.id} selected={t.id === props.selected}>
            {t.name}
            {(names.get(t.name) ?? 0) > 1 ? ` (${t.id.slice(0, 8)})` : ''}
            {t.status === 'active' ? '' : ` — ${t.status}`}
          </option>
        ))}
      </select>
    </>
  );
}
