/**
 * The kill switches of decisions part 5, and the 503 code each paused route answers. Which routes a
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
