export { ENGINE_CONNECTIONS, WriteEngine, type EngineRuntime } from './engine.js';
export type {
  Applied,
  Command,
  CommandGroup,
  EngineKey,
  KeyClaimed,
  KeyStore,
  Locked,
  RoundWorld,
  StoredAnswer,
} from './ports.js';
export { ROUND_STEPS, type EngineObserver, type EngineStats, type RoundStep } from './stats.js';
