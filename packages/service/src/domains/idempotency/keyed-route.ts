import type { KeyedOperation } from './operations.js';

/**
 * What a keyed route declares once, whether its write runs in the write engine (a handler) or alone
 * (keyedWork): its key space, the status of its success, and how its value is presented as the bytes
 * stored for its key and replayed.
 */
export interface KeyedRoute<V> {
  operation: KeyedOperation;
  status: number;
  present(value: V): string;
}
