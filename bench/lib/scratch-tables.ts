import pg from 'pg';

/**
 * The ceilings' own tables in the bench database. Rows stand for markets (one integer to bump); the others
 * are copies of the service's tables made with `like … including all`: the same columns, defaults,
 * identity, checks and indexes, but no foreign keys and no triggers, so a ceiling pays for the rows it
 * writes and their indexes and nothing the service adds on top.
 */
export const SCRATCH = {
  rows: 'bench_ceiling_rows',
  users: 'bench_ceiling_users',
  ledger: 'bench_ceiling_ledger',
  keys: 'bench_ceiling_keys',
} as const;

export interface ScratchTables {
  tenantId: string;
  /** The scratch users' ids (the service's own, copied) by external id. */
  userIds: ReadonlyMap<string, string>;
  drop(): Promise<void>;
}

const dropAll = `drop table if exists ${Object.values(SCRATCH).join(', ')}`;

/** Creates the tables, fills `rows` rows and copies the tenant's users (with their balances). */
export async function createScratchTables(url: string, tenantId: string, rows: number): Promise<ScratchTables> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(dropAll);
    await client.query(`create table ${SCRATCH.rows} (id integer primary key, n bigint not null default 0)`);
    await client.query(`insert into ${SCRATCH.rows} (id) select generate_series(1, $1::int)`, [rows]);
    await client.query(`create table ${SCRATCH.users} (like users including all)`);
    await client.query(`insert into ${SCRATCH.users} select * from users where tenant_id = $1`, [tenantId]);
    await client.query(`create table ${SCRATCH.ledger} (like transactions including all)`);
    await client.query(`create table ${SCRATCH.keys} (like idempotency_keys including all)`);
    await client.query(`analyze ${SCRATCH.rows}, ${SCRATCH.users}`);
    const { rows: users } = await client.query<{ id: string; external_user_id: string }>(
      `select id, external_user_id from ${SCRATCH.users}`,
    );
    return {
      tenantId,
      userIds: new Map(users.map((u) => [u.external_user_id, u.id])),
      drop: () => dropScratchTables(url),
    };
  } finally {
    await client.end();
  }
}

async function dropScratchTables(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(dropAll);
  } finally {
    await client.end();
  }
}
