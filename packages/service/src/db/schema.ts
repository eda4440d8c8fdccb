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
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The key this one replaces, until and after the changeover is confirmed (migration 0006). */
  rotates_key_id: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** 'operator' or 'user:<external_user_id>' (migration 0004). */
  principal: string;
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

export type MarketStatus = 'open' | 'suspended' | 'resolved' | 'voided';
export type PositionState = 'open' | 'closed' | 'settled_win' | 'settled_loss' | 'voided';
export type OrderStatus = 'open' | 'filled' | 'expired' | 'rejected' | 'cancelled';

export interface MarketsTable {
  id: string;
  slug: string;
  title: string;
  status: MarketStatus;
  opens_at: Date;
  closes_at: Date;
  max_stake_per_position_minor: bigint;
  max_open_stake_per_user_minor: bigint;
  /** numeric: arrives as a string. */
  liquidity: string;
  q: number[];
  resolved_outcome_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MarketOutcomesTable {
  id: string;
  market_id: string;
  ordinal: number;
  title: string;
}

export interface TenantMarketsTable {
  tenant_id: string;
  market_id: string;
  enabled_at: Date;
}

export interface PricePointsTable {
  market_id: string;
  seq: Generated<bigint>;
  ts: Date;
  prices: bigint[];
}

export interface PositionsTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  user_id: string;
  market_id: string;
  outcome_id: string;
  state: PositionState;
  stake_minor: bigint;
  shares_units: bigint;
  price_micro: bigint;
  payout_minor: bigint | null;
  close_price_micro: bigint | null;
  open_transaction_id: string;
  settlement_transaction_id: string | null;
  opened_via: 'api_key' | 'session' | 'order';
  closed_via: 'api_key' | 'session' | null;
  order_id: string | null;
  opened_at: Date;
  closed_at: Date | null;
  settled_at: Date | null;
}

export interface PositionRejectionsTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  external_user_id: string;
  action: 'open' | 'close';
  position_id: string | null;
  code: string;
  request: unknown;
  created_at: Date;
}

export interface OrdersTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  user_id: string;
  market_id: string;
  outcome_id: string;
  stake_minor: bigint;
  limit_price_micro: bigint;
  status: OrderStatus;
  fill_price_micro: bigint | null;
  position_id: string | null;
  reject_code: string | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface EventsTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  type: string;
  occurred_at: Date;
  data: unknown;
  /** xid8 of the writing transaction, as text: the feed's order (migration 0003). */
  xact_id: Generated<string>;
}

export type DeliveryState = 'pending' | 'delivered' | 'dead';

export interface WebhookDeliveriesTable {
  event_id: string;
  event_seq: bigint;
  tenant_id: string;
  environment: Environment;
  state: DeliveryState;
  attempts: Generated<number>;
  schedule_base: Generated<number>;
  next_attempt_at: Date | null;
  leased_until: Date | null;
  lease_token: string | null;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface WebhookAttemptsTable {
  event_id: string;
  attempt: number;
  attempted_at: Date;
  url: string | null;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  response_excerpt: string | null;
}

export interface KillSwitchesTable {
  name: 'sync' | 'positions' | 'feed' | 'widget';
  paused: boolean;
  updated_at: Date;
}

export interface TenantRateLimitsTable {
  tenant_id: string;
  tier: 'balance_sync' | 'positions' | 'default';
  per_minute: number;
  updated_at: Date;
}

export type StreamChangeKind = 'prices' | 'balance' | 'position';

/** The realtime stream's change log (migration 0009): what changed, in (xact_id, seq) order. */
export interface StreamChangesTable {
  /** xid8 of the writing transaction, as text. */
  xact_id: Generated<string>;
  seq: Generated<bigint>;
  kind: StreamChangeKind;
  market_id: string | null;
  user_id: string | null;
  position_id: string | null;
  created_at: Generated<Date>;
}

/** The greatest (xact_id, seq) the purge has deleted; one row. */
export interface StreamChangesPurgedTable {
  id: Generated<boolean>;
  xact_id: string;
  seq: bigint;
}

export interface Database {
  tenants: TenantsTable;
  tenant_environments: TenantEnvironmentsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  transactions: TransactionsTable;
  balance_syncs: BalanceSyncsTable;
  idempotency_keys: IdempotencyKeysTable;
  markets: MarketsTable;
  market_outcomes: MarketOutcomesTable;
  tenant_markets: TenantMarketsTable;
  price_points: PricePointsTable;
  positions: PositionsTable;
  position_rejections: PositionRejectionsTable;
  orders: OrdersTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  kill_switches: KillSwitchesTable;
  tenant_rate_limits: TenantRateLimitsTable;
  stream_changes: StreamChangesTable;
  stream_changes_purged: StreamChangesPurgedTable;
}
