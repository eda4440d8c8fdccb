export { WriteEngine } from './engine.js';
export type { EngineStats } from './stats.js';
