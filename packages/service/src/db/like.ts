/** An ILIKE pattern matching text that contains `part` anywhere, its own %, _ and \ taken literally. */
export const containing = (part: string) => `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
