import { hash } from 'node:crypto';

/**
 * The fingerprint an idempotency key is bound to: SHA-256 of the request's fields in a fixed order.
 * Built from the parsed fields rather than the raw bytes so that a movement sent alone and the same
 * movement sent as a batch item under the same key are recognised as one request.
 */
export function fingerprint(fields: Record<string, unknown>): Buffer {
  return hash('sha256', canonicalJson(fields), 'buffer');
}

/** JSON with object keys sorted and undefined members dropped, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  // As in JSON.stringify: undefined inside an array is null.
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
