export type { KillSwitchRow } from './kill-switch-repo.js';
export {
  listKillSwitches,
  listPausedTenants,
  tenantPausesOf,
  type KillSwitchState,
  type TenantPauses,
} from './list-kill-switches.js';
export {
  isKillSwitchName,
  isTenantPauseName,
  KILL_SWITCHES,
  PAUSED_CODE,
  REASON_MAX,
  TENANT_PAUSES,
  type KillSwitchName,
  type TenantPauseName,
} from './model/switches.js';
export {
  isPaused,
  openingsPaused,
  pausedSwitchesOf,
  type OpeningsPaused,
  type PausedNow,
  type PausedSwitches,
} from './paused-switches.js';
export * from './schemas.js';
export { setKillSwitch } from './set-kill-switch.js';
export { setTenantPause } from './set-tenant-pause.js';
export type { TenantPauseRow } from './tenant-pause-repo.js';
