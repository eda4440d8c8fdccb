import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';

export interface Profile {
  displayName: string | null;
  showOnLeaderboard: boolean;
}

export const DEFAULT_PROFILE: Profile = { displayName: null, showOnLeaderboard: false };

export async function findProfile(db: Executor, userId: string): Promise<Profile | null> {
  const row = await db
    .selectFrom('widget_profiles')
    .select(['display_name', 'show_on_leaderboard'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { displayName: row.display_name, showOnLeaderboard: row.show_on_leaderboard } : null;
}

/**
 * Sets the profile in one statement. A display name another user of the tenant environment holds (any
 * case) hits the unique index: 'taken', with nothing written.
 */
export async function upsertProfile(
  db: Executor,
  scope: TenantEnv,
  userId: string,
  profile: Profile,
  now: Date,
): Promise<'saved' | 'taken'> {
  const result = await db
    .insertInto('widget_profiles')
    .values({
      user_id: userId,
      tenant_id: scope.tenantId,
      environment: scope.environment,
      display_name: profile.displayName,
      show_on_leaderboard: profile.showOnLeaderboard,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        display_name: eb.ref('excluded.display_name'),
        show_on_leaderboard: eb.ref('excluded.show_on_leaderboard'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
    .then(
      () => 'saved' as const,
      (error: unknown) => {
        if (isDisplayNameTaken(error)) return 'taken' as const;
        throw error;
      },
    );
  return result;
}

export async function deleteProfile(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('widget_profiles').where('user_id', '=', userId).execute();
}

function isDisplayNameTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'widget_profiles_display_name';
}
