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
  if (Array.isArray(value)) {
    // As in JSON.stringify: undefined inside an array is null.
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i] ?? null);
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // Names in UTF-16 code unit order (the default sort): stored fingerprints depend on this exact text.
    const names = Object.keys(object).sort();
    let out = '{';
    for (const name of names) {
      const member = object[name];
      if (member === undefined) continue;
      out += `${out.length > 1 ? ',' : ''}${JSON.stringify(name)}:${canonicalJson(member)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}
