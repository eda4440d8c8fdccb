import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables, as the pg driver returns them (bigint columns come back as bigint). */
export type Environment = 'sandbox' | 'live';

export interface TenantsTable {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  created_at: Date;
  updated_at: Date;
}

export interface TenantEnvironmentsTable {
  tenant_id: string;
  environment: Environment;
  webhook_url: string | null;
  allowed_origins: ColumnType<string[], string[] | undefined, string[]>;
  webhook_secret: string | null;
  updated_at: Date;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  environment: Environment;
  key_hash: Buffer;
  key_prefix: string;
  scopes: string[];
  created_at: Date;
  revoked_at: Date | null;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  environment: Environment;
  external_user_id: string;
  status: 'active' | 'blocked';
  balance_minor: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: Date;
  updated_at: Date;
}

export interface TransactionsTable {
  seq: Generated<bigint>;
  id: string;
  tenant_id: string;
  environment: Environment;
  user_id: string;
  entry_type: string;
  amount_minor: bigint;
  balance_after_minor: bigint;
  reverses_transaction_id: string | null;
  position_id: string | null;
  created_at: Date;
}

export interface BalanceSyncsTable {
  id: string;
  tenant_id: string;
  environment: Environment;
  user_id: string;
  idempotency_key: string;
  direction: 'credit' | 'debit';
  amount_minor: bigint;
  resulting_balance_minor: bigint | null;
  outcome: 'applied' | 'would_overdraw';
  transaction_id: string | null;
  ledger_balance_minor: bigint;
  flagged_for_reconciliation: boolean;
  created_at: Date;
}

export interface IdempotencyKeysTable {
  tenant_id: string;
  environment: Environment;
  operation: string;
  key: string;
  request_hash: Buffer;
  state: 'in_progress' | 'done';
  holder: string;
  locked_until: Date;
  response_status: number | null;
  response_body: string | null;
  created_at: Date;
}

export interface Database {
  tenants: TenantsTable;
  tenant_environments: TenantEnvironmentsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  transactions: TransactionsTable;
  balance_syncs: BalanceSyncsTable;
  idempotency_keys: IdempotencyKeysTable;
}
