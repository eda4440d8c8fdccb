import { readFile } from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { createPool } from '../src/db/connection.js';
import { GENERATED_PATH, generateSchemaTypes } from '../scripts/db-types.js';

/**
 * The generated table types (src/db/schema.generated.ts) are what this run's migrated database says,
 * on the embedded server and on DATABASE_URL's. schema.ts is held to them when the project compiles
 * (src/db/schema-check.ts); this holds them to the migrations. After a migration: `npm run db:types`.
 */
const pool = createPool(inject('databaseUrl'), 1);
afterAll(() => pool.end());

it('schema.generated.ts is what kysely-codegen reads off the migrated database', async () => {
  const fresh = await generateSchemaTypes(new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }));
  const committed = await readFile(GENERATED_PATH, 'utf8');
  expect(fresh, 'run `npm run db:types` and commit src/db/schema.generated.ts').toBe(committed);
});
