export { WriteEngine } from './engine.js';
export { ROUND_STEPS, type EngineObserver, type EngineStats, type RoundStep } from './stats.js';
