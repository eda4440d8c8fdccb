import { z } from 'zod';
import { formatAmount } from '../../lib/money.js';
import { EXTERNAL_USER_ID_PATTERN } from './model/external-user-id.js';

export const ExternalUserId = z
  .string()
  .regex(EXTERNAL_USER_ID_PATTERN, { error: 'must be 1 to 64 characters from A-Z, a-z, 0-9 and . _ ~ -' })
  .describe(
    "The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data.",
  );

export const UserParams = z.object({ external_user_id: ExternalUserId });

export const UserStatus = z.enum(['active', 'blocked']);

export const PutUserBody = z.object({
  status: UserStatus.describe(
    'A blocked user cannot open or close positions or place orders; balance sync still works.',
  ),
});

export const User = z.object({
  external_user_id: z.string(),
  status: UserStatus,
  balance: z.string().describe('The virtual balance, two decimals.'),
});
export type User = z.infer<typeof User>;

export function presentUser(row: { externalUserId: string; status: 'active' | 'blocked'; balance: bigint }): User {
  return { external_user_id: row.externalUserId, status: row.status, balance: formatAmount(row.balance) };
}
