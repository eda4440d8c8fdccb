import { z } from 'zod';
import { toRfc3339 } from '../../lib/clock.js';
import { ExternalUserId } from '../users/index.js';
import { MAX_TTL_SECONDS, MIN_TTL_SECONDS } from './model/session.js';

export const MintSessionBody = z
  .object({
    external_user_id: ExternalUserId.describe(
      "The user the session belongs to; registered in the key's environment (PUT /v1/users/{external_user_id}), blocked users included.",
    ),
    ttl_seconds: z
      .number()
      .int()
      .min(MIN_TTL_SECONDS)
      .max(MAX_TTL_SECONDS)
      .optional()
      .describe(
        `Sandbox only (live answers 400 validation_failed): each token of this session lives this many seconds, ${MIN_TTL_SECONDS} to ${MAX_TTL_SECONDS}, instead of 15 minutes; refreshes keep it. To see refresh and expiry without waiting.`,
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
        "RFC 3339 UTC: 15 minutes from now (ttl_seconds from now for a short sandbox session), or the session's 24-hour cap if that comes first. Refresh before it.",
      ),
  })
  .describe('A widget session token and when it expires.');
export type WidgetSession = z.infer<typeof WidgetSession>;

export function presentSession(issued: { token: string; expiresAt: Date }): WidgetSession {
  return { token: issued.token, expires_at: toRfc3339(issued.expiresAt) };
}
