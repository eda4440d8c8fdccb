export * from './model/tiers.js';
export * from './model/refusals.js';
export * from './model/window.js';
export * from './model/judge.js';
export { raisedLimitsViewOf, type RaisedLimitsView } from './raised-limits-view.js';
export type { RateDecision, RateHeaders, RateLimiter, RateLimitQuery, TierUsage } from './rate-limiter-port.js';
export * from './schemas.js';
export { getTenantLimits, setTenantLimits, type TenantLimits } from './tenant-limits.js';
