export { WriteEngine } from './engine.js';
export { ROUND_STEPS, type EngineStats, type RoundStep } from './stats.js';
