/**
 * The changelog of the operator contract (docs/operator-api.md, "Versioning"), newest first, as GET /v1/changelog
 * answers it. Additive changes are listed here; a deprecated route's Link header points at it.
 */
export const CHANGELOG: ReadonlyArray<{ date: string; change: string }> = [
  {
    date: '2026-12-02',
    change:
      'POST /v1/balance-sync (and each batch item and the batch wrapper), POST /v1/positions, POST ' +
      '/v1/positions/{id}/close and POST /v1/orders refuse a field they do not take with 400 validation_failed ' +
      'naming it ("resultng_balance is not a field of this request"), nothing applied, the key unspent. Before, ' +
      'such a field was dropped: a misspelt resulting_balance left reconciliation without the figure it checks.',
  },
  {
    date: '2026-12-02',
    change:
      'Balance sync: a credit that would take a balance past 99,999,999,999,999.99 is 400 validation_failed (not ' +
      "recorded, key unspent), where before only the ledger's own limit (92,233,720,368,547,758.07) applied. " +
      "The room above is kept for payouts and refunds: a sandbox user synced to the ledger's limit could make " +
      'the settlement of a shared market refuse, for live users too. Debits always apply when the balance holds them.',
  },
  {
    date: '2026-12-02',
    change:
      'validation_failed found by a rule rather than the schema (an unknown market or outcome, a market not open, ' +
      "a stake the market maker cannot fill, an order's expires_at in the past) now names the field in " +
      'details.issues like every other validation_failed (a close names the position: location params, path /id), ' +
      'instead of details null.',
  },
  {
    date: '2026-12-02',
    change:
      'Reports: a from or to finer than a millisecond ("…30.900999Z") is taken to the next whole millisecond ' +
      '(the job shows "…30.901Z"), so the report holds exactly the rows in [from, to) as sent. Before, it was cut ' +
      'to "…30.900Z", and a row stamped .900 was taken in although it is before the from that was sent.',
  },
  {
    date: '2026-12-02',
    change:
      'Fix: GET /v1/events compared the writing transactions as text, so once they passed a power of ten (9999 ' +
      "to 10000, …) a page could end early and the next_cursor skip or repeat events (the SDK's events.poll and " +
      'pm-listen with it). The feed is in its documented order again. Webhook deliveries were not affected. A ' +
      'reader that may have missed events can read the feed again without after and skip the event ids it has ' +
      'already handled.',
  },
  {
    date: '2026-12-02',
    change:
      'POST /v1/sandbox/markets/{slug}/void takes no body, or {}, as before; a body with a field in it is now 400 ' +
      "validation_failed naming the field, instead of being ignored (as the platform API's void already did). " +
      'The reference still shows no body, and the SDK calls pm.sandboxMarkets.void(slug) as before.',
  },
  {
    date: '2026-12-02',
    change:
      'A close or close quote of shares worth less than 0.01 (proceeds round down to nothing) is still 400 ' +
      'validation_failed, now with details.reason "proceeds_too_small" and a message that says the position ' +
      'settles when the market ends, instead of no details.',
  },
  {
    date: '2026-12-02',
    change:
      "Corrections: a user's new credits (payout, refund) are posted before the reversals of old ones, and a " +
      'correction_shortfall_credit covers only what the balance still lacks after them. Before, a spent payout ' +
      'was made up in full before the new credit was added: a spent win of 19.09 corrected to a void left a ' +
      'balance of 10.00 instead of 0.00. Entry types, signs and events are unchanged.',
  },
  {
    date: '2026-11-30',
    change:
      'Validation refusals in words: details.issues has one issue per field, the first rule it breaks, said in ' +
      'words (an amount: must be a decimal string with at most two decimal places, such as "12.34" (no sign); ' +
      'never the pattern, and no longer also "must be above zero"), and message names the field ' +
      '("Invalid body: amount must be above zero."), not its path. A sandbox webhook_url refused for http or a ' +
      'local address says how to allow it in development (ALLOW_INSECURE_WEBHOOKS=1). Codes and paths are ' +
      'unchanged: branch on error, not on message.',
  },
  {
    date: '2026-11-30',
    change:
      'SDK: a method per operation, named by its operationId: pm.<resource>.<verb>(...pathParams, body or query, ' +
      'options), e.g. pm.balanceSync.create(body, { idempotencyKey }), pm.positions.close(id, body, ' +
      "{ idempotencyKey }), pm.markets.retrieve(slug), pm.events.list(query). A method resolves to the answer's " +
      'body and throws the ApiError otherwise; the operations that move money require idempotencyKey by type. ' +
      'pm.GET(…) and the other path methods stay. The listeners serve the SDK itself: npm install ' +
      '"$PM_BASE_URL/docs/sdk/pm-sdk-0.1.0.tgz". Nothing changes in the API.',
  },
  {
    date: '2026-11-30',
    change:
      'SDK: the pm-listen command (npx pm-listen --forward-to http://localhost:3000/hooks, with PM_API_KEY and ' +
      'PM_BASE_URL) follows GET /v1/events and POSTs each event to a local URL as a webhook delivery: the same ' +
      'body bytes and headers, signed with both signatures using a local secret it prints (or --secret). An ' +
      'event the local endpoint refuses or does not answer is sent again until it answers 2xx; the cursor is ' +
      'kept in a state file (./.pm-listen.json, or --state), so a restart resumes after the last event taken. ' +
      'Nothing changes in the API.',
  },
  {
    date: '2026-11-30',
    change:
      'Timestamped webhook signatures: every delivery keeps X-Webhook-Signature and also carries ' +
      'X-Webhook-Timestamp (unix seconds when the attempt was signed) and X-Webhook-Signature-V2 ' +
      '"t=<timestamp>,v1=<hex HMAC-SHA256 of \'<timestamp>.<raw body>\' with the webhook_secret>". Each attempt ' +
      '(a retry, a resend, a test event) is signed anew with its own time, so a receiver can refuse a delivery ' +
      "signed more than 5 minutes ago (a replay). The SDK's verifyWebhook checks V2 when present (tolerance 300 s, " +
      'toleranceSeconds to change it) and the plain signature otherwise; requireTimestamp: true refuses a ' +
      'delivery without V2. New refusal reasons: missing_timestamped_signature, timestamp_outside_tolerance.',
  },
  {
    date: '2026-11-29',
    change:
      'Market facts: GET /v1/markets and GET /v1/markets/{slug} answer, beside what they did, "rules" and ' +
      '"resolution_source" (what resolves the market and how, and where the result comes from, as the platform ' +
      'wrote them; null when not given), "resolved_at" (RFC 3339 UTC: when the market was resolved or voided, ' +
      'moved by a correction; null while open or suspended), "volume" (the stake your own tenant environment ' +
      'opened on the market, all time, two decimals: opens and limit-order fills count, a close gives nothing ' +
      'back; another tenant\'s or your other environment\'s trades never show) and, per outcome, "change_24h" ' +
      '(the price minus the price 24 hours ago, or minus the price at open for a market younger than that: a ' +
      'signed decimal string with six decimals such as "-0.030000"). A resolution_source that starts with ' +
      'https:// is one https URL and may be offered as a link; any other is text. The answers of sandbox test ' +
      'markets (/v1/sandbox/markets and their settlements) carry "rules" and "resolution_source" too.',
  },
  {
    date: '2026-11-29',
    change:
      'Player limits: PUT /v1/users/{external_user_id}/limits (write:sync, tier default, no Idempotency-Key) ' +
      '{"stake_per_day"?, "stake_per_week"?, "stake_per_month"?: amount or null, "excluded_until"?: RFC 3339 UTC with a Z, or null} ' +
      'sets the stake limits a player asks for over the last 24 hours, 7 days and 30 days, and a break; GET on the ' +
      "same path (API key, or the user's own session token; another user's is 404 not_found) answers each limit " +
      'with "limit", "used", "remaining", "resets_at" and "pending", and "excluded_until". A new or lower limit ' +
      'applies at once; a raise or a removal 24 hours later; a break can be extended, not shortened (409 ' +
      'state_conflict). Opens and order placements past a limit are 409 user_limit_reached (details limit, ' +
      'remaining, resets_at), during a break 403 user_excluded (details.excluded_until); a fill that would pass a ' +
      "limit rejects its order. Closes, cancels and balance syncs are never refused by limits. An open's refusals " +
      "answer in this order: user_blocked, user_excluded, the market's state, stake_limit_exceeded, " +
      'user_limit_reached, sandbox_limit_reached, would_overdraw, price_moved (would_overdraw used to come after ' +
      'price_moved). The balances report gains the columns stake_per_day, stake_per_week, stake_per_month and ' +
      'excluded_until: the limits in force when it is generated.',
  },
  {
    date: '2026-11-29',
    change:
      'Rate limits are counted exactly over the sliding 60 seconds, per whole second: no 60 seconds in a row let ' +
      'more than a limit through, whichever minutes they straddle (an estimate from two fixed windows let a ' +
      'burst at the end of one minute and another at the start of the next both through). Retry-After is at ' +
      'most 60, the time until enough of the oldest requests have left the window; obeyed, the request passes ' +
      'unless others of the same limit took the room meanwhile. RateLimit-Reset is the same as Retry-After on ' +
      'a 429, and otherwise the seconds until the oldest request counted leaves the window. A client retrying ' +
      'at three times the pace of its limit or faster stays refused for as long as it goes on.',
  },
  {
    date: '2026-11-29',
    change:
      'Sandbox influence on shared markets is bounded: a sandbox open or limit-order fill on a shared market must ' +
      "leave the spread of the shares open sandbox positions hold within the market's sandbox_influence × " +
      'liquidity (0.01 by default: no odds move by more than about 1 %), and each sandbox tenant environment may ' +
      'buy and sell at most 10 × sandbox_influence × liquidity shares of a market in any rolling 24 hours. A ' +
      'refusal is 409 sandbox_limit_reached with details.remaining (the largest stake that fits, "0.00" when ' +
      'none); nothing is applied and the key is not spent; a fill it stops leaves the order open. Closes are ' +
      'never refused, live trades never meet it, and sandbox test markets have no bound (their answers carry ' +
      '"sandbox_influence": null and "sandbox_spread"). Test stakes near your caps on a sandbox test market.',
  },
  {
    date: '2026-11-26',
    change:
      'The OpenAPI document gives every /v1 operation x-codeSamples: a curl command and an @pm/sdk call, made ' +
      'from its recorded example, shown first among the request samples at /docs.',
  },
  {
    date: '2026-11-26',
    change:
      'The OpenAPI document (/v1/openapi.json) gives each operation x-rate-limit {"tier", "per_tenant_per_minute", ' +
      '"per_end_user_per_minute"} ({"tier": "none"} on the unlimited ones) and a description of every success ' +
      'answer; the error catalog (x-error-catalog) gives each code "retry" (same_key, new_key or no) and ' +
      '"action". Guides at /docs/guides (quickstart, errors and retries, rate limits and more) and the SDK\'s ' +
      'README at /docs/sdk, on both listeners.',
  },
  {
    date: '2026-11-26',
    change:
      'Sandbox test markets (sandbox listener only; the live listener answers 404 not_found): ' +
      'POST /v1/sandbox/markets (write:positions, Idempotency-Key) {"title","outcomes":[2 to 10 titles],"liquidity"?} ' +
      'answers 201 a market shaped as the platform answers one, open, enabled for the calling tenant alone and only ' +
      'in its sandbox, with its own market maker; at most 50 per tenant (409 state_conflict). POST ' +
      '/v1/sandbox/markets/{slug}/resolve {"outcome_id"}, /void and /corrections take the platform\'s bodies and run ' +
      "the real settlement with its webhooks to the tenant's sandbox; another tenant's or a shared market is 404 " +
      "not_found. GET /v1/sandbox/markets lists the tenant's test markets.",
  },
  {
    date: '2026-11-26',
    change:
      'Short sandbox sessions: POST /v1/widget/sessions takes "ttl_seconds" (integer 60 to 900) in the sandbox; ' +
      'every token of that session, refreshes included, expires ttl_seconds after it is issued (expires_at says ' +
      'so), within the 24-hour cap. Live refuses the field with 400 validation_failed.',
  },
  {
    date: '2026-11-26',
    change:
      'Self-service: GET /v1/tenant (any API key) answers who the key is: tenant_id, name, ' +
      'environment, the key (id, scopes, expires_at, last_used_at) and the rate limits that apply. GET and PUT ' +
      "/v1/tenant/settings (write:sync) read and change the webhook_url and allowed_origins of the key's own " +
      "environment under the platform's rules; POST /v1/tenant/webhook-secret (write:sync) rotates the webhook " +
      'secret, shown once, the old one refused at once; POST /v1/webhooks/test (write:sync, Idempotency-Key) sends ' +
      'a signed test event of a chosen type with sample data and "test": true in its data, through ordinary ' +
      "delivery, 409 state_conflict without a webhook_url or secret. The tenant portal's settings screen does the same.",
  },
  {
    date: '2026-11-26',
    change:
      'GET /v1/markets/{slug}/exposure (API key with write:positions): for every outcome of a market, the open ' +
      "positions of the key's tenant environment on it, their stake, what they pay if it wins and net_if_wins " +
      '(that payout minus the open stake of the whole market). Every replayed keyed answer (balance sync and batch, ' +
      'position open and close, order placement, reports, support tickets and every other route taking an ' +
      'Idempotency-Key) carries Idempotent-Replayed: true, readable by a listed origin through CORS; the body is ' +
      'byte for byte the first answer, and a first answer never carries the header.',
  },
  {
    date: '2026-11-26',
    change:
      'Keyed writes (balance sync and batch items, position open and close, order placement): a request whose ' +
      'Idempotency-Key is already queued or being processed in the same service process is answered 409 ' +
      'idempotency_key_in_progress with Retry-After: 1 at once, whatever its body, instead of waiting for the ' +
      'first (a replay after the first has answered is byte for byte, another body 422, as before). Limit orders ' +
      'are evaluated after each open, close or placement on their market, oldest first, so an order the first of ' +
      'several concurrent trades brings to its limit fills before the next trade is priced. A revoked key is refused ' +
      'by every process within the notification delay, and after at most 5 s if notifications are lost.',
  },
  {
    date: '2026-11-26',
    change:
      'POST /v1/positions/quote answers max_stake, the most one open may stake on the market (its ' +
      'max_stake_per_position), so a ticket can refuse a larger stake before sending it.',
  },
  {
    date: '2026-11-26',
    change:
      'Compression: JSON answers over 1 KB, the widget bundle and its locale files are sent brotli- or ' +
      "gzip-encoded when the request's Accept-Encoding takes it (Content-Encoding and Vary: Accept-Encoding " +
      'say so); without the header, or with identity, nothing changes. The widget stream and report downloads ' +
      'are as before.',
  },
  {
    date: '2026-11-26',
    change:
      'Widget display currency: PUT /platform/v1/tenants/{tenant_id}/environments/{environment} takes ' +
      'widget.currency, an ISO 4217 code (EUR) or a unit text of 1 to 8 letters, digits or single spaces (pts), ' +
      'null to clear; GET /v1/widget/config answers "currency" (null without a setting). Display only.',
  },
  {
    date: '2026-11-26',
    change:
      'Rate limits: a refused request (429 rate_limited) counts against the limit only when it comes before the ' +
      'Retry-After last given for that limit, so a client that waits out each Retry-After keeps its whole budget ' +
      '(it got about half while every refusal counted); retrying at once still keeps the limit active. Clients ' +
      "sharing a limit (one user's parallel requests, an operator's workers) that each wait out their " +
      'Retry-After get the whole budget together too: a refusal that comes when a Retry-After given earlier ' +
      'falls due (within 2 seconds) is not counted either, once per Retry-After given.',
  },
  {
    date: '2026-11-26',
    change:
      'Rate limits, tier default: requests with a widget session token (GET /v1/positions, /v1/orders, quotes, ' +
      'GET /v1/widget/stream) count per end user, 60 a minute, and no longer against the tenant limit, which ' +
      'API-key requests keep to themselves. The rate-limits of a tenant show default end_user 60.',
  },
  {
    date: '2026-11-26',
    change:
      'Security: only requests with a widget session token get CORS headers (an API key belongs on the server); ' +
      'a 401 invalid_session_token is readable by an origin any tenant of the environment lists. Widget session ' +
      'tokens issued before a tenant suspension stay refused after reactivation, and open streams of a suspended ' +
      'tenant end within seconds. Free text (ticket subjects and bodies, display names, names and titles) refuses ' +
      'the bidirectional controls U+202A-U+202E and U+2066-U+2069 with 400 validation_failed. API answers carry ' +
      'X-Content-Type-Options: nosniff and Cache-Control: no-store.',
  },
  {
    date: '2026-11-26',
    change:
      'POST /v1/widget/error-reports: at most 10,000 reports per tenant environment and UTC day; past that 429 ' +
      'rate_limited with Retry-After up to the next 00:00 UTC and details {"limit","resets_at"}, and nothing is ' +
      'stored. Widget error reports and the rejected attempts of GET /v1/position-rejections are kept 30 days.',
  },
  {
    date: '2026-11-23',
    change:
      'Balance sync (single and batch items): the key of a request that died mid-way is free at once instead of ' +
      'after up to 30 seconds of idempotency_key_in_progress; a request under a key still being processed gets ' +
      '409 idempotency_key_in_progress whatever its body (422 idempotency_key_reused once the first has finished).',
  },
  {
    date: '2026-11-23',
    change:
      'Reconciliation: GET /v1/reconciliation/discrepancies (scope read:reports); event reconciliation.discrepancy, ' +
      'once per balance-sync request found to disagree with the ledger; runs daily at 02:00Z.',
  },
  {
    date: '2026-11-23',
    change:
      'Reports: POST /v1/reports (202 the job), GET /v1/reports, GET /v1/reports/{id}, GET /v1/reports/{id}/download; ' +
      'error code report_expired (410); event report.ready. Scope read:reports.',
  },
  {
    date: '2026-11-22',
    change:
      'Support tickets: POST /v1/support-tickets, GET /v1/support-tickets, GET /v1/support-tickets/{id}. Scope write:tickets.',
  },
  {
    date: '2026-11-22',
    change:
      'Widget back end: GET /v1/widget/config, GET /v1/users/me, GET/PUT/DELETE /v1/widget/profile, GET ' +
      '/v1/widget/leaderboard, GET /v1/widget/saved-markets and PUT/DELETE /v1/widget/saved-markets/{market_slug} ' +
      '(error code saved_markets_limit_reached), POST /v1/widget/error-reports, GET /v1/widget/stream; ' +
      'POST /v1/positions/quote (the price a stake would get, changing nothing).',
  },
  {
    date: '2026-10-07',
    change:
      'Error code idempotency_key_in_progress (409) on POST /v1/positions. Nothing applied and price not checked ' +
      'by the request that gets it. Retry-After is 1 second.',
  },
  {
    date: '2026-10-06',
    change: 'Events position.opened and position.closed for widget-session actions. Once per position.',
  },
  {
    date: '2026-10-05',
    change:
      'Void corrections: events position.void_corrected and market.void_corrected. voided is no longer final for ' +
      'a refunded position. correction_shortfall_credit rules apply.',
  },
  {
    date: '2026-10-04',
    change:
      'Settlement corrections: entry_type set declared open; new entry_type correction_shortfall_credit ' +
      '(filterable with ?entry_type=correction_shortfall_credit); events position.settlement_corrected and ' +
      'market.resolution_corrected. settled_win and settled_loss are no longer final.',
  },
  { date: '2026-09-26', change: 'Initial /v1 contract. Nothing deprecated.' },
];
