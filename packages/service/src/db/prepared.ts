import { createHash } from 'node:crypto';
import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/*
 * Prepared statements for the write path's fixed statements (docs/operations.md, "Prepared statements").
 * An engine round runs the same few statements hundreds of times a second, each with a text that never
 * changes (the values travel as arrays): PostgreSQL then spends a third of its time parsing and planning
 * them again. A statement marked with `prepared` is sent under a name made from its text, so each
 * connection parses it once and PostgreSQL may keep its plan. Every other statement stays unnamed.
 */

const MARKER = '/*prepared*/ ';

/**
 * At most this many distinct names per process: the marked statements are a few dozen texts by
 * construction (a round's write is one of the combinations of its parts), so reaching it means a marked
 * statement's text varies, and it is then sent unnamed rather than filling every connection.
 */
const MAX_NAMES = 256;

const names = new Map<string, string>();

/** The statement, marked to be prepared by name where the pool prepares statements. */
export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(MARKER)}${query}`;
}

/** The name a marked statement's text is prepared under, or undefined: sent unnamed. */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(MARKER)) return undefined;
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMES) return known;
  const name = `pm_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/**
 * Makes a pool's client send marked statements by name. Kysely calls `query(text, values)`; a named
 * query is the same call with a config object, which node-postgres parses once per connection.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? preparedName(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
  (client as unknown as { query: typeof named }).query = named;
}

/** A query built with Kysely's builder, run marked to be prepared (as `prepared` marks a raw statement). */
export async function runPrepared<R>(db: Kysely<Database>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<R>({ ...compiled, sql: MARKER + compiled.sql });
  return result.rows;
}
