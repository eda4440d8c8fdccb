import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables, as the pg driver returns them (bigint columns come back as bigint). */
export type Environment = 'sandbox' | 'live';

export interface TenantsTable {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  /**
   * Widget session tokens issued in this second or before are refused, after a reactivation too: set at
   * every suspension (migration 0021); null when never suspended.
   */
  sessions_not_before: Date | null;
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
  /** Widget settings (migration 0008), checked by packages/contract before they are stored; null: none. */
  widget: ColumnType<unknown, string | null | undefined, string | null>;
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
  /** When the key was last used, to the minute (migration 0024); null: not since the column exists. */
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
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
  /** Request order (migration 0011): rows of one statement share created_at. */
  seq: Generated<bigint>;
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
  /** A sandbox test market's tenant (0025); null for a shared market. */
  owner_tenant_id: string | null;
  /** numeric ε of the sandbox bound (0031); null: no bound. */
  sandbox_influence: string | null;
  /** numeric(40,0)[]: the shares open sandbox positions hold per outcome (0031), as strings. */
  q_sandbox: string[];
  /** What resolves the market and how, as the platform wrote it (0035); null: not given. */
  rules: string | null;
  /** Where the result comes from: text or an https URL (0035); null: not given. */
  resolution_source: string | null;
  /** When the market got the ending it has, resolved or voided (0035); null while open or suspended. */
  resolved_at: Date | null;
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
  /** When the position ended (closed_at, else settled_at), generated by the database (migration 0008). */
  ended_at: ColumnType<Date | null, never, never>;
}

/** A player's limits (migration 0034): the rules are in domains/player-limits/model. */
export interface UserLimitsTable {
  user_id: string;
  tenant_id: string;
  environment: Environment;
  stake_per_day_minor: bigint | null;
  stake_per_week_minor: bigint | null;
  stake_per_month_minor: bigint | null;
  pending_per_day_minor: bigint | null;
  pending_per_day_at: Date | null;
  pending_per_week_minor: bigint | null;
  pending_per_week_at: Date | null;
  pending_per_month_minor: bigint | null;
  pending_per_month_at: Date | null;
  excluded_until: Date | null;
  updated_at: Date;
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
  /** Migration 0039: false for an attempt never sent (no webhook secret, or no URL any more): no HTTP failure. */
  sent: Generated<boolean>;
  /** Migration 0039: the headers a sent attempt carried (JSON text on insert); null when not sent, or before 0039. */
  request_headers: ColumnType<unknown, string | null | undefined, string | null>;
}

/** A market's last suspend or reopen and its reason (migration 0038); one row per market, replaced at each. */
export interface MarketStatusChangesTable {
  market_id: string;
  action: 'suspend' | 'reopen';
  reason: string | null;
  changed_by: string;
  changed_at: Date;
}

export interface KillSwitchesTable {
  name: 'sync' | 'positions' | 'feed' | 'widget';
  paused: boolean;
  updated_at: Date;
  /** Migration 0026: why and by whom it was last set; null for a row set before. */
  reason: string | null;
  changed_by: string | null;
}

/** One tenant's pause of sync or positions, both environments (migration 0026). */
export interface TenantPausesTable {
  tenant_id: string;
  name: 'sync' | 'positions';
  paused: boolean;
  reason: string | null;
  changed_by: string;
  updated_at: Date;
}

/** Error answers by request_id (migration 0026), capped per flush; the counts table has them all. */
export interface ErrorAnswersTable {
  request_id: string;
  tenant_id: string | null;
  environment: string | null;
  code: string;
  status: number;
  method: string;
  route: string;
  at: Date;
}

/** The request log (migration 0036): every /v1 request of a tenant environment, kept 14 days. */
export interface RequestLogTable {
  request_id: string;
  tenant_id: string;
  environment: Environment;
  at: Date;
  method: string;
  route: string;
  path: string;
  status: number;
  code: string | null;
  idempotency_key: string | null;
  replayed: boolean;
  latency_ms: number;
  external_user_id: string | null;
  request_body: string | null;
  request_body_bytes: number | null;
  response_body: string | null;
  response_body_bytes: number | null;
}

/** Requests per hour and rate-limit tier (migration 0040), the log's dropped ones included. */
export interface RequestCountsTable {
  hour: Date;
  tenant_id: string;
  environment: Environment;
  tier: string;
  requests: bigint;
  rate_limited: bigint;
}

export interface ErrorAnswerCountsTable {
  minute: Date;
  environment: string | null;
  tenant_id: string | null;
  code: string;
  count: bigint;
}

/** Panel sign-ins (migration 0016): the cookie token's SHA-256, never the token. */
export interface WebSessionsTable {
  token_hash: Buffer;
  kind: 'panel' | 'portal';
  who: string;
  /** A portal session's tenant environment (migration 0017); null for the panel's. */
  tenant_id: ColumnType<string | null, string | null | undefined, string | null>;
  environment: ColumnType<Environment | null, Environment | null | undefined, Environment | null>;
  csrf_token: string;
  created_at: Date;
  expires_at: Date;
}

/** The panel's and the portal's forms carried out (migration 0043): a repeat of one is told so, not run again. */
export interface WebFormPostsTable {
  /** SHA-256 of the session's CSRF token, the rendered form's id and its fields. */
  key: Buffer;
  sent_at: Date;
  said: string | null;
}

/** One-time sign-in links to the tenant portal (migration 0017): the token's SHA-256, never the token. */
export interface PortalLinksTable {
  token_hash: Buffer;
  tenant_id: string;
  environment: Environment;
  created_at: Date;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AuditLogTable {
  seq: Generated<bigint>;
  at: Date;
  who: string;
  action: string;
  target: string;
  /** The tenant the entry is about (0037); null: none, or not known (a refusal about an unknown id). */
  tenant_id: string | null;
  /** The environment the change was one of (0037); null: both, or none. */
  environment: Environment | null;
  details: ColumnType<unknown, string, string>;
  outcome: string;
}

export interface TenantRateLimitsTable {
  tenant_id: string;
  tier: 'balance_sync' | 'positions' | 'default';
  per_minute: number;
  updated_at: Date;
}

export interface WidgetProfilesTable {
  user_id: string;
  tenant_id: string;
  environment: Environment;
  display_name: string | null;
  show_on_leaderboard: boolean;
  updated_at: Date;
}

export interface SavedMarketsTable {
  user_id: string;
  market_id: string;
  saved_at: Date;
}

export interface WidgetErrorReportsTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  external_user_id: string;
  code: string;
  message: string;
  stack: string | null;
  url: string | null;
  widget_version: string;
  occurred_at: Date;
  received_at: Date;
}

/** Widget error reports stored per tenant environment and UTC day, for the daily cap (migration 0020). */
export interface WidgetErrorReportDaysTable {
  tenant_id: string;
  environment: Environment;
  /** The UTC day's start. */
  day: Date;
  reports: number;
}

/** Realised profit per user and period bucket, kept by a trigger on positions (migration 0008). */
export interface LeaderboardBucketsTable {
  tenant_id: string;
  environment: Environment;
  period: 'day' | 'week' | 'month' | 'all';
  starts_at: Date;
  user_id: string;
  pnl_minor: bigint;
  positions: number;
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

export type TicketStatus = 'open' | 'answered' | 'closed';

export interface SupportTicketsTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  status: TicketStatus;
  subject: string;
  request_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SupportTicketMessagesTable {
  seq: Generated<bigint>;
  ticket_id: string;
  author: 'tenant' | 'platform';
  body: string;
  created_at: Date;
}

export type ReportType = 'transactions' | 'positions' | 'balances';
export type ReportFormat = 'json' | 'csv';
export type ReportStatus = 'generating' | 'ready' | 'failed';

export interface ReportJobsTable {
  id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  environment: Environment;
  report_type: ReportType;
  format: ReportFormat;
  from_at: Date | null;
  to_at: Date | null;
  status: ReportStatus;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  row_count: bigint | null;
  byte_size: bigint | null;
  failure: string | null;
}

/** A report's artifact, gzip-compressed, in order. */
export interface ReportChunksTable {
  report_id: string;
  seq: number;
  data: Buffer;
}

export interface ReconciliationRunsTable {
  id: string;
  started_at: Date;
  finished_at: Date | null;
  users_checked: ColumnType<bigint, bigint | undefined, bigint>;
  unverifiable: ColumnType<bigint, bigint | undefined, bigint>;
  discrepancies: ColumnType<bigint, bigint | undefined, bigint>;
  trigger: 'platform' | 'schedule';
  /** The tenants with users the run went through (migration 0038); null before it finishes, and for older runs. */
  tenants_checked: bigint | null;
}

export interface ReconciliationDiscrepanciesTable {
  id: string;
  seq: Generated<bigint>;
  report_id: string;
  tenant_id: string;
  environment: Environment;
  user_id: string;
  balance_sync_id: string;
  ledger_balance_minor: bigint;
  operator_balance_minor: bigint;
  delta_minor: bigint;
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
  markets: MarketsTable;
  market_outcomes: MarketOutcomesTable;
  tenant_markets: TenantMarketsTable;
  market_status_changes: MarketStatusChangesTable;
  price_points: PricePointsTable;
  positions: PositionsTable;
  user_limits: UserLimitsTable;
  position_rejections: PositionRejectionsTable;
  orders: OrdersTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  kill_switches: KillSwitchesTable;
  tenant_pauses: TenantPausesTable;
  error_answers: ErrorAnswersTable;
  error_answer_counts: ErrorAnswerCountsTable;
  request_log: RequestLogTable;
  request_counts: RequestCountsTable;
  tenant_rate_limits: TenantRateLimitsTable;
  widget_profiles: WidgetProfilesTable;
  saved_markets: SavedMarketsTable;
  widget_error_reports: WidgetErrorReportsTable;
  widget_error_report_days: WidgetErrorReportDaysTable;
  leaderboard_buckets: LeaderboardBucketsTable;
  stream_changes: StreamChangesTable;
  stream_changes_purged: StreamChangesPurgedTable;
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  report_jobs: ReportJobsTable;
  report_chunks: ReportChunksTable;
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_discrepancies: ReconciliationDiscrepanciesTable;
  web_sessions: WebSessionsTable;
  web_form_posts: WebFormPostsTable;
  audit_log: AuditLogTable;
  portal_links: PortalLinksTable;
}
