import { WriteEngine, type EngineRuntime } from '../domains/engine/index.js';
import type { Engine } from '../domains/context.js';
import { keyStore } from '../domains/idempotency/index.js';
import { roundWorld } from './round-state.js';

export { RoundState, roundWorld } from './round-state.js';
export { ENGINE_CONNECTIONS } from '../domains/engine/index.js';

/**
 * The write engine of this process over the round's state (round-state.ts) and the idempotency table: the
 * one place that knows both the engine and the domains whose handlers and slices it runs.
 */
export function createWriteEngine(runtime: EngineRuntime): Engine {
  const engine = new WriteEngine(runtime, roundWorld, keyStore);
  // Every handler's state is a part of RoundState (checked by type in round-state.ts), and its needs are
  // RoundNeeds: the engine's own methods serve the generic verbs, bound here once rather than wrapped per call.
  return {
    submit: engine.submit.bind(engine) as Engine['submit'],
    submitGroup: engine.submitGroup.bind(engine) as Engine['submitGroup'],
    stats: engine.stats.bind(engine),
  };
}
