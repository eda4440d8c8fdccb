export { limitsOfEnvironment, readLimits } from './limits-repo.js';
export {
  exclusionRefusal,
  NO_LIMITS,
  NO_USE,
  stakeLimitRefusal,
  stakeUseOf,
  windowStarts,
  windowsToMeasure,
  type LimitName,
  type LimitRefusal,
  type PlayerLimits,
  type StakeUse,
} from './model/limits.js';
export { getLimits, setLimits } from './player-limits.js';
export { NO_STANDING, RoundLimits, type PlayerStanding } from './round-limits.js';
export {
  limitsChange,
  LimitsColumns,
  PlayerLimitsView,
  presentLimits,
  presentLimitsColumns,
  PutLimitsBody,
  type LimitsOfUser,
} from './schemas.js';
