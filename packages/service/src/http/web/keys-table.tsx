/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyRequest } from 'fastify';
import { rotationStateOf, type ApiKeyRecord } from '../../domains/api-keys/index.js';
import { ActionButton, ScrollTable, when } from './shared.js';

/**
 * API keys as a table, the panel's (a tenant's keys of both environments; revoking one is in the tenant
 * page's Danger zone) and the portal's (its environment's): prefix only, never the key (only its hash is
 * stored), scopes, last use (to the minute: before confirming a rotation, the old key's should stop
 * moving), state, and the rotation's next step (docs/platform-api.md, "Tenants, keys, support, reconciliation").
 */
export function KeysTable(props: {
  request: FastifyRequest;
  keys: readonly ApiKeyRecord[];
  now: Date;
  site: 'panel' | 'portal';
}) {
  const panel = props.site === 'panel';
  if (props.keys.length === 0) return <p>No keys yet{panel ? '.' : ': the platform team issues them.'}</p>;
  return (
    <ScrollTable label="API keys" stack>
      <thead>
        <tr>
          <th scope="col">Key</th>
          {panel && <th scope="col">Environment</th>}
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">State</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {props.keys.map((k) => {
          const state = rotationStateOf(k, props.keys, props.now);
          return (
            <tr key={k.id}>
              <td class="lead">
                <code>{k.prefix}…</code>
              </td>
              {panel && <td data-label="Environment">{k.environment}</td>}
              <td data-label="Scopes">{k.scopes.join(', ')}</td>
              <td data-label="Created">{when(k.createdAt)}</td>
              <td data-label="Last used">{k.lastUsedAt ? when(k.lastUsedAt) : 'not yet'}</td>
              <td data-label="State">
                <KeyState keyRecord={k} state={state} />
              </td>
              <td data-label="Actions">
                <RotationButton
                  request={props.request}
                  base={`/${props.site}/api-keys`}
                  keyRecord={k}
                  state={state}
                  fields={panel ? { tenant_id: k.tenantId } : undefined}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}

/**
 * A key's next step in a rotation, the panel's and the portal's: Rotate a live key, Confirm
 * the rotation on its new key; nothing while the old key waits, or once it is revoked or expired.
 */
function RotationButton(props: {
  request: FastifyRequest;
  base: '/panel/api-keys' | '/portal/api-keys';
  keyRecord: ApiKeyRecord;
  state: ReturnType<typeof rotationStateOf>;
  fields?: Record<string, string>;
}) {
  const { keyRecord: k, state } = props;
  if (state === 'live')
    return (
      <ActionButton
        request={props.request}
        action={`${props.base}/${k.id}/rotate`}
        fields={props.fields}
        label="Rotate"
        name={`Rotate key ${k.prefix}`}
      />
    );
  if (state === 'replacing')
    return (
      <ActionButton
        request={props.request}
        action={`${props.base}/${k.id}/confirm-rotation`}
        fields={props.fields}
        label="Confirm rotation"
        name={`Confirm rotation to key ${k.prefix}`}
      />
    );
  return null;
}

/** A key's state in words, with its revocation time. */
function KeyState(props: { keyRecord: ApiKeyRecord; state: ReturnType<typeof rotationStateOf> }) {
  const words = {
    revoked: `revoked ${when(props.keyRecord.revokedAt)}`,
    expired: `expired ${when(props.keyRecord.expiresAt)}`,
    replaced: 'being replaced',
    replacing: 'new, rotation not confirmed',
    // "active", not "live": a sandbox key in the sandbox portal must not read as a live key.
    live: props.keyRecord.expiresAt ? `active, expires ${when(props.keyRecord.expiresAt)}` : 'active',
  };
  return <>{words[props.state]}</>;
}
