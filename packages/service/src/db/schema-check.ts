import type { Insertable, Selectable } from 'kysely';
import type { DB } from './schema.generated.js';
import type { Database } from './schema.js';

/**
 * Compile-time only: the hand-written row types (schema.ts) against the ones kysely-codegen read off
 * the migrated database (schema.generated.ts, `npm run db:types`). schema.ts may be narrower (a literal
 * union for text with a CHECK, `unknown` for jsonb) but must name the same tables and columns, the
 * same nullability, a type the column can hold, and every column an insert needs. A mismatch fails
 * `tsc` with the table and column in the error.
 */
type Mismatch<Table, Column, Why> = { table: Table; column: Column; mismatch: Why };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Required on insert: the columns without a default that cannot be null. */
type InsertRequired<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

type ColumnProblems<Ours, Theirs, Table extends string> = {
  [C in keyof Theirs | keyof Ours]: C extends keyof Ours
    ? C extends keyof Theirs
      ? Same<null extends Ours[C] ? true : false, null extends Theirs[C] ? true : false> extends false
        ? Mismatch<Table, C, 'nullability'>
        : unknown extends Ours[C]
          ? never // jsonb read as unknown: checked where it is parsed
          : [Ours[C]] extends [Theirs[C]]
            ? never
            : Mismatch<Table, C, 'type'>
      : Mismatch<Table, C, 'not in the database'>
    : Mismatch<Table, C, 'missing from schema.ts'>;
}[keyof Theirs | keyof Ours];

type InsertProblems<Ours, Theirs, Table extends string> =
  Exclude<InsertRequired<Theirs>, InsertRequired<Ours>> extends infer C
    ? [C] extends [never]
      ? never
      : Mismatch<Table, C, 'required on insert, optional in schema.ts'>
    : never;

type TableProblems = {
  [T in keyof DB | keyof Database]: T extends keyof Database
    ? T extends keyof DB
      ? | ColumnProblems<Selectable<Database[T]>, Selectable<DB[T]>, T>
        | InsertProblems<Insertable<Database[T]>, Insertable<DB[T]>, T>
      : Mismatch<T, '*', 'not in the database'>
    : Mismatch<T, '*', 'missing from schema.ts'>;
}[keyof DB | keyof Database];

/** Fails to compile, naming the problem, unless schema.ts and the database agree. */
export const schemaMatchesDatabase: [TableProblems] extends [never] ? true : TableProblems = true;
