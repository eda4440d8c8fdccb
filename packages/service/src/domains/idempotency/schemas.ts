import { z } from 'zod';

/**
 * The Idempotency-Key rule (at most 128 characters, no colon: docs/operator-api.md, "Balance sync"), kept to printable
 * ASCII so that no NUL, control character or lone surrogate ever reaches the database.
 */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x20-\x39\x3b-\x7e]+$/, 'must be printable ASCII without a colon');

/** The header as the reference documents it; the idempotency hook enforces it before validation. */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': IdempotencyKey.describe(
    'At most 128 printable ASCII characters, no colon. The same key and body replay the first answer.',
  ),
});
