/** @jsxRuntime automatic @jsxImportSource preact */
import { TENANT_PAUSES, type TenantPauses } from '../../domains/kill-switches/index.js';
import type { TenantRow } from '../../domains/tenants/index.js';
import { when } from '../web/shared.js';

/** What each pause stops, for the line that says it is in force. */
const STOPPED = { sync: 'cannot sync balances', positions: 'cannot open positions or place orders' } as const;

/**
 * The top of a tenant's page: its status, when it was made and its id; then, in words, what stops it now
 * (a suspension, a pause in force, with who, when and why), each pointing to where it is lifted.
 */
export function TenantSummary(props: { tenant: TenantRow; pauses: TenantPauses }) {
  const { tenant, pauses } = props;
  return (
    <>
      <dl class="facts" aria-label="Tenant">
        <div>
          <dt>Status</dt>
          <dd>{tenant.status === 'active' ? 'Active' : 'Suspended'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{when(tenant.createdAt)}</dd>
        </div>
        <div>
          <dt>Id</dt>
          <dd>
            <code class="copy">{tenant.id}</code>
          </dd>
        </div>
      </dl>
      {tenant.status === 'suspended' && (
        <p class="problem">
          {tenant.name} is suspended: its keys are revoked and its users and staff are refused. Reactivate it in the{' '}
          <a href="#danger">Danger zone</a>.
        </p>
      )}
      {TENANT_PAUSES.map((name) => {
        const pause = pauses[name];
        if (!pause?.paused) return null;
        return (
          <p class="problem" key={name}>
            {name[0]!.toUpperCase() + name.slice(1)} paused: {tenant.name} {STOPPED[name]}, since{' '}
            {when(pause.updatedAt)} by {pause.changedBy}
            {pause.reason ? `: “${pause.reason}”` : ''}. Resume it in the <a href="#pauses">Danger zone</a>.
          </p>
        );
      })}
    </>
  );
}
