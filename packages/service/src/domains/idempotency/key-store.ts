import type { RequestContext } from '../../errors/index.js';
import type { EngineKey, KeyStore } from '../engine/index.js';
import { principalOf, type TenantCtx } from '../context.js';
import { claimAnswer } from './answers.js';
import { fingerprint } from './fingerprint.js';
import { claimKeysInTransaction, keyName, storeKeyAnswersSql, type KeyRef } from './keys-in-transaction.js';
import type { KeyedOperation } from './operations.js';

/** A key as the write engine carries it: its reference in the idempotency table, and its one name. */
export type KeyOfCommand = KeyRef & EngineKey;

/** The key of a request's keyed write: its key space (tenant environment, principal, operation) and body hash. */
export function keyOfCommand(
  ctx: TenantCtx,
  operation: KeyedOperation,
  key: { key: string; fields: Record<string, unknown> },
): KeyOfCommand {
  const scope = { ...ctx.tenantEnv, principal: principalOf(ctx), operation };
  const ref = { scope, key: key.key, requestHash: fingerprint(key.fields) };
  return { ...ref, name: keyName(ref) };
}

/**
 * The idempotency table as the write engine uses it: keys claimed in the round's transaction, answered
 * with their request's envelope when another request holds or held them, and stored with the round's
 * writes (keys-in-transaction.ts).
 */
export const keyStore: KeyStore = {
  async claim(tx, asks, now) {
    const claims = await claimKeysInTransaction(
      tx,
      asks.map((ask) => ask.key as KeyOfCommand),
      now,
    );
    return claims.map((claim, i) =>
      claim === 'free' ? claim : claimAnswer(claim, asks[i]!.request as RequestContext, now),
    );
  },
  busy: (request, now) => claimAnswer({ kind: 'in_progress', retryAfterSeconds: 1 }, request as RequestContext, now),
  storeSql: (answers, now) =>
    storeKeyAnswersSql(
      answers.map(({ key, answer }) => ({ ...(key as KeyOfCommand), status: answer.status, body: answer.body })),
      now,
    ),
};
