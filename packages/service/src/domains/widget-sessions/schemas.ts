import { z } from 'zod';
import { toRfc3339 } from '../../lib/clock.js';
import { ExternalUserId } from '../users/index.js';

export const MintSessionBody = z
  .object({
    external_user_id: ExternalUserId.describe(
      "The user the session belongs to; registered in the key's environment (PUT /v1/users/{external_user_id}), blocked users included.",
    ),
  })
  .describe('Whom to mint a widget session for.');
export type MintSessionBody = z.infer<typeof MintSessionBody>;

export const WidgetSession = z
  .object({
    token: z
      .string()
      .describe(
        'The session token (a JWT). Hand it to the widget as sessionToken; send it as Authorization: Bearer <token>.',
      ),
    expires_at: z
      .string()
      .describe(
        "RFC 3339 UTC: 15 minutes from now, or the session's 24-hour cap if that comes first. Refresh before it.",
      ),
  })
  .describe('A widget session token and when it expires.');
export type WidgetSession = z.infer<typeof WidgetSession>;

export function presentSession(issued: { token: string; expiresAt: Date }): WidgetSession {
  return { token: issued.token, expires_at: toRfc3339(issued.expiresAt) };
}
