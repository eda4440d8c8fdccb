/** Market slugs: 1 to 64 characters from a-z 0-9 and '-'; every slug in a path or body is checked against it. */
export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

/**
 * Whether a text is a slug. Every lookup by slug asks this first: any other text names no market and
 * never reaches the database (audit: a NUL byte in a slug answered 500).
 */
export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}
