/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRecord, rotationStateOf } from '../../domains/api-keys/index.js';
import { ActionButton, when } from './shared.js';

/**
 * A key's next step in a rotation (spec 5.1), the panel's and the portal's: Rotate a live key, Confirm
 * the rotation on its new key; nothing while the old key waits, or once it is revoked or expired.
 */
export function RotationButton(props: {
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
export function KeyState(props: { keyRecord: ApiKeyRecord; state: ReturnType<typeof rotationStateOf> }) {
  const words = {
    revoked: `revoked ${when(props.keyRecord.revokedAt)}`,
    expired: `expired ${when(props.keyRecord.expiresAt)}`,
    replaced: 'being replaced',
    replacing: 'new, rotation not confirmed',
    live: props.keyRecord.expiresAt ? `live, expires ${when(props.keyRecord.expiresAt)}` : 'live',
  };
  return <>{words[props.state]}</>;
}
