export { listKillSwitches, type KillSwitchState } from './list-kill-switches.js';
export { isKillSwitchName, KILL_SWITCHES, PAUSED_CODE, type KillSwitchName } from './model/switches.js';
export { isPaused, pausedSwitchesOf, type PausedSwitches } from './paused-switches.js';
export * from './schemas.js';
export { setKillSwitch } from './set-kill-switch.js';
