/**
 * The kill switches (docs/operations.md, "Kill switches"), and the 503 code each paused route answers. Which routes a
 * switch pauses is declared by the routes themselves (RouteMeta.killSwitch).
 */
export const KILL_SWITCHES = ['sync', 'positions', 'feed', 'widget'] as const;
export type KillSwitchName = (typeof KILL_SWITCHES)[number];

export const PAUSED_CODE = {
  sync: 'sync_paused',
  positions: 'positions_paused',
  feed: 'feed_paused',
  widget: 'widget_paused',
} as const satisfies Record<KillSwitchName, string>;

export const isKillSwitchName = (text: string): text is KillSwitchName =>
  (KILL_SWITCHES as readonly string[]).includes(text);

/** The levers the platform can pull for one tenant alone (both its environments, its keys kept). */
export const TENANT_PAUSES = ['sync', 'positions'] as const satisfies readonly KillSwitchName[];
export type TenantPauseName = (typeof TENANT_PAUSES)[number];

export const isTenantPauseName = (text: string): text is TenantPauseName =>
  (TENANT_PAUSES as readonly string[]).includes(text);

/** The longest reason a pause or a switch keeps; a sentence or two, not a report. */
export const REASON_MAX = 500;

/** A reason as given: trimmed, and absent when only blanks were sent. */
export const reasonOf = (text: string | undefined | null): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};
