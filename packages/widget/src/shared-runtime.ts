import * as preact from 'preact';
import * as hooks from 'preact/hooks';
import * as context from './ui/context.js';

/**
 * What the views chunk (views.js, loaded on demand) takes from this bundle instead of bundling its own
 * copy: Preact, whose hooks and renderer keep state in their module and so must be one instance, and
 * the widget's context object, which a view finds by identity. scripts/share-runtime.mjs points the
 * chunk's imports of these modules here; the key carries the version, so a chunk of another release
 * never reads this one's runtime.
 */
export const SHARED_MODULES = { preact, 'preact/hooks': hooks, context };

export function runtimeKey(version: string): symbol {
  return Symbol.for(`prediction-market-widget@${version}`);
}

export function shareRuntime(version: string): void {
  const global = globalThis as unknown as Record<symbol, unknown>;
  global[runtimeKey(version)] ??= SHARED_MODULES;
}
