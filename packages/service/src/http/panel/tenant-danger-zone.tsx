/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyRequest } from 'fastify';
import type { ComponentChildren } from 'preact';
import { rotationStateOf, type ApiKeyRecord } from '../../domains/api-keys/index.js';
import type { TenantPauses } from '../../domains/kill-switches/index.js';
import type { EnvironmentSettings, TenantRow } from '../../domains/tenants/index.js';
import { ActionButton, ConfirmFirst } from '../web/shared.js';
import { TenantPauseLevers } from './tenant-pauses.js';

/**
 * The tenant page's last section (docs/operations.md, "The platform panel"): every action that stops
 * something for the operator or its users, apart from the forms above, least to most severe. Each asks
 * first: a pause for its reason and then its effect, the others on a confirmation page stating theirs.
 */
export function DangerZone(props: {
  request: FastifyRequest;
  tenant: TenantRow;
  environments: readonly EnvironmentSettings[];
  keys: readonly ApiKeyRecord[];
  pauses: TenantPauses;
  now: Date;
}) {
  const { request, tenant, keys } = props;
  const id = tenant.id;
  const revocable = keys.filter((k) => !['revoked', 'expired'].includes(rotationStateOf(k, keys, props.now)));
  return (
    <section aria-labelledby="danger" class="danger-zone">
      <h2 id="danger">Danger zone</h2>
      <p class="hint">
        Each of these stops something for {tenant.name} or its users. Nothing happens on a first click: each asks for
        confirmation, with its effect in words.
      </p>
      <h3 id="pauses">Pauses</h3>
      <p>This tenant alone, both environments, keys kept: the kill switches' levers for one operator.</p>
      <TenantPauseLevers request={request} tenantId={id} pauses={props.pauses} />
      {props.environments.map((env) => (
        <DangerRow
          key={env.environment}
          id={`rotate-${env.environment}`}
          title={`Rotate the ${env.environment} webhook secret`}
          action={
            <ConfirmFirst
              href={`/panel/tenants/${id}/environments/${env.environment}/webhook-secret`}
              label={`Rotate the ${env.environment} secret…`}
            />
          }
        >
          The old secret is invalid at once: the operator's receiver refuses our webhooks until it has the new one,
          shown once.
        </DangerRow>
      ))}
      <DangerRow id="revoke" title="Revoke an API key">
        A revoked key is refused with 401 from the next request and cannot be brought back (to replace a key without a
        gap, Rotate it under API keys instead).
        {revocable.length === 0 ? (
          <p>No key to revoke.</p>
        ) : (
          <ul class="revoke">
            {revocable.map((k) => (
              <li key={k.id}>
                <span>
                  <code>{k.prefix}…</code> <span class="kind">{k.environment}</span>
                </span>
                <ConfirmFirst
                  href={`/panel/api-keys/${k.id}/revoke?tenant_id=${k.tenantId}`}
                  label="Revoke…"
                  name={`Revoke key ${k.prefix}`}
                />
              </li>
            ))}
          </ul>
        )}
      </DangerRow>
      {tenant.status === 'suspended' ? (
        <DangerRow
          id="status"
          title="Reactivate this tenant"
          action={<ActionButton request={request} action={`/panel/tenants/${id}/reactivate`} label="Reactivate" />}
        >
          {tenant.name} is suspended: its users and staff are refused (403 tenant_suspended). Reactivating ends that;
          the keys its suspension revoked stay revoked, so issue new ones under API keys.
        </DangerRow>
      ) : (
        <DangerRow
          id="status"
          title="Suspend this tenant"
          action={<ConfirmFirst href={`/panel/tenants/${id}/suspend`} label="Suspend…" />}
        >
          Every key of both environments is revoked at once, and its users' sessions are refused from their next
          request.
        </DangerRow>
      )}
    </section>
  );
}

/** One action: what it does in words, and its button to the right (under it on a phone). */
function DangerRow(props: { id: string; title: string; action?: ComponentChildren; children: ComponentChildren }) {
  return (
    <div class="danger-row" role="group" aria-labelledby={props.id}>
      <div>
        <h3 id={props.id}>{props.title}</h3>
        <div>{props.children}</div>
      </div>
      {props.action && <div class="danger-action">{props.action}</div>}
    </div>
  );
}
