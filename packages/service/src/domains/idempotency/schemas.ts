import { z } from 'zod';

/** The Idempotency-Key rule of spec 8.2: at most 128 characters and no colon. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^:]*$/, 'must not contain a colon');

/** The header as the reference documents it; the idempotency hook enforces it before validation. */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': IdempotencyKey.describe(
    'At most 128 characters, no colon. The same key and body replay the first answer.',
  ),
});
