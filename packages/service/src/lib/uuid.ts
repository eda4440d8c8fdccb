const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text has a UUID's form (any version, any case): checked before a uuid column is queried. */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}
