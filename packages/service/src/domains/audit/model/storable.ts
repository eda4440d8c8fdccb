/**
 * Text PostgreSQL can hold: a NUL byte cannot be in text or jsonb, and an entry's target or details may
 * carry what a refused request typed (a slug with a NUL in a URL). It becomes U+FFFD, so the refusal is
 * still recorded and the entry says something was there.
 */
export function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}

/** A details object with every string in it made storable, keys included, at any depth. */
export function storableDetails(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableDetails);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storableDetails(v)]));
}
