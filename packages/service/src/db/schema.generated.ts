import type { ColumnType } from "kysely";

export type ArrayType<T> = ArrayTypeImpl<T> extends (infer U)[]
  ? U[]
  : ArrayTypeImpl<T>;

export type ArrayTypeImpl<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S[], I[], U[]>
  : T[];

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<string, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ApiKeys {
  created_at: Timestamp;
  environment: string;
  expires_at: Timestamp | null;
  id: string;
  key_hash: Buffer;
  key_prefix: string;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  rotates_key_id: string | null;
  scopes: string[];
  tenant_id: string;
}

export interface AuditLog {
  action: string;
  at: Timestamp;
  details: Generated<Json>;
  environment: string | null;
  outcome: string;
  seq: Generated<bigint>;
  target: string;
  tenant_id: string | null;
  who: string;
}

export interface BalanceSyncs {
  amount_minor: bigint;
  created_at: Timestamp;
  direction: string;
  environment: string;
  flagged_for_reconciliation: Generated<boolean>;
  id: string;
  idempotency_key: string;
  ledger_balance_minor: bigint;
  outcome: string;
  resulting_balance_minor: bigint | null;
  seq: Generated<bigint>;
  tenant_id: string;
  transaction_id: string | null;
  user_id: string;
}

export interface ErrorAnswerCounts {
  code: string;
  count: bigint;
  environment: string | null;
  minute: Timestamp;
  tenant_id: string | null;
}

export interface ErrorAnswers {
  at: Timestamp;
  code: string;
  environment: string | null;
  method: string;
  request_id: string;
  route: string;
  status: number;
  tenant_id: string | null;
}

export interface Events {
  data: Json;
  environment: string;
  id: string;
  occurred_at: Timestamp;
  seq: Generated<bigint>;
  tenant_id: string;
  type: string;
  xact_id: Generated<string>;
}

export interface IdempotencyKeys {
  created_at: Timestamp;
  environment: string;
  holder: string;
  key: string;
  locked_until: Timestamp;
  operation: string;
  principal: string;
  request_hash: Buffer;
  response_body: string | null;
  response_status: number | null;
  state: string;
  tenant_id: string;
}

export interface KillSwitches {
  changed_by: string | null;
  name: string;
  paused: boolean;
  reason: string | null;
  updated_at: Timestamp;
}

export interface LeaderboardBuckets {
  environment: string;
  period: string;
  pnl_minor: bigint;
  positions: number;
  starts_at: Timestamp;
  tenant_id: string;
  user_id: string;
}

export interface MarketOutcomes {
  id: string;
  market_id: string;
  ordinal: number;
  title: string;
}

export interface Markets {
  closes_at: Timestamp;
  created_at: Timestamp;
  id: string;
  liquidity: Numeric;
  max_open_stake_per_user_minor: bigint;
  max_stake_per_position_minor: bigint;
  opens_at: Timestamp;
  owner_tenant_id: string | null;
  q: number[];
  q_sandbox: ArrayType<Numeric>;
  resolution_source: string | null;
  resolved_at: Timestamp | null;
  resolved_outcome_id: string | null;
  rules: string | null;
  sandbox_influence: Numeric | null;
  slug: string;
  status: string;
  title: string;
  updated_at: Timestamp;
}

export interface MarketStatusChanges {
  action: string;
  changed_at: Timestamp;
  changed_by: string;
  market_id: string;
  reason: string | null;
}

export interface Orders {
  created_at: Timestamp;
  environment: string;
  expires_at: Timestamp | null;
  fill_price_micro: bigint | null;
  id: string;
  limit_price_micro: bigint;
  market_id: string;
  outcome_id: string;
  position_id: string | null;
  reject_code: string | null;
  seq: Generated<bigint>;
  stake_minor: bigint;
  status: string;
  tenant_id: string;
  updated_at: Timestamp;
  user_id: string;
}

export interface PortalLinks {
  created_at: Timestamp;
  environment: string;
  expires_at: Timestamp;
  tenant_id: string;
  token_hash: Buffer;
  used_at: Timestamp | null;
}

export interface PositionRejections {
  action: string;
  code: string;
  created_at: Timestamp;
  environment: string;
  external_user_id: string;
  id: string;
  position_id: string | null;
  request: Json;
  seq: Generated<bigint>;
  tenant_id: string;
}

export interface Positions {
  close_price_micro: bigint | null;
  closed_at: Timestamp | null;
  closed_via: string | null;
  ended_at: Generated<Timestamp | null>;
  environment: string;
  id: string;
  market_id: string;
  open_transaction_id: string;
  opened_at: Timestamp;
  opened_via: string;
  order_id: string | null;
  outcome_id: string;
  payout_minor: bigint | null;
  price_micro: bigint;
  seq: Generated<bigint>;
  settled_at: Timestamp | null;
  settlement_transaction_id: string | null;
  shares_units: bigint;
  stake_minor: bigint;
  state: string;
  tenant_id: string;
  user_id: string;
}

export interface PricePoints {
  market_id: string;
  prices: ArrayType<bigint>;
  seq: Generated<bigint>;
  ts: Timestamp;
}

export interface ReconciliationDiscrepancies {
  balance_sync_id: string;
  created_at: Timestamp;
  delta_minor: bigint;
  environment: string;
  id: string;
  ledger_balance_minor: bigint;
  operator_balance_minor: bigint;
  report_id: string;
  seq: Generated<bigint>;
  tenant_id: string;
  user_id: string;
}

export interface ReconciliationRuns {
  discrepancies: Generated<bigint>;
  finished_at: Timestamp | null;
  id: string;
  started_at: Timestamp;
  tenants_checked: bigint | null;
  trigger: string;
  unverifiable: Generated<bigint>;
  users_checked: Generated<bigint>;
}

export interface ReportChunks {
  data: Buffer;
  report_id: string;
  seq: number;
}

export interface ReportJobs {
  byte_size: bigint | null;
  created_at: Timestamp;
  environment: string;
  expires_at: Timestamp | null;
  failure: string | null;
  format: string;
  from_at: Timestamp | null;
  id: string;
  ready_at: Timestamp | null;
  report_type: string;
  row_count: bigint | null;
  seq: Generated<bigint>;
  status: string;
  tenant_id: string;
  to_at: Timestamp | null;
}

export interface RequestCounts {
  environment: string;
  hour: Timestamp;
  rate_limited: bigint;
  requests: bigint;
  tenant_id: string;
  tier: string;
}

export interface RequestLog {
  at: Timestamp;
  code: string | null;
  environment: string;
  external_user_id: string | null;
  idempotency_key: string | null;
  latency_ms: number;
  method: string;
  path: string;
  replayed: boolean;
  request_body: string | null;
  request_body_bytes: number | null;
  request_id: string;
  response_body: string | null;
  response_body_bytes: number | null;
  route: string;
  status: number;
  tenant_id: string;
}

export interface SavedMarkets {
  market_id: string;
  saved_at: Timestamp;
  user_id: string;
}

export interface StreamChanges {
  created_at: Generated<Timestamp>;
  kind: string;
  market_id: string | null;
  position_id: string | null;
  seq: Generated<bigint>;
  user_id: string | null;
  xact_id: Generated<string>;
}

export interface StreamChangesPurged {
  id: Generated<boolean>;
  seq: bigint;
  xact_id: string;
}

export interface SupportTicketMessages {
  author: string;
  body: string;
  created_at: Timestamp;
  seq: Generated<bigint>;
  ticket_id: string;
}

export interface SupportTickets {
  created_at: Timestamp;
  environment: string;
  id: string;
  request_id: string | null;
  seq: Generated<bigint>;
  status: string;
  subject: string;
  tenant_id: string;
  updated_at: Timestamp;
}

export interface TenantEnvironments {
  allowed_origins: Generated<string[]>;
  environment: string;
  tenant_id: string;
  updated_at: Timestamp;
  webhook_secret: string | null;
  webhook_url: string | null;
  widget: Json | null;
}

export interface TenantMarkets {
  enabled_at: Timestamp;
  market_id: string;
  tenant_id: string;
}

export interface TenantPauses {
  changed_by: string;
  name: string;
  paused: boolean;
  reason: string | null;
  tenant_id: string;
  updated_at: Timestamp;
}

export interface TenantRateLimits {
  per_minute: number;
  tenant_id: string;
  tier: string;
  updated_at: Timestamp;
}

export interface Tenants {
  created_at: Timestamp;
  id: string;
  name: string;
  sessions_not_before: Timestamp | null;
  status: string;
  updated_at: Timestamp;
}

export interface Transactions {
  amount_minor: bigint;
  balance_after_minor: bigint;
  created_at: Timestamp;
  entry_type: string;
  environment: string;
  id: string;
  position_id: string | null;
  reverses_transaction_id: string | null;
  seq: Generated<bigint>;
  tenant_id: string;
  user_id: string;
}

export interface UserLimits {
  environment: string;
  excluded_until: Timestamp | null;
  pending_per_day_at: Timestamp | null;
  pending_per_day_minor: bigint | null;
  pending_per_month_at: Timestamp | null;
  pending_per_month_minor: bigint | null;
  pending_per_week_at: Timestamp | null;
  pending_per_week_minor: bigint | null;
  stake_per_day_minor: bigint | null;
  stake_per_month_minor: bigint | null;
  stake_per_week_minor: bigint | null;
  tenant_id: string;
  updated_at: Timestamp;
  user_id: string;
}

export interface Users {
  balance_minor: Generated<bigint>;
  created_at: Timestamp;
  environment: string;
  external_user_id: string;
  id: string;
  status: string;
  tenant_id: string;
  updated_at: Timestamp;
}

export interface WebFormPosts {
  key: Buffer;
  said: string | null;
  sent_at: Timestamp;
}

export interface WebhookAttempts {
  attempt: number;
  attempted_at: Timestamp;
  error: string | null;
  event_id: string;
  latency_ms: number;
  request_headers: Json | null;
  response_excerpt: string | null;
  sent: Generated<boolean>;
  status_code: number | null;
  url: string | null;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: Timestamp;
  environment: string;
  event_id: string;
  event_seq: bigint;
  finished_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_error: string | null;
  last_status: number | null;
  lease_token: string | null;
  leased_until: Timestamp | null;
  next_attempt_at: Timestamp | null;
  schedule_base: Generated<number>;
  state: string;
  tenant_id: string;
}

export interface WebSessions {
  created_at: Timestamp;
  csrf_token: string;
  environment: string | null;
  expires_at: Timestamp;
  kind: string;
  tenant_id: string | null;
  token_hash: Buffer;
  who: string;
}

export interface WidgetErrorReportDays {
  day: Timestamp;
  environment: string;
  reports: number;
  tenant_id: string;
}

export interface WidgetErrorReports {
  code: string;
  environment: string;
  external_user_id: string;
  id: string;
  message: string;
  occurred_at: Timestamp;
  received_at: Timestamp;
  seq: Generated<bigint>;
  stack: string | null;
  tenant_id: string;
  url: string | null;
  widget_version: string;
}

export interface WidgetProfiles {
  display_name: string | null;
  environment: string;
  show_on_leaderboard: boolean;
  tenant_id: string;
  updated_at: Timestamp;
  user_id: string;
}

export interface DB {
  api_keys: ApiKeys;
  audit_log: AuditLog;
  balance_syncs: BalanceSyncs;
  error_answer_counts: ErrorAnswerCounts;
  error_answers: ErrorAnswers;
  events: Events;
  idempotency_keys: IdempotencyKeys;
  kill_switches: KillSwitches;
  leaderboard_buckets: LeaderboardBuckets;
  market_outcomes: MarketOutcomes;
  market_status_changes: MarketStatusChanges;
  markets: Markets;
  orders: Orders;
  portal_links: PortalLinks;
  position_rejections: PositionRejections;
  positions: Positions;
  price_points: PricePoints;
  reconciliation_discrepancies: ReconciliationDiscrepancies;
  reconciliation_runs: ReconciliationRuns;
  report_chunks: ReportChunks;
  report_jobs: ReportJobs;
  request_counts: RequestCounts;
  request_log: RequestLog;
  saved_markets: SavedMarkets;
  stream_changes: StreamChanges;
  stream_changes_purged: StreamChangesPurged;
  support_ticket_messages: SupportTicketMessages;
  support_tickets: SupportTickets;
  tenant_environments: TenantEnvironments;
  tenant_markets: TenantMarkets;
  tenant_pauses: TenantPauses;
  tenant_rate_limits: TenantRateLimits;
  tenants: Tenants;
  transactions: Transactions;
  user_limits: UserLimits;
  users: Users;
  web_form_posts: WebFormPosts;
  web_sessions: WebSessions;
  webhook_attempts: WebhookAttempts;
  webhook_deliveries: WebhookDeliveries;
  widget_error_report_days: WidgetErrorReportDays;
  widget_error_reports: WidgetErrorReports;
  widget_profiles: WidgetProfiles;
}
