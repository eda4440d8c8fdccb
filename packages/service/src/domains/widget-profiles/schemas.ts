import { z } from 'zod';
import { withoutBidiControls } from '../../lib/text.js';
import type { Profile } from './profile-repo.js';

export const WidgetProfile = z.object({
  display_name: z
    .string()
    .nullable()
    .describe(
      '3 to 24 characters from letters, digits, space, _ - and .; unique in the tenant environment in any case; ' +
        'nothing that reads as an e-mail address or a phone number. null: no name.',
    ),
  show_on_leaderboard: z.boolean().describe('Whether the user is listed on the leaderboard (under display_name).'),
});

/** PUT takes both fields: the whole profile. */
export const PutProfileBody = WidgetProfile.extend({
  display_name: withoutBidiControls(WidgetProfile.shape.display_name.unwrap().max(100)).nullable(),
}).strict();

export function presentProfile(p: Profile): z.infer<typeof WidgetProfile> {
  return { display_name: p.displayName, show_on_leaderboard: p.showOnLeaderboard };
}
