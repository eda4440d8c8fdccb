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
  return {
    // Every handler's state is a part of RoundState (checked by type in round-state.ts), and its needs are RoundNeeds.
    submit: (command) => engine.submit(command as Parameters<typeof engine.submit>[0]),
    submitGroup: (group) => engine.submitGroup(group as Parameters<typeof engine.submitGroup>[0]),
    stats: () => engine.stats(),
  };
}
