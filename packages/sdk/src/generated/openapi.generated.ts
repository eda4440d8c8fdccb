// Generated from the served OpenAPI document by `npm run sdk:generate`. Do not edit.
export interface paths {
    "/v1/balance-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mirror one balance movement into the ledger
         * @description Same key and body: the first answer is replayed byte for byte and nothing is applied again. Same key, other body: 422. A refused debit (409 would_overdraw) is recorded and replayed for its key. An unregistered user (404 unknown_user) is not recorded and the key is not spent.
         *
         *     **Rate limit:** tier `balance_sync`, 450 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["balanceSync.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance-sync/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mirror up to 500 balance movements
         * @description Each item applies independently under its own idempotency_key and follows every rule of a single balance sync; results come in item order with the status and body the single request would have had. The request's own Idempotency-Key replays the whole answer.
         *
         *     **Rate limit:** tier `balance_sync`, 450 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["balanceSync.createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/changelog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changelog
         * @description Every change to /v1, newest first. Deprecated routes link here.
         */
        get: operations["changelog.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events (the webhook stream)
         * @description The events of this environment, each byte for byte the body of its webhook (same id as X-Webhook-Delivery), whether or not a webhook_url is set. The order is stable: an event never appears before a cursor already handed out, so reading from the last next_cursor after an outage misses nothing. The newest events show once every transaction that started before theirs has ended (usually milliseconds).
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["events.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the markets enabled for the tenant
         * @description Ordered by slug. Takes an API key with read:markets or a widget session token.
         *
         *     **Rate limit:** tier `feed_read`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["markets.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one market with its outcomes and current prices
         * @description A market that does not exist or is not enabled for the tenant is 404 not_found.
         *
         *     **Rate limit:** tier `feed_read`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["markets.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{slug}/exposure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A market's exposure: what your open positions pay for each outcome
         * @description For this key's tenant environment (sandbox and live apart), every outcome of the market with the open positions on it, their stake, what they pay if it wins (each position: stake / price at open rounded down to the cent, as settlement pays) and net_if_wins, that payout minus the open stake of the whole market. Closed and settled positions are not counted, so a resolved or voided market answers zeros. A market that does not exist or is not enabled for the tenant is 404 not_found.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["markets.exposure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{slug}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Price history of a market
         * @description For each bucket of [from, to) in which the price changed, the last price of that bucket, stamped with the bucket start. Buckets are aligned to UTC; from is rounded down to a bucket start. More than 1,500 buckets is 400 validation_failed.
         *
         *     **Rate limit:** tier `feed_read`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["markets.history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{slug}/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current prices of a market
         * @description **Rate limit:** tier `feed_read`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["markets.snapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List limit orders
         * @description Oldest first. A session token lists only its own user's orders.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["orders.list"];
        put?: never;
        /**
         * Place a limit order
         * @description With the API key, external_user_id names the user; with a widget session token it is the session's user. Nothing is debited at placement. The order fills when the price at open for its stake is at or below limit_price: it opens a position (every open rule applies, at the fill), debits the stake then, and sends order.filled. Orders are evaluated oldest first at placement, after every open and close on the market and when the market reopens. A placement the market already satisfies fills at once (status filled); a fill the open rules refuse (balance, blocked user, stake caps, player limits) rejects the order (status rejected). A placement whose stake would pass a limit the player set is 409 user_limit_reached, one during their break 403 user_excluded (docs/guides/player-limits.md). A refused placement does not spend its key; a placed order replays its first answer for its key.
         *
         *     **Rate limit:** tier `positions`, 4,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["orders.place"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a limit order
         * @description A session token reads only its own user's orders.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["orders.retrieve"];
        put?: never;
        post?: never;
        /**
         * Cancel a limit order
         * @description An open order becomes cancelled; the answer is the order. Takes no Idempotency-Key: a DELETE is naturally idempotent, and cancelling a cancelled order answers it again with 200. A filled, expired or rejected order is 409 state_conflict (so is an open order past its expires_at, which is expired instead).
         *
         *     **Rate limit:** tier `positions`, 4,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        delete: operations["orders.cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/position-rejections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rejected open and close attempts
         * @description Each with the error code it got, the request's fields and its time; oldest first. Kept 30 days, then deleted by an hourly job.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["positionRejections.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List positions
         * @description Oldest first. A session token lists only its own user's positions.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["positions.list"];
        put?: never;
        /**
         * Open a position
         * @description With the API key, external_user_id names the user; with a widget session token it is the session's user (and the open sends position.opened). A rejected open does not spend its key and is listed in /v1/position-rejections; an opened position is replayed for its key with no time limit.
         *
         *     **Rate limit:** tier `positions`, 4,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["positions.open"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a position
         * @description **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["positions.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a position
         * @description Sells the shares back to the market maker; proceeds are rounded down to the cent. With a session token the close sends position.closed (once). A closed, settled or voided position is 409 position_terminal.
         *
         *     **Rate limit:** tier `positions`, 4,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["positions.close"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions/{id}/close-quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a close
         * @description What a close would pay now. Changes nothing: no body, no Idempotency-Key.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["positions.closeQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote an open
         * @description The price an open of this stake would pay now (stake / shares: what max_price is held against) and the shares it would buy. The market maker moves the price as a stake buys, so this is above the outcome's price for any sizable stake. Changes nothing: no Idempotency-Key. An addition to the contract, for tickets such as the widget's; stake caps and the balance are judged by the open itself.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["positions.quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reconciliation/discrepancies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant environment's reconciliation discrepancies, oldest first
         * @description Each balance-sync request whose resulting_balance (or, for a would_overdraw refusal without one, the ledger balance minus the refused debit) disagreed with the ledger, reported once by the run that found it, with the same fields as the reconciliation.discrepancy event plus the Idempotency-Key of the request and when it was found. Runs happen daily at 02:00Z.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["reconciliation.listDiscrepancies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant environment's report jobs, oldest first
         * @description **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["reports.list"];
        put?: never;
        /**
         * Request a report
         * @description Answers 202 with the job, `generating`; a background job writes the artifact, then the job is `ready` (or `failed`) and `report.ready` is sent. Rows: `transactions` created and `positions` opened in [from, to) (without `to`: everything committed when generation starts), `balances` every user at generation time (no from or to). At most 3 reports generate at once per tenant environment: a fourth is 409 `report_limit_reached` and its Idempotency-Key is not spent. The answer is replayed for its key with no time limit, byte for byte (status `generating` as first answered: poll the job for its state).
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["reports.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a report job
         * @description **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["reports.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a report's artifact
         * @description The artifact in the format asked for, until `expires_at`; then 410 `report_expired` (the job stays readable: request a new report). CSV: RFC 4180, a header row of the field names, CRLF line ends. JSON: `{"report_id","report_type","generated_at","rows":[…]}`. Rows are the items of the matching list endpoints. Sent gzip-encoded to a client that accepts it (`Accept-Encoding: gzip`), plain otherwise. A report still generating or failed is 409 `state_conflict` (`details.status`).
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["reports.download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This tenant's sandbox test markets
         * @description Sandbox only (the live listener answers 404 not_found). Every status, ordered by slug, a page at a time.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["sandboxMarkets.list"];
        put?: never;
        /**
         * Create a sandbox test market
         * @description Sandbox only: the live listener answers 404 not_found. Takes an API key with write:positions and an Idempotency-Key; the answer is replayed byte for byte for the key, with no time limit. Creates a market for this tenant alone: open now for 90 days, equal prices, at most 1,000.00 per position and 10,000.00 open per user, with its own market maker (trading on it never moves a shared market's price). It shows in this tenant's sandbox feed, widget and stream like any enabled market and nowhere else: not to other tenants, not in live. Its slug starts with sandbox- and is chosen by the service. At most 50 per tenant: the next is 409 state_conflict.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["sandboxMarkets.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/markets/{slug}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Correct the outcome of a sandbox test market
         * @description Sandbox only: the live listener answers 404 not_found. Takes an API key with write:positions and an Idempotency-Key; the answer is replayed byte for byte for the key, with no time limit. As the platform correction: from resolved to resolved with another outcome (settlement correction), from voided to resolved or resolved to voided (void correction); anything else is 409 state_conflict. It runs the platform settlement: ledger lines, position and market events, and their webhooks to this tenant's sandbox. A market that is not one of this tenant's test markets (another tenant's, a shared one, none) is 404 not_found; a change its state does not allow is 409 state_conflict.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["sandboxMarkets.correct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/markets/{slug}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a sandbox test market
         * @description Sandbox only: the live listener answers 404 not_found. Takes an API key with write:positions and an Idempotency-Key; the answer is replayed byte for byte for the key, with no time limit. Resolves an open or suspended test market to outcome_id: winners are paid, the others settle as losses. It runs the platform settlement: ledger lines, position and market events, and their webhooks to this tenant's sandbox. A market that is not one of this tenant's test markets (another tenant's, a shared one, none) is 404 not_found; a change its state does not allow is 409 state_conflict.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["sandboxMarkets.resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/markets/{slug}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a sandbox test market
         * @description Sandbox only: the live listener answers 404 not_found. Takes an API key with write:positions and an Idempotency-Key; the answer is replayed byte for byte for the key, with no time limit. Voids an open or suspended test market: every open position is refunded its stake. It runs the platform settlement: ledger lines, position and market events, and their webhooks to this tenant's sandbox. A market that is not one of this tenant's test markets (another tenant's, a shared one, none) is 404 not_found; a change its state does not allow is 409 state_conflict.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["sandboxMarkets.void"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/support-tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant environment's support tickets, oldest first
         * @description **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["supportTickets.list"];
        put?: never;
        /**
         * Open a support ticket
         * @description subject 1–200 characters, body 1–10,000 (line breaks kept), request_id optional; no control characters and no bidirectional controls (U+202A–U+202E, U+2066–U+2069) in any of them. The answer is replayed for its Idempotency-Key with no time limit. Raises of the tenant rate limits (balance_sync, positions, default) are asked here.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["supportTickets.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/support-tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a support ticket with its messages
         * @description **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["supportTickets.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description The tenant and environment of the API key this request carries, the key itself (id, scopes, expiry, last use; never the key), and the rate limits that apply to the tenant. Any API key, whatever its scopes; a widget session token is 401 `invalid_api_key`.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["tenant.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read this environment's webhook URL and allowed origins
         * @description The settings of the environment of the API key (a sandbox key reads the sandbox only), and whether a webhook secret is set; the secret itself is never shown again after its rotation.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["tenant.retrieveSettings"];
        /**
         * Change this environment's webhook URL and allowed origins
         * @description Changes the fields sent and keeps the others; answers the settings after the change. The platform's rules: `webhook_url` https to a public host, without user:password@ (null stops delivery; plain http and loopback, private or link-local hosts only where the service runs with ALLOW_INSECURE_WEBHOOKS=1); `allowed_origins` a list of origins (scheme, lower-case host, port only when not the default, no path), each once, at most 100, replacing the list. Naturally idempotent: no Idempotency-Key.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        put: operations["tenant.updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tenant/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the webhook secret
         * @description A new webhook secret for this environment, shown in this answer only (it is never stored as an answer and no Idempotency-Key is taken: each call is a new rotation). The old secret stops at once: every delivery attempt from now on, retries of older events included, is signed with the new one.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["tenant.rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ledger transactions
         * @description Oldest first. The sum of amount over a user's transactions equals its balance.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["transactions.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{external_user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user and its virtual balance
         * @description **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["users.retrieve"];
        /**
         * Register a user or set its status
         * @description Naturally idempotent; takes no Idempotency-Key. 201 when created, 200 when updated.
         *
         *     **Rate limit:** tier `user_sync`, 3,000 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        put: operations["users.upsert"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{external_user_id}/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A player's stake limits, what is used and left, and their break
         * @description With the API key, any user of the environment; with a widget session token, only its own user (another user's limits are 404 not_found).
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["users.retrieveLimits"];
        /**
         * Set a player's stake limits or break
         * @description Limits a player sets through you (docs/guides/player-limits.md): stake limits over the last 24 hours, 7 days and 30 days, and a break. A new or lower limit and a break apply at once; a raise or a removal takes effect 24 hours later (pending); a break can be extended, never shortened or ended early. Fields left out stay as they are. Naturally idempotent; takes no Idempotency-Key.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        put: operations["users.updateLimits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session's own user and its balance
         * @description With a widget session token: the session's user. With the API key this is the user read of the user whose external_user_id is "me". Tier users_me.
         *
         *     **Rate limit:** tier `users_me`, 4,500 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["users.retrieveMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends an event of the chosen type to the webhook_url of this environment, with the sample data of that event in the reference and `"test": true` added to its `data`: signed with the current secret and delivered like every event (retries, dead letters, the portal's delivery list, GET /v1/events). Answers 202 with the delivery id before it is sent. 409 `state_conflict` while no webhook_url or no webhook secret is set (the key is not spent). The answer is replayed for its Idempotency-Key for 90 days, with no second delivery.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["webhooks.sendTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant environment's widget settings
         * @description Theme tokens, scheme, enabled locales and the default locale, as the platform team set them; without settings {"theme":{},"scheme":null,"locales":["en"],"default_locale":"en"}. A mount() theme or scheme wins over these, and these over the widget defaults.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["widget.retrieveConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/error-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a widget error (browser beacon)
         * @description Best effort: no Idempotency-Key, and a beacon sent twice is stored twice. At most 16 KiB; code is one of the widget-only states, which the API never answers. The platform team lists them; reports are kept 30 days. A tenant environment stores at most 10,000 reports per UTC day: past that, 429 rate_limited with Retry-After up to the next 00:00 UTC and details {"limit","resets_at"}, and nothing is stored.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["widget.reportError"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The leaderboard of the tenant environment
         * @description Users who chose to be shown, by realised profit of the positions that ended (closed, settled, voided) in the period: payout minus stake, summed. Periods start at 00:00Z today, Monday 00:00Z, the 1st 00:00Z; all has no start. Ties share a rank (1, 2, 2, 4) and are listed by display name.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["widget.leaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session user's widget profile
         * @description Defaults until one is set: {"display_name":null,"show_on_leaderboard":false}.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["widget.retrieveProfile"];
        /**
         * Set the session user's widget profile
         * @description Both fields, the whole profile; naturally idempotent, no Idempotency-Key. A display name another user of the tenant environment holds, in any case, is 409 state_conflict; being shown needs a display name.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        put: operations["widget.updateProfile"];
        post?: never;
        /**
         * Reset the session user's widget profile
         * @description Back to the defaults: the display name is freed and the user leaves the leaderboard.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        delete: operations["widget.deleteProfile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/saved-markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session user's saved markets
         * @description **Rate limit:** tier `saved_markets`, 5,400 requests a minute per tenant environment, 20 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["widget.listSavedMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/saved-markets/{market_slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save a market
         * @description Saving a saved market answers 200 with its first saved_at. At most 50 per user: one more is 409 saved_markets_limit_reached. A market not enabled for the tenant is 404 not_found.
         *
         *     **Rate limit:** tier `saved_markets`, 5,400 requests a minute per tenant environment, 20 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        put: operations["widget.saveMarket"];
        post?: never;
        /**
         * Remove a saved market
         * @description 204 also when the market was not saved.
         *
         *     **Rate limit:** tier `saved_markets`, 5,400 requests a minute per tenant environment, 20 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        delete: operations["widget.unsaveMarket"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a widget session token for a user
         * @description Call from your server only, never from a browser: it takes the API key and gets no CORS allowance. The user must be registered in the key's environment (404 unknown_user otherwise); a blocked user still gets a session, which can read but cannot open or close positions. The token lives 15 minutes (in the sandbox, ttl_seconds of 60 to 900 makes every token of the session live that long instead, to see refresh and expiry without waiting; live refuses the field with 400 validation_failed); refreshes carry it on until an absolute cap 24 hours after this mint. A suspension of the tenant ends every session minted before it, also once the tenant is reactivated (401 invalid_session_token). Takes no Idempotency-Key: minting changes nothing, so a retry simply mints another token.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["widgetSessions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/sessions/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh a widget session token
         * @description The current session token is the only credential: Authorization: Bearer `<token>` (an API key here is 401 invalid_session_token). No body and no Idempotency-Key. Answers a new token for the same user that expires 15 minutes from now (a short sandbox session's ttl_seconds) or at the session's 24-hour cap, whichever comes first. An expired, capped, forged or other-environment token, a suspended tenant, a token issued before the tenant's latest suspension (also once it is reactivated: a suspension ends every session for good) or a user that no longer exists all give 401 invalid_session_token; the host then mints a new session.
         *
         *     **Rate limit:** tier `widget_session`, 13,500 requests a minute per tenant environment, 10 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        post: operations["widgetSessions.refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/widget/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Realtime prices, balance and positions (server-sent events)
         * @description Server-sent events for the session's user and up to 20 markets. Read it with fetch (the session token goes in the Authorization header, which EventSource cannot send). `event: prices` carries exactly the body of GET /v1/markets/{slug}/snapshot, on every price or status change of a listed market; `event: balance` carries {"balance"} on every change of the balance; `event: position` carries exactly the body of GET /v1/positions/{id} on every change of one of the user's positions. Events carry current state, so one may come twice; none is skipped. Every event has an `id:`. A fresh stream starts with the comment `: fresh`, the prices of every listed market and the balance. Reconnecting with the header Last-Event-ID (the last id received) resumes without gaps: the stream starts with `: resumed` and sends the current state of each thing that changed since, for 15 minutes back (at least 5 are promised); an id that is malformed or older starts afresh. A `: ping` comment comes every 15 s. The stream ends when the session token expires (reconnect with the refreshed token), and within 1 s of a suspension of the tenant (a reconnect then gets 403 tenant_suspended, or 401 invalid_session_token once the tenant is reactivated: a suspension ends every session issued before it). Bounds: a user holds at most 5 streams on one process (a further one ends the oldest), and a stream whose reader leaves more than 256 KiB unread is closed (reconnect with Last-Event-ID). While the stream is down, poll the snapshot and GET /v1/users/me. Rate tier default; a connection counts once.
         *
         *     **Rate limit:** tier `default`, 600 requests a minute per tenant environment, 60 per end user with a session token; over it, 429 `rate_limited` with `Retry-After` ([rate limits](/docs/guides/rate-limits)).
         */
        get: operations["widget.stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "market.resolution_corrected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * market.resolution_corrected
         * @description A resolved market's outcome was corrected.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_market_resolution_corrected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "market.resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * market.resolved
         * @description A market enabled for the tenant resolved.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_market_resolved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "market.void_corrected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * market.void_corrected
         * @description A market moved from voided to resolved, or from resolved to voided.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_market_void_corrected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "market.voided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * market.voided
         * @description A market enabled for the tenant was voided.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_market_voided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.filled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.filled
         * @description The engine filled a limit order by opening a position.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_order_filled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "position.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * position.closed
         * @description A widget session closed a position (an API-key close sends nothing).
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_position_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "position.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * position.opened
         * @description A widget session opened a position (an API-key open sends nothing).
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_position_opened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "position.settled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * position.settled
         * @description A position reached settled_win or settled_loss when its market resolved.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_position_settled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "position.settlement_corrected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * position.settlement_corrected
         * @description A correction moved a position between settled_win and settled_loss.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_position_settlement_corrected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "position.void_corrected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * position.void_corrected
         * @description A correction moved a position from voided to settled, or from settled to voided.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_position_void_corrected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "position.voided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * position.voided
         * @description A position was refunded because its market was voided.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_position_voided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reconciliation.discrepancy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * reconciliation.discrepancy
         * @description Reconciliation found the ledger's balance and the operator's last reported one apart.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_reconciliation_discrepancy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "report.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * report.ready
         * @description A report job reached ready.
         *
         *     Delivered at least once, in no particular order, as an HTTPS POST to the webhook_url. Verify X-Webhook-Signature-V2 (or X-Webhook-Signature) over the raw body bytes in constant time before anything else. Answer 2xx once recorded; anything else is retried for about 7 h 45 min, then dead-lettered. Each attempt waits at most 5 s for the answer, and at most 4 deliveries of an environment are in flight at once; another operator's slow or failing receiver delays yours by one attempt's timeout at most. Answer 2xx to an event type you do not know, and ignore unknown fields.
         */
        post: operations["webhook_report_ready"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Every error answer has this body. [Errors and retries](/docs/guides/errors) explains how to act on each.
         *
         *     | Status | Code | Meaning | Retry | What to do |
         *     |---|---|---|---|---|
         *     | 400 | validation_failed | Malformed body or query; on position routes also an unknown market or outcome, a market not open or outside its trading window; an amount sent as a number. | no: fix first | Fix the field that error.details.issues names (amounts are decimal strings) and send the corrected request. A close with error.details.reason "proceeds_too_small" has nothing to fix: the shares are worth less than 0.01; the position settles when the market ends. |
         *     | 400 | idempotency_key_required | A write request came without an Idempotency-Key header. | no: fix first | Add an Idempotency-Key header made from your own record's id and send the request again. |
         *     | 401 | invalid_api_key | API key unknown, revoked or expired, or from the other environment. | no: fix first | Check that the key belongs to the environment you call (sandbox or live) and is not revoked; issue or rotate a key if it is lost. |
         *     | 401 | invalid_session_token | Session token missing, malformed, expired or revoked. | same key | Refresh the session and send the original request again with the same key; if the refresh is refused too, mint a new session. |
         *     | 403 | insufficient_scope | The key lacks the scope of the endpoint. | no: fix first | Call the endpoint with a key that has its scope (the reference names it), or issue such a key. |
         *     | 403 | tenant_suspended | The tenant is suspended. | no: fix first | Contact the platform: a suspension is contractual and no request succeeds until it is lifted. |
         *     | 403 | user_blocked | The user is blocked (open, close, limit order). | no: fix first | Set the user active with PUT /v1/users/{external_user_id} if the block is over; otherwise tell the user trading is unavailable. |
         *     | 403 | user_excluded | The player is on a break they set through the operator (opens and order placements); details.excluded_until says until when. | no: fix first | Tell the player the break runs until error.details.excluded_until; closing positions and withdrawing still work. A break cannot be shortened. |
         *     | 404 | not_found | The resource or route does not exist. | no: fix first | Check the id or slug and the environment: sandbox and live resources are invisible to each other. |
         *     | 404 | unknown_user | external_user_id is not registered; the idempotency key is not spent. | no: fix first | Register the user with PUT /v1/users/{external_user_id}, then send the request again; its key was not spent. |
         *     | 409 | would_overdraw | The debit would take the balance below zero; nothing applied. | new key, after the fix | Reconcile the balance (GET the user) and, once funds arrived or the amount is lowered, send the debit under a new key: the refusal is stored for the old one. |
         *     | 409 | position_terminal | Close or close quote of a position already settled, voided or closed. | no: fix first | Read the position: it has already ended and there is nothing to close. |
         *     | 409 | price_moved | Price above max_price (open) or below min_price (close); nothing applied. | no: fix first | Quote again, let the user confirm the new price, and send a new request with the new max_price or min_price and a new key. |
         *     | 409 | market_suspended | The market is suspended. | same key | Wait for the market to reopen (market feed or lifecycle webhooks), then send the same request with the same key. |
         *     | 409 | stake_limit_exceeded | Stake above the per-position cap or the per-user total cap; details.remaining says what still fits. | no: fix first | Lower the stake to error.details.remaining or less and send that as a new request. |
         *     | 409 | user_limit_reached | The stake would pass a stake limit the player set (opens and order placements); details name the limit with the least left, what still fits and when more frees. | no: fix first | Offer the player error.details.remaining or less as a new request, or tell them more frees at error.details.resets_at. |
         *     | 409 | sandbox_limit_reached | A sandbox open or limit-order fill on a shared market would move the live price more than the market's sandbox_influence allows, or the sandbox environment has bought and sold its shares of the market for the last 24 hours; details.remaining says what still fits. Live trades never get it. | no: fix first | Lower the stake to error.details.remaining or less and send that as a new request, or test large stakes on a sandbox test market (POST /v1/sandbox/markets). |
         *     | 409 | state_conflict | The resource is not in a state that allows the request. | no: fix first | Read the resource and act on the state it is in (an order already filled, expired or rejected cannot be cancelled). |
         *     | 409 | report_limit_reached | The tenant already has the maximum of report jobs generating. | same key | Wait until one of your reports is ready (poll GET /v1/reports/{id}; there is no Retry-After), then send the same request with the same key. |
         *     | 410 | report_expired | The report artifact is past its expires_at and is gone; the job stays readable. Request a new report. | no: fix first | Request a new report with a new key and download it before its expires_at. |
         *     | 409 | saved_markets_limit_reached | The user already has the maximum of saved markets. | no: fix first | Let the user remove a saved market first; the save succeeds then. |
         *     | 409 | idempotency_key_in_progress | An earlier request with the same key is still processing; retry after Retry-After with the same key and body. | same key | Wait Retry-After seconds and send the same body with the same key; a new key could apply the write twice. |
         *     | 413 | request_too_large | The body is above the size limit of the route. | no: fix first | Shrink the body or split it (a balance-sync batch takes at most 500 items). |
         *     | 422 | idempotency_key_reused | The key was used before with a different body; nothing applied. | no: fix first | Fix the client: a retry sends the byte-identical body of the first request; a different intent needs its own key. |
         *     | 429 | rate_limited | A tenant or end-user limit of the route is exceeded; retry after Retry-After. | same key | Wait Retry-After seconds and send the same request with the same key; retrying sooner keeps the limit active. |
         *     | 500 | internal_error | Unexpected failure; safe to retry with the same key on idempotent writes. | same key | Send the same request with the same key after a backoff (a write that did apply replays its answer); if it persists, report the request_id. |
         *     | 503 | sync_paused | Balance sync is paused by a kill switch. | same key | Queue the movement and send it again with the same key after a backoff; nothing was recorded. |
         *     | 503 | positions_paused | Opening of positions is paused. | same key | Tell the user opening is paused and send again with the same key after a backoff; closes still work. |
         *     | 503 | feed_paused | Market feed reads are paused. | same key | Keep showing the last data you read and read again after a backoff. |
         *     | 503 | widget_paused | Widget session mint, refresh and config reads are paused. | same key | Hide or grey out the widget and mint or refresh again after a backoff. |
         *     | 503 | market_not_ready | Market state is rebuilding after a restart; retry after Retry-After. | same key | Wait Retry-After seconds and send the same request with the same key. |
         */
        ErrorEnvelope: {
            details: {
                [key: string]: unknown;
            } | null;
            /**
             * @description The code; clients branch on it.
             * @enum {string}
             */
            error: "validation_failed" | "idempotency_key_required" | "invalid_api_key" | "invalid_session_token" | "insufficient_scope" | "tenant_suspended" | "user_blocked" | "user_excluded" | "not_found" | "unknown_user" | "would_overdraw" | "position_terminal" | "price_moved" | "market_suspended" | "stake_limit_exceeded" | "user_limit_reached" | "sandbox_limit_reached" | "state_conflict" | "report_limit_reached" | "report_expired" | "saved_markets_limit_reached" | "idempotency_key_in_progress" | "request_too_large" | "idempotency_key_reused" | "rate_limited" | "internal_error" | "sync_paused" | "positions_paused" | "feed_paused" | "widget_paused" | "market_not_ready";
            /** @description Human text; never branch on it. */
            message: string;
            /** @description Also in the X-Request-Id header. */
            request_id: string;
            /** @description Opaque; quote it with request_id to support. */
            source: string;
            /** @description RFC 3339 UTC. */
            ts: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "balanceSync.create": {
        parameters: {
            query?: never;
            header: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description One balance movement. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "external_user_id": "user-4711",
                 *       "direction": "credit",
                 *       "amount": "100.00"
                 *     }
                 */
                "application/json": {
                    /** @description Always positive; direction carries the sign. Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. */
                    amount: string;
                    /**
                     * @description credit adds to the balance, debit takes from it.
                     * @enum {string}
                     */
                    direction: "credit" | "debit";
                    /** @description The operator's id of a registered user. */
                    external_user_id: string;
                    /** @description The user's balance on the operator's side after this movement; the basis of reconciliation. */
                    resulting_balance?: string;
                };
            };
        };
        responses: {
            /** @description The movement applied: its ledger transaction and the virtual balance after it. The same key and body answer these bytes again. */
            200: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "transaction_id": "cdd1afd0-d9cc-4a2c-a864-35d31d145b6a",
                     *       "balance": "100.00"
                     *     }
                     */
                    "application/json": {
                        /** @description The virtual balance after the movement, two decimals. */
                        balance: string;
                        /**
                         * Format: uuid
                         * @description The ledger transaction the movement posted.
                         */
                        transaction_id: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, would_overdraw */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sync_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "balanceSync.createBatch": {
        parameters: {
            query?: never;
            header: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "external_user_id": "user-4711",
                 *           "direction": "credit",
                 *           "amount": "100.00",
                 *           "idempotency_key": "key-28455-1795633357283-1"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 500 movements, each shaped like BatchItem below. */
                    items: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per item, in item order: the status and body that item would have had as a single request. */
            200: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "status": 200,
                     *           "body": {
                     *             "transaction_id": "9e3a20e8-9d7e-4600-918d-5f897f2be694",
                     *             "balance": "200.00"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description One result per item, in item order. */
                        results: {
                            /** @description Its body: a BalanceSyncResult or an error envelope. */
                            body: unknown;
                            /** @description The HTTP status the single request would have had. */
                            status: number;
                        }[];
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sync_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "changelog.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contract's changes, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "date": "2026-11-23",
                     *           "change": "Balance sync (single and batch items): the key of a request that died mid-way is free at once instead of after up to 30 seconds of idempotency_key_in_progress; a request under a key still being processed gets 409 idempotency_key_in_progress whatever its body (422 idempotency_key_reused once the first has finished)."
                     *         },
                     *         {
                     *           "date": "2026-11-23",
                     *           "change": "Reconciliation: GET /v1/reconciliation/discrepancies (scope read:reports); event reconciliation.discrepancy, once per balance-sync request found to disagree with the ledger; runs daily at 02:00Z."
                     *         },
                     *         {
                     *           "date": "2026-11-23",
                     *           "change": "Reports: POST /v1/reports (202 the job), GET /v1/reports, GET /v1/reports/{id}, GET /v1/reports/{id}/download; error code report_expired (410); event report.ready. Scope read:reports."
                     *         },
                     *         {
                     *           "date": "2026-11-22",
                     *           "change": "Support tickets: POST /v1/support-tickets, GET /v1/support-tickets, GET /v1/support-tickets/{id}. Scope write:tickets."
                     *         },
                     *         {
                     *           "date": "2026-11-22",
                     *           "change": "Widget back end: GET /v1/widget/config, GET /v1/users/me, GET/PUT/DELETE /v1/widget/profile, GET /v1/widget/leaderboard, GET /v1/widget/saved-markets and PUT/DELETE /v1/widget/saved-markets/{market_slug} (error code saved_markets_limit_reached), POST /v1/widget/error-reports, GET /v1/widget/stream; POST /v1/positions/quote (the price a stake would get, changing nothing)."
                     *         },
                     *         {
                     *           "date": "2026-10-07",
                     *           "change": "Error code idempotency_key_in_progress (409) on POST /v1/positions. Nothing applied and price not checked by the request that gets it. Retry-After is 1 second."
                     *         },
                     *         {
                     *           "date": "2026-10-06",
                     *           "change": "Events position.opened and position.closed for widget-session actions. Once per position."
                     *         },
                     *         {
                     *           "date": "2026-10-05",
                     *           "change": "Void corrections: events position.void_corrected and market.void_corrected. voided is no longer final for a refunded position. correction_shortfall_credit rules apply."
                     *         },
                     *         {
                     *           "date": "2026-10-04",
                     *           "change": "Settlement corrections: entry_type set declared open; new entry_type correction_shortfall_credit (filterable with ?entry_type=correction_shortfall_credit); events position.settlement_corrected and market.resolution_corrected. settled_win and settled_loss are no longer final."
                     *         },
                     *         {
                     *           "date": "2026-09-26",
                     *           "change": "Initial /v1 contract. Nothing deprecated."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        entries: {
                            change: string;
                            /** @description YYYY-MM-DD */
                            date: string;
                        }[];
                    };
                };
            };
        };
    };
    "events.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page; absent: from the first event. */
                after?: string;
                /** @description The same as after, the name every other list uses. */
                cursor?: string;
                /** @description At most 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, as the webhooks carry them, and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5c1d4480-f940-493f-812b-bb234257564f",
                     *           "event": "report.ready",
                     *           "occurred_at": "2026-06-01T12:00:00.000Z",
                     *           "data": {
                     *             "format": "json",
                     *             "report_id": "7cae1cc0-643a-4bda-889a-9ed27c0949c8",
                     *             "expires_at": "2026-06-02T12:00:00.000Z",
                     *             "report_type": "balances",
                     *             "download_path": "/v1/reports/7cae1cc0-643a-4bda-889a-9ed27c0949c8/download"
                     *           }
                     *         }
                     *       ],
                     *       "next_cursor": "ZTgyMS4x"
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description The event type's own fields, as its webhook documents them. */
                            data: {
                                [key: string]: unknown;
                            };
                            /** @description The event type; equals X-Webhook-Event. New types can appear without notice. */
                            event: string;
                            /**
                             * Format: uuid
                             * @description The delivery id: equals the X-Webhook-Delivery header of its webhook.
                             */
                            id: string;
                            /** @description When the reported state change committed (RFC 3339 UTC), never a send time. */
                            occurred_at: string;
                        }[];
                        /** @description Where to continue, also after the last page: keep it and ask again later for newer events. Null only while there is no event at all. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "markets.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description At most 500; default 50. */
                limit?: number;
                /** @description Only markets in this status. */
                status?: "open" | "suspended" | "resolved" | "voided";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the markets enabled for this tenant environment and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "slug": "world-cup-final",
                     *           "title": "Will the favourite win the final?",
                     *           "status": "open",
                     *           "opens_at": "2026-06-01T00:00:00.000Z",
                     *           "closes_at": "2026-06-30T00:00:00.000Z",
                     *           "resolved_outcome_id": null,
                     *           "resolved_at": null,
                     *           "rules": "Resolves Yes if the favourite leads at the end of regular time (90 minutes plus stoppage time); No otherwise.",
                     *           "resolution_source": "https://results.example.org/world-cup/final",
                     *           "volume": "0.00",
                     *           "outcomes": [
                     *             {
                     *               "id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *               "title": "Yes",
                     *               "price": "0.500000",
                     *               "change_24h": "0.000000"
                     *             },
                     *             {
                     *               "id": "b53f50b0-69b5-4475-81c5-128fa6605811",
                     *               "title": "No",
                     *               "price": "0.500000",
                     *               "change_24h": "0.000000"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            closes_at: string;
                            opens_at: string;
                            /** @description In display order; prices need not sum to exactly 1 after rounding. */
                            outcomes: {
                                /** @description The price minus the price 24 hours ago (or, for a market younger than that, minus its price at open): a signed decimal string with six decimals, for example "0.012345", "-0.030000" or "0.000000". */
                                change_24h: string;
                                /** Format: uuid */
                                id: string;
                                /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                                price: string;
                                title: string;
                            }[];
                            /** @description Where the result comes from, as the platform wrote it: text, or an https URL when it starts with "https://"; null: not given. */
                            resolution_source: string | null;
                            /** @description When the market got its ending, RFC 3339 UTC: set when it is resolved or voided (status tells which), moved by a correction; null while open or suspended. */
                            resolved_at: string | null;
                            /** @description Set when resolved. */
                            resolved_outcome_id: string | null;
                            /** @description What resolves the market and how, as the platform wrote it (plain text, one line); null: not given. */
                            rules: string | null;
                            slug: string;
                            /** @enum {string} */
                            status: "open" | "suspended" | "resolved" | "voided";
                            title: string;
                            /** @description The stake opened on the market by your own tenant environment (this key's or session's, never another tenant's or environment's), all time: opens and limit-order fills count, a close gives nothing back; two decimals, for example "1250.00". */
                            volume: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description feed_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "markets.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The market with its outcomes and their current prices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "world-cup-final",
                     *       "title": "Will the favourite win the final?",
                     *       "status": "open",
                     *       "opens_at": "2026-06-01T00:00:00.000Z",
                     *       "closes_at": "2026-06-30T00:00:00.000Z",
                     *       "resolved_outcome_id": null,
                     *       "resolved_at": null,
                     *       "rules": "Resolves Yes if the favourite leads at the end of regular time (90 minutes plus stoppage time); No otherwise.",
                     *       "resolution_source": "https://results.example.org/world-cup/final",
                     *       "volume": "0.00",
                     *       "outcomes": [
                     *         {
                     *           "id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *           "title": "Yes",
                     *           "price": "0.500000",
                     *           "change_24h": "0.000000"
                     *         },
                     *         {
                     *           "id": "b53f50b0-69b5-4475-81c5-128fa6605811",
                     *           "title": "No",
                     *           "price": "0.500000",
                     *           "change_24h": "0.000000"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        closes_at: string;
                        opens_at: string;
                        /** @description In display order; prices need not sum to exactly 1 after rounding. */
                        outcomes: {
                            /** @description The price minus the price 24 hours ago (or, for a market younger than that, minus its price at open): a signed decimal string with six decimals, for example "0.012345", "-0.030000" or "0.000000". */
                            change_24h: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                            price: string;
                            title: string;
                        }[];
                        /** @description Where the result comes from, as the platform wrote it: text, or an https URL when it starts with "https://"; null: not given. */
                        resolution_source: string | null;
                        /** @description When the market got its ending, RFC 3339 UTC: set when it is resolved or voided (status tells which), moved by a correction; null while open or suspended. */
                        resolved_at: string | null;
                        /** @description Set when resolved. */
                        resolved_outcome_id: string | null;
                        /** @description What resolves the market and how, as the platform wrote it (plain text, one line); null: not given. */
                        rules: string | null;
                        slug: string;
                        /** @enum {string} */
                        status: "open" | "suspended" | "resolved" | "voided";
                        title: string;
                        /** @description The stake opened on the market by your own tenant environment (this key's or session's, never another tenant's or environment's), all time: opens and limit-order fills count, a close gives nothing back; two decimals, for example "1250.00". */
                        volume: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description feed_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "markets.exposure": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description For each outcome: the open positions, their stake, what they would pay and the net if it wins. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "market_slug": "world-cup-final",
                     *       "as_of": "2026-06-01T12:00:00.000Z",
                     *       "outcomes": [
                     *         {
                     *           "outcome_id": "8dbcbafc-1604-4aa9-ae1f-cec69a5a6a05",
                     *           "open_positions": 1,
                     *           "open_stake": "5.00",
                     *           "payout_if_wins": "9.76",
                     *           "net_if_wins": "4.76"
                     *         },
                     *         {
                     *           "outcome_id": "4b53944a-c940-439e-9aac-07507c7cb05b",
                     *           "open_positions": 0,
                     *           "open_stake": "0.00",
                     *           "payout_if_wins": "0.00",
                     *           "net_if_wins": "-5.00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description RFC 3339 UTC: when the open positions were summed. */
                        as_of: string;
                        market_slug: string;
                        /** @description Every outcome of the market, in its order. */
                        outcomes: {
                            /** @description payout_if_wins minus the open stake of the whole market: what you pay out beyond the stakes you hold if this outcome wins (negative: what you keep); two decimals. */
                            net_if_wins: string;
                            /** @description Open positions on this outcome, of every user of this environment. */
                            open_positions: number;
                            /** @description Their stakes summed; two decimals. */
                            open_stake: string;
                            /** Format: uuid */
                            outcome_id: string;
                            /** @description What they pay if this outcome wins: each position’s stake / price at open, rounded down to the cent, summed; two decimals. */
                            payout_if_wins: string;
                        }[];
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "markets.history": {
        parameters: {
            query?: {
                /** @description Inclusive; rounded down to its bucket. Default: to minus 24 hours (1m), 30 days (1h) or 365 days (1d). */
                from?: string;
                /** @description Bucket size, aligned to UTC (00:00Z for 1d). Default 1h. At most 1,500 buckets per request. */
                interval?: "1m" | "1h" | "1d";
                /** @description Exclusive. Default: now. */
                to?: string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The market's price history over the period asked for. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "market_slug": "world-cup-final",
                     *       "points": []
                     *     }
                     */
                    "application/json": {
                        market_slug: string;
                        /** @description One per bucket in which the price changed, oldest first: the last price of the bucket. */
                        points: {
                            outcomes: {
                                /** Format: uuid */
                                id: string;
                                /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                                price: string;
                            }[];
                            /** @description Start of the bucket. */
                            ts: string;
                        }[];
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description feed_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "markets.snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The market's current prices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "market_slug": "world-cup-final",
                     *       "ts": "2026-06-01T12:00:00.000Z",
                     *       "outcomes": [
                     *         {
                     *           "id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *           "price": "0.500000"
                     *         },
                     *         {
                     *           "id": "b53f50b0-69b5-4475-81c5-128fa6605811",
                     *           "price": "0.500000"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        market_slug: string;
                        outcomes: {
                            /** Format: uuid */
                            id: string;
                            /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                            price: string;
                        }[];
                        /** @description When the prices were read. */
                        ts: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description feed_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "orders.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id?: string;
                /** @description At most 500; default 50. */
                limit?: number;
                status?: "open" | "filled" | "expired" | "rejected" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of limit orders and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "95c974e4-0f50-4370-93c0-7833ca2cf28a",
                     *           "status": "open",
                     *           "external_user_id": "user-4711",
                     *           "market_slug": "world-cup-final",
                     *           "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *           "stake": "5.00",
                     *           "limit_price": "0.100000",
                     *           "fill_price": null,
                     *           "position_id": null,
                     *           "expires_at": null,
                     *           "created_at": "2026-06-01T12:00:00.000Z",
                     *           "reject_code": null
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            created_at: string;
                            expires_at: string | null;
                            external_user_id: string;
                            /** @description The price at open of the position the fill opened (at or below limit_price); null unless filled. */
                            fill_price: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description Six decimals. */
                            limit_price: string;
                            market_slug: string;
                            /** Format: uuid */
                            outcome_id: string;
                            /** @description The position the fill opened; null unless filled. */
                            position_id: string | null;
                            /** @description Why the fill was refused, as the error code an open would have had (would_overdraw, user_blocked, stake_limit_exceeded, validation_failed); null unless rejected. */
                            reject_code: string | null;
                            stake: string;
                            /**
                             * @description open, then filled, expired, rejected (a fill the open rules refused) or cancelled; those never change.
                             * @enum {string}
                             */
                            status: "open" | "filled" | "expired" | "rejected" | "cancelled";
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "orders.place": {
        parameters: {
            query?: never;
            header: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "market_slug": "world-cup-final",
                 *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                 *       "stake": "5.00",
                 *       "external_user_id": "user-4711",
                 *       "limit_price": "0.1"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description RFC 3339 UTC with a Z, in the future. From then on the order is expired. Absent: the order does not expire.
                     */
                    expires_at?: string;
                    /** @description Required with the API key; with a session token it is the session's user. */
                    external_user_id?: string;
                    /** @description The order fills when the price at open for its stake is at or below this price: above 0, at most 1, at most 6 decimals. */
                    limit_price: string;
                    /** @description 1 to 64 characters from a-z, 0-9 and "-". */
                    market_slug: string;
                    /**
                     * Format: uuid
                     * @description An outcome of the market.
                     */
                    outcome_id: string;
                    /** @description Amount debited when the order fills (nothing is debited at placement). Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. */
                    stake: string;
                };
            };
        };
        responses: {
            /** @description The placed limit order. */
            201: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "95c974e4-0f50-4370-93c0-7833ca2cf28a",
                     *       "status": "open",
                     *       "external_user_id": "user-4711",
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *       "stake": "5.00",
                     *       "limit_price": "0.100000",
                     *       "fill_price": null,
                     *       "position_id": null,
                     *       "expires_at": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z",
                     *       "reject_code": null
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        expires_at: string | null;
                        external_user_id: string;
                        /** @description The price at open of the position the fill opened (at or below limit_price); null unless filled. */
                        fill_price: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Six decimals. */
                        limit_price: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description The position the fill opened; null unless filled. */
                        position_id: string | null;
                        /** @description Why the fill was refused, as the error code an open would have had (would_overdraw, user_blocked, stake_limit_exceeded, validation_failed); null unless rejected. */
                        reject_code: string | null;
                        stake: string;
                        /**
                         * @description open, then filled, expired, rejected (a fill the open rules refused) or cancelled; those never change.
                         * @enum {string}
                         */
                        status: "open" | "filled" | "expired" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended, user_blocked, user_excluded */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, market_suspended, user_limit_reached */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description positions_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "orders.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The limit order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "95c974e4-0f50-4370-93c0-7833ca2cf28a",
                     *       "status": "open",
                     *       "external_user_id": "user-4711",
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *       "stake": "5.00",
                     *       "limit_price": "0.100000",
                     *       "fill_price": null,
                     *       "position_id": null,
                     *       "expires_at": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z",
                     *       "reject_code": null
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        expires_at: string | null;
                        external_user_id: string;
                        /** @description The price at open of the position the fill opened (at or below limit_price); null unless filled. */
                        fill_price: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Six decimals. */
                        limit_price: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description The position the fill opened; null unless filled. */
                        position_id: string | null;
                        /** @description Why the fill was refused, as the error code an open would have had (would_overdraw, user_blocked, stake_limit_exceeded, validation_failed); null unless rejected. */
                        reject_code: string | null;
                        stake: string;
                        /**
                         * @description open, then filled, expired, rejected (a fill the open rules refused) or cancelled; those never change.
                         * @enum {string}
                         */
                        status: "open" | "filled" | "expired" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "orders.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order as it is after the cancel. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "95c974e4-0f50-4370-93c0-7833ca2cf28a",
                     *       "status": "cancelled",
                     *       "external_user_id": "user-4711",
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *       "stake": "5.00",
                     *       "limit_price": "0.100000",
                     *       "fill_price": null,
                     *       "position_id": null,
                     *       "expires_at": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z",
                     *       "reject_code": null
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        expires_at: string | null;
                        external_user_id: string;
                        /** @description The price at open of the position the fill opened (at or below limit_price); null unless filled. */
                        fill_price: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Six decimals. */
                        limit_price: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description The position the fill opened; null unless filled. */
                        position_id: string | null;
                        /** @description Why the fill was refused, as the error code an open would have had (would_overdraw, user_blocked, stake_limit_exceeded, validation_failed); null unless rejected. */
                        reject_code: string | null;
                        stake: string;
                        /**
                         * @description open, then filled, expired, rejected (a fill the open rules refused) or cancelled; those never change.
                         * @enum {string}
                         */
                        status: "open" | "filled" | "expired" | "rejected" | "cancelled";
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description state_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positionRejections.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id?: string;
                /** @description At most 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refused open and close attempts and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            action: "open" | "close";
                            created_at: string;
                            /** @description The error code the attempt got. */
                            error: string;
                            external_user_id: string;
                            /** Format: uuid */
                            id: string;
                            position_id: string | null;
                            /** @description The request's fields. */
                            request: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positions.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id?: string;
                /** @description At most 500; default 50. */
                limit?: number;
                /** @description 1 to 64 characters from a-z, 0-9 and "-". */
                market_slug?: string;
                state?: "open" | "closed" | "settled_win" | "settled_loss" | "voided";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of positions and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "11414749-853e-47d5-a144-cfda8caa5ecf",
                     *           "external_user_id": "user-4711",
                     *           "market_slug": "world-cup-final",
                     *           "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *           "state": "closed",
                     *           "stake": "5.00",
                     *           "shares": "9.76185976",
                     *           "price": "0.512198",
                     *           "payout": "4.99",
                     *           "close_price": "0.511173",
                     *           "open_transaction_id": "8501810d-b856-46dd-9472-9bdb1c3f29eb",
                     *           "settlement_transaction_id": "9ea06fc0-766b-42aa-a64a-776d9df2a61e",
                     *           "opened_at": "2026-06-01T12:00:00.000Z",
                     *           "closed_at": "2026-06-01T12:00:00.000Z",
                     *           "settled_at": null
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description Proceeds / shares, 6 decimals; null unless closed. */
                            close_price: string | null;
                            closed_at: string | null;
                            external_user_id: string;
                            /** Format: uuid */
                            id: string;
                            market_slug: string;
                            /** Format: uuid */
                            open_transaction_id: string;
                            opened_at: string;
                            /** Format: uuid */
                            outcome_id: string;
                            /** @description Close proceeds, settlement payout or refund; null until there is one. */
                            payout: string | null;
                            /** @description Price at open: stake / shares rounded up to 6 decimals. */
                            price: string;
                            settled_at: string | null;
                            settlement_transaction_id: string | null;
                            /** @description Shares the market maker gave for the stake, 8 decimals. */
                            shares: string;
                            stake: string;
                            /** @enum {string} */
                            state: "open" | "closed" | "settled_win" | "settled_loss" | "voided";
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positions.open": {
        parameters: {
            query?: never;
            header: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "market_slug": "world-cup-final",
                 *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                 *       "stake": "5.00",
                 *       "external_user_id": "user-4711",
                 *       "max_price": "1"
                 *     }
                 */
                "application/json": {
                    /** @description Required with the API key; with a session token it is the session's user. */
                    external_user_id?: string;
                    /** @description 1 to 64 characters from a-z, 0-9 and "-". */
                    market_slug: string;
                    /** @description The open fails with 409 price_moved when the price at open would be above it. */
                    max_price: string;
                    /**
                     * Format: uuid
                     * @description An outcome of the market.
                     */
                    outcome_id: string;
                    /** @description Amount debited at open. Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. */
                    stake: string;
                };
            };
        };
        responses: {
            /** @description The opened position. */
            201: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "11414749-853e-47d5-a144-cfda8caa5ecf",
                     *       "external_user_id": "user-4711",
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *       "state": "open",
                     *       "stake": "5.00",
                     *       "shares": "9.76185976",
                     *       "price": "0.512198",
                     *       "payout": null,
                     *       "close_price": null,
                     *       "open_transaction_id": "8501810d-b856-46dd-9472-9bdb1c3f29eb",
                     *       "settlement_transaction_id": null,
                     *       "opened_at": "2026-06-01T12:00:00.000Z",
                     *       "closed_at": null,
                     *       "settled_at": null
                     *     }
                     */
                    "application/json": {
                        /** @description Proceeds / shares, 6 decimals; null unless closed. */
                        close_price: string | null;
                        closed_at: string | null;
                        external_user_id: string;
                        /** Format: uuid */
                        id: string;
                        market_slug: string;
                        /** Format: uuid */
                        open_transaction_id: string;
                        opened_at: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description Close proceeds, settlement payout or refund; null until there is one. */
                        payout: string | null;
                        /** @description Price at open: stake / shares rounded up to 6 decimals. */
                        price: string;
                        settled_at: string | null;
                        settlement_transaction_id: string | null;
                        /** @description Shares the market maker gave for the stake, 8 decimals. */
                        shares: string;
                        stake: string;
                        /** @enum {string} */
                        state: "open" | "closed" | "settled_win" | "settled_loss" | "voided";
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended, user_blocked, user_excluded */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, market_suspended, price_moved, would_overdraw, stake_limit_exceeded, user_limit_reached, sandbox_limit_reached */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description positions_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positions.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The position. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "11414749-853e-47d5-a144-cfda8caa5ecf",
                     *       "external_user_id": "user-4711",
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *       "state": "open",
                     *       "stake": "5.00",
                     *       "shares": "9.76185976",
                     *       "price": "0.512198",
                     *       "payout": null,
                     *       "close_price": null,
                     *       "open_transaction_id": "8501810d-b856-46dd-9472-9bdb1c3f29eb",
                     *       "settlement_transaction_id": null,
                     *       "opened_at": "2026-06-01T12:00:00.000Z",
                     *       "closed_at": null,
                     *       "settled_at": null
                     *     }
                     */
                    "application/json": {
                        /** @description Proceeds / shares, 6 decimals; null unless closed. */
                        close_price: string | null;
                        closed_at: string | null;
                        external_user_id: string;
                        /** Format: uuid */
                        id: string;
                        market_slug: string;
                        /** Format: uuid */
                        open_transaction_id: string;
                        opened_at: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description Close proceeds, settlement payout or refund; null until there is one. */
                        payout: string | null;
                        /** @description Price at open: stake / shares rounded up to 6 decimals. */
                        price: string;
                        settled_at: string | null;
                        settlement_transaction_id: string | null;
                        /** @description Shares the market maker gave for the stake, 8 decimals. */
                        shares: string;
                        stake: string;
                        /** @enum {string} */
                        state: "open" | "closed" | "settled_win" | "settled_loss" | "voided";
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positions.close": {
        parameters: {
            query?: never;
            header: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "min_price": "0"
                 *     }
                 */
                "application/json": {
                    /** @description The close fails with 409 price_moved when the close price would be below it. */
                    min_price: string;
                };
            };
        };
        responses: {
            /** @description The closed position with what the close paid. */
            200: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "11414749-853e-47d5-a144-cfda8caa5ecf",
                     *       "external_user_id": "user-4711",
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "d184509e-2394-46c5-84b6-c084685b34b0",
                     *       "state": "closed",
                     *       "stake": "5.00",
                     *       "shares": "9.76185976",
                     *       "price": "0.512198",
                     *       "payout": "4.99",
                     *       "close_price": "0.511173",
                     *       "open_transaction_id": "8501810d-b856-46dd-9472-9bdb1c3f29eb",
                     *       "settlement_transaction_id": "9ea06fc0-766b-42aa-a64a-776d9df2a61e",
                     *       "opened_at": "2026-06-01T12:00:00.000Z",
                     *       "closed_at": "2026-06-01T12:00:00.000Z",
                     *       "settled_at": null
                     *     }
                     */
                    "application/json": {
                        /** @description Proceeds / shares, 6 decimals; null unless closed. */
                        close_price: string | null;
                        closed_at: string | null;
                        external_user_id: string;
                        /** Format: uuid */
                        id: string;
                        market_slug: string;
                        /** Format: uuid */
                        open_transaction_id: string;
                        opened_at: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description Close proceeds, settlement payout or refund; null until there is one. */
                        payout: string | null;
                        /** @description Price at open: stake / shares rounded up to 6 decimals. */
                        price: string;
                        settled_at: string | null;
                        settlement_transaction_id: string | null;
                        /** @description Shares the market maker gave for the stake, 8 decimals. */
                        shares: string;
                        stake: string;
                        /** @enum {string} */
                        state: "open" | "closed" | "settled_win" | "settled_loss" | "voided";
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended, user_blocked */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user, not_found */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, market_suspended, price_moved, would_overdraw, position_terminal */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positions.closeQuote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What closing the position now would pay, and at which price. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "position_id": "11414749-853e-47d5-a144-cfda8caa5ecf",
                     *       "proceeds": "4.99",
                     *       "close_price": "0.511173",
                     *       "quoted_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        close_price: string;
                        /** Format: uuid */
                        position_id: string;
                        proceeds: string;
                        quoted_at: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description market_suspended, position_terminal */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "positions.quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "market_slug": "world-cup-final",
                 *       "outcome_id": "2f387f1e-353c-47ab-bf79-27d861b84e9a",
                 *       "stake": "5.00"
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 64 characters from a-z, 0-9 and "-". */
                    market_slug: string;
                    /**
                     * Format: uuid
                     * @description An outcome of the market.
                     */
                    outcome_id: string;
                    /** @description The stake to price. Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. */
                    stake: string;
                };
            };
        };
        responses: {
            /** @description What the stake would buy now, its price, and the most one open may stake. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "market_slug": "world-cup-final",
                     *       "outcome_id": "2f387f1e-353c-47ab-bf79-27d861b84e9a",
                     *       "stake": "5.00",
                     *       "shares": "9.76185976",
                     *       "price": "0.512198",
                     *       "max_stake": "50.00",
                     *       "quoted_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        market_slug: string;
                        /** @description The most one open may stake on this market (its max_stake_per_position). A user's open stake on the market is capped too: an open past that cap answers stake_limit_exceeded with details.remaining. */
                        max_stake: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description stake / shares rounded up to 6 decimals: what max_price is held against. */
                        price: string;
                        quoted_at: string;
                        /** @description Shares the stake would buy now, 8 decimals. */
                        shares: string;
                        stake: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description market_suspended */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "reconciliation.listDiscrepancies": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description Only this user's discrepancies. */
                external_user_id?: string;
                /** @description At most 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This tenant environment's reconciliation discrepancies, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            created_at: string;
                            /** @description ledger_balance minus operator_balance; never zero. */
                            delta: string;
                            /** Format: uuid */
                            discrepancy_id: string;
                            external_user_id: string;
                            /** @description The Idempotency-Key of the balance-sync request it is about. */
                            idempotency_key: string;
                            /** @description The ledger's balance at that request: after it when applied, before it when refused. */
                            ledger_balance: string;
                            /** @description The resulting_balance the operator sent; for a would_overdraw refusal without one, ledger_balance minus the refused debit (may be negative). */
                            operator_balance: string;
                            /**
                             * Format: uuid
                             * @description The reconciliation run that found it.
                             */
                            report_id: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "reports.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description At most 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This tenant environment's report jobs, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "7cae1cc0-643a-4bda-889a-9ed27c0949c8",
                     *           "report_type": "balances",
                     *           "format": "json",
                     *           "from": null,
                     *           "to": null,
                     *           "status": "ready",
                     *           "created_at": "2026-06-01T12:00:00.000Z",
                     *           "ready_at": "2026-06-01T12:00:00.000Z",
                     *           "expires_at": "2026-06-02T12:00:00.000Z",
                     *           "download_path": "/v1/reports/7cae1cc0-643a-4bda-889a-9ed27c0949c8/download",
                     *           "row_count": 1
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            created_at: string;
                            /** @description /v1/reports/{id}/download once ready: a path, never a signed URL. */
                            download_path: string | null;
                            /** @description ready_at + 24 hours; after it the download is 410 report_expired. */
                            expires_at: string | null;
                            /** @enum {string} */
                            format: "json" | "csv";
                            /** @description Inclusive; null: from the beginning (and always for balances). */
                            from: string | null;
                            /** Format: uuid */
                            id: string;
                            ready_at: string | null;
                            /** @enum {string} */
                            report_type: "transactions" | "positions" | "balances";
                            /** @description Rows written so far while generating (progress; null before the first megabyte), all of them once ready. */
                            row_count: number | null;
                            /** @enum {string} */
                            status: "generating" | "ready" | "failed";
                            /** @description Exclusive; null: up to generated_at, everything committed when generation started (always for balances). */
                            to: string | null;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "reports.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "report_type": "balances",
                 *       "format": "json"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    format: "json" | "csv";
                    /**
                     * Format: date-time
                     * @description Inclusive. Default: from the beginning.
                     */
                    from?: string;
                    /** @enum {string} */
                    report_type: "transactions" | "positions" | "balances";
                    /**
                     * Format: date-time
                     * @description Exclusive. Default: none, everything committed when generation starts.
                     */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description The report job, generating: read it until it is ready, then download it. */
            202: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7cae1cc0-643a-4bda-889a-9ed27c0949c8",
                     *       "report_type": "balances",
                     *       "format": "json",
                     *       "from": null,
                     *       "to": null,
                     *       "status": "generating",
                     *       "created_at": "2026-06-01T12:00:00.000Z",
                     *       "ready_at": null,
                     *       "expires_at": null,
                     *       "download_path": null,
                     *       "row_count": null
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        /** @description /v1/reports/{id}/download once ready: a path, never a signed URL. */
                        download_path: string | null;
                        /** @description ready_at + 24 hours; after it the download is 410 report_expired. */
                        expires_at: string | null;
                        /** @enum {string} */
                        format: "json" | "csv";
                        /** @description Inclusive; null: from the beginning (and always for balances). */
                        from: string | null;
                        /** Format: uuid */
                        id: string;
                        ready_at: string | null;
                        /** @enum {string} */
                        report_type: "transactions" | "positions" | "balances";
                        /** @description Rows written so far while generating (progress; null before the first megabyte), all of them once ready. */
                        row_count: number | null;
                        /** @enum {string} */
                        status: "generating" | "ready" | "failed";
                        /** @description Exclusive; null: up to generated_at, everything committed when generation started (always for balances). */
                        to: string | null;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, report_limit_reached */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "reports.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report job with its status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7cae1cc0-643a-4bda-889a-9ed27c0949c8",
                     *       "report_type": "balances",
                     *       "format": "json",
                     *       "from": null,
                     *       "to": null,
                     *       "status": "generating",
                     *       "created_at": "2026-06-01T12:00:00.000Z",
                     *       "ready_at": null,
                     *       "expires_at": null,
                     *       "download_path": null,
                     *       "row_count": null
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        /** @description /v1/reports/{id}/download once ready: a path, never a signed URL. */
                        download_path: string | null;
                        /** @description ready_at + 24 hours; after it the download is 410 report_expired. */
                        expires_at: string | null;
                        /** @enum {string} */
                        format: "json" | "csv";
                        /** @description Inclusive; null: from the beginning (and always for balances). */
                        from: string | null;
                        /** Format: uuid */
                        id: string;
                        ready_at: string | null;
                        /** @enum {string} */
                        report_type: "transactions" | "positions" | "balances";
                        /** @description Rows written so far while generating (progress; null before the first megabyte), all of them once ready. */
                        row_count: number | null;
                        /** @enum {string} */
                        status: "generating" | "ready" | "failed";
                        /** @description Exclusive; null: up to generated_at, everything committed when generation started (always for balances). */
                        to: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "reports.download": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artifact, as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example {"report_id":"7cae1cc0-643a-4bda-889a-9ed27c0949c8","report_type":"balances","generated_at":"2026-06-01T12:00:00.000Z","rows":[{"external_user_id":"user-4711","status":"active","balance":"199.99"}]} */
                    "application/json": string;
                    "text/csv": string;
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description state_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description report_expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "sandboxMarkets.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description At most 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This tenant's sandbox test markets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0f64cefa-a1a2-475d-8ca7-25f00f8de58b",
                     *           "slug": "sandbox-will-it-rain-tomorrow-60144c9bea",
                     *           "title": "Will it rain tomorrow?",
                     *           "status": "open",
                     *           "opens_at": "2026-06-01T12:00:00.000Z",
                     *           "closes_at": "2026-08-30T12:00:00.000Z",
                     *           "max_stake_per_position": "1000.00",
                     *           "max_open_stake_per_user": "10000.00",
                     *           "liquidity": "100",
                     *           "resolved_outcome_id": null,
                     *           "outcomes": [
                     *             {
                     *               "id": "e709e405-dcb7-43ae-9b1a-3a397946e6f7",
                     *               "title": "Yes",
                     *               "price": "0.500000"
                     *             },
                     *             {
                     *               "id": "139b3d13-10cc-4039-b0ca-0f4e636df7b5",
                     *               "title": "No",
                     *               "price": "0.500000"
                     *             }
                     *           ],
                     *           "sandbox_influence": null,
                     *           "sandbox_spread": "0.000000",
                     *           "rules": null,
                     *           "resolution_source": null,
                     *           "created_at": "2026-06-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            closes_at: string;
                            created_at: string;
                            /** Format: uuid */
                            id: string;
                            liquidity: string;
                            max_open_stake_per_user: string;
                            max_stake_per_position: string;
                            opens_at: string;
                            outcomes: {
                                /** Format: uuid */
                                id: string;
                                /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                                price: string;
                                title: string;
                            }[];
                            /** @description Where the result comes from: text, or an https URL; null: not given. */
                            resolution_source: string | null;
                            resolved_outcome_id: string | null;
                            /** @description What resolves the market and how, as written; null: not given. */
                            rules: string | null;
                            /** @description The sandbox bound ε (docs/operator-api.md, "Sandbox influence"); null: none (and for a sandbox test market). */
                            sandbox_influence: string | null;
                            /** @description S / liquidity with 6 decimals: the spread of the shares open sandbox positions hold (largest outcome's minus smallest's) over the depth. Sandbox opens keep it at or below sandbox_influence; closes can widen it. */
                            sandbox_spread: string;
                            slug: string;
                            /** @enum {string} */
                            status: "open" | "suspended" | "resolved" | "voided";
                            title: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "sandboxMarkets.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A sandbox test market to create. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Will it rain tomorrow?",
                 *       "outcomes": [
                 *         "Yes",
                 *         "No"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The market maker's depth b in currency units: a positive decimal string (at most 6 decimals). Default "100". */
                    liquidity?: string;
                    /** @description 2 to 10 outcome titles, distinct, in display order. */
                    outcomes: string[];
                    title: string;
                };
            };
        };
        responses: {
            /** @description A sandbox test market, shaped as the platform API answers a market: its outcomes with ids and current prices. */
            201: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0f64cefa-a1a2-475d-8ca7-25f00f8de58b",
                     *       "slug": "sandbox-will-it-rain-tomorrow-60144c9bea",
                     *       "title": "Will it rain tomorrow?",
                     *       "status": "open",
                     *       "opens_at": "2026-06-01T12:00:00.000Z",
                     *       "closes_at": "2026-08-30T12:00:00.000Z",
                     *       "max_stake_per_position": "1000.00",
                     *       "max_open_stake_per_user": "10000.00",
                     *       "liquidity": "100",
                     *       "resolved_outcome_id": null,
                     *       "outcomes": [
                     *         {
                     *           "id": "e709e405-dcb7-43ae-9b1a-3a397946e6f7",
                     *           "title": "Yes",
                     *           "price": "0.500000"
                     *         },
                     *         {
                     *           "id": "139b3d13-10cc-4039-b0ca-0f4e636df7b5",
                     *           "title": "No",
                     *           "price": "0.500000"
                     *         }
                     *       ],
                     *       "sandbox_influence": null,
                     *       "sandbox_spread": "0.000000",
                     *       "rules": null,
                     *       "resolution_source": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        closes_at: string;
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        liquidity: string;
                        max_open_stake_per_user: string;
                        max_stake_per_position: string;
                        opens_at: string;
                        outcomes: {
                            /** Format: uuid */
                            id: string;
                            /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                            price: string;
                            title: string;
                        }[];
                        /** @description Where the result comes from: text, or an https URL; null: not given. */
                        resolution_source: string | null;
                        resolved_outcome_id: string | null;
                        /** @description What resolves the market and how, as written; null: not given. */
                        rules: string | null;
                        /** @description The sandbox bound ε (docs/operator-api.md, "Sandbox influence"); null: none (and for a sandbox test market). */
                        sandbox_influence: string | null;
                        /** @description S / liquidity with 6 decimals: the spread of the shares open sandbox positions hold (largest outcome's minus smallest's) over the depth. Sandbox opens keep it at or below sandbox_influence; closes can widen it. */
                        sandbox_spread: string;
                        slug: string;
                        /** @enum {string} */
                        status: "open" | "suspended" | "resolved" | "voided";
                        title: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, state_conflict */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "sandboxMarkets.correct": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "voided"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description An outcome of the market.
                     */
                    outcome_id: string;
                    /** @enum {string} */
                    status: "resolved";
                } | {
                    /** @enum {string} */
                    status: "voided";
                };
            };
        };
        responses: {
            /** @description A sandbox test market, shaped as the platform API answers a market: its outcomes with ids and current prices. */
            200: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0f64cefa-a1a2-475d-8ca7-25f00f8de58b",
                     *       "slug": "sandbox-will-it-rain-tomorrow-60144c9bea",
                     *       "title": "Will it rain tomorrow?",
                     *       "status": "voided",
                     *       "opens_at": "2026-06-01T12:00:00.000Z",
                     *       "closes_at": "2026-08-30T12:00:00.000Z",
                     *       "max_stake_per_position": "1000.00",
                     *       "max_open_stake_per_user": "10000.00",
                     *       "liquidity": "100",
                     *       "resolved_outcome_id": null,
                     *       "outcomes": [
                     *         {
                     *           "id": "e709e405-dcb7-43ae-9b1a-3a397946e6f7",
                     *           "title": "Yes",
                     *           "price": "0.524385"
                     *         },
                     *         {
                     *           "id": "139b3d13-10cc-4039-b0ca-0f4e636df7b5",
                     *           "title": "No",
                     *           "price": "0.475615"
                     *         }
                     *       ],
                     *       "sandbox_influence": null,
                     *       "sandbox_spread": "0.000000",
                     *       "rules": null,
                     *       "resolution_source": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        closes_at: string;
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        liquidity: string;
                        max_open_stake_per_user: string;
                        max_stake_per_position: string;
                        opens_at: string;
                        outcomes: {
                            /** Format: uuid */
                            id: string;
                            /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                            price: string;
                            title: string;
                        }[];
                        /** @description Where the result comes from: text, or an https URL; null: not given. */
                        resolution_source: string | null;
                        resolved_outcome_id: string | null;
                        /** @description What resolves the market and how, as written; null: not given. */
                        rules: string | null;
                        /** @description The sandbox bound ε (docs/operator-api.md, "Sandbox influence"); null: none (and for a sandbox test market). */
                        sandbox_influence: string | null;
                        /** @description S / liquidity with 6 decimals: the spread of the shares open sandbox positions hold (largest outcome's minus smallest's) over the depth. Sandbox opens keep it at or below sandbox_influence; closes can widen it. */
                        sandbox_spread: string;
                        slug: string;
                        /** @enum {string} */
                        status: "open" | "suspended" | "resolved" | "voided";
                        title: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, state_conflict */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "sandboxMarkets.resolve": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outcome_id": "e709e405-dcb7-43ae-9b1a-3a397946e6f7"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description An outcome of the market.
                     */
                    outcome_id: string;
                };
            };
        };
        responses: {
            /** @description A sandbox test market, shaped as the platform API answers a market: its outcomes with ids and current prices. */
            200: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0f64cefa-a1a2-475d-8ca7-25f00f8de58b",
                     *       "slug": "sandbox-will-it-rain-tomorrow-60144c9bea",
                     *       "title": "Will it rain tomorrow?",
                     *       "status": "resolved",
                     *       "opens_at": "2026-06-01T12:00:00.000Z",
                     *       "closes_at": "2026-08-30T12:00:00.000Z",
                     *       "max_stake_per_position": "1000.00",
                     *       "max_open_stake_per_user": "10000.00",
                     *       "liquidity": "100",
                     *       "resolved_outcome_id": "e709e405-dcb7-43ae-9b1a-3a397946e6f7",
                     *       "outcomes": [
                     *         {
                     *           "id": "e709e405-dcb7-43ae-9b1a-3a397946e6f7",
                     *           "title": "Yes",
                     *           "price": "0.524385"
                     *         },
                     *         {
                     *           "id": "139b3d13-10cc-4039-b0ca-0f4e636df7b5",
                     *           "title": "No",
                     *           "price": "0.475615"
                     *         }
                     *       ],
                     *       "sandbox_influence": null,
                     *       "sandbox_spread": "0.000000",
                     *       "rules": null,
                     *       "resolution_source": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        closes_at: string;
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        liquidity: string;
                        max_open_stake_per_user: string;
                        max_stake_per_position: string;
                        opens_at: string;
                        outcomes: {
                            /** Format: uuid */
                            id: string;
                            /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                            price: string;
                            title: string;
                        }[];
                        /** @description Where the result comes from: text, or an https URL; null: not given. */
                        resolution_source: string | null;
                        resolved_outcome_id: string | null;
                        /** @description What resolves the market and how, as written; null: not given. */
                        rules: string | null;
                        /** @description The sandbox bound ε (docs/operator-api.md, "Sandbox influence"); null: none (and for a sandbox test market). */
                        sandbox_influence: string | null;
                        /** @description S / liquidity with 6 decimals: the spread of the shares open sandbox positions hold (largest outcome's minus smallest's) over the depth. Sandbox opens keep it at or below sandbox_influence; closes can widen it. */
                        sandbox_spread: string;
                        slug: string;
                        /** @enum {string} */
                        status: "open" | "suspended" | "resolved" | "voided";
                        title: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, state_conflict */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "sandboxMarkets.void": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A sandbox test market, shaped as the platform API answers a market: its outcomes with ids and current prices. */
            200: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "bff1022a-310a-4524-adba-9832f5472afb",
                     *       "slug": "sandbox-will-it-snow-tomorrow-4f300e1a9e",
                     *       "title": "Will it snow tomorrow?",
                     *       "status": "voided",
                     *       "opens_at": "2026-06-01T12:00:00.000Z",
                     *       "closes_at": "2026-08-30T12:00:00.000Z",
                     *       "max_stake_per_position": "1000.00",
                     *       "max_open_stake_per_user": "10000.00",
                     *       "liquidity": "50",
                     *       "resolved_outcome_id": null,
                     *       "outcomes": [
                     *         {
                     *           "id": "32560720-aedd-49fd-be2b-ad7c106018bd",
                     *           "title": "Yes",
                     *           "price": "0.333333"
                     *         },
                     *         {
                     *           "id": "763fa204-7fd1-41f7-b5e2-a348aa2c5e41",
                     *           "title": "No",
                     *           "price": "0.333333"
                     *         },
                     *         {
                     *           "id": "9fd0807a-e50c-4815-946e-e0e5e8d9f686",
                     *           "title": "Sleet",
                     *           "price": "0.333333"
                     *         }
                     *       ],
                     *       "sandbox_influence": null,
                     *       "sandbox_spread": "0.000000",
                     *       "rules": null,
                     *       "resolution_source": null,
                     *       "created_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        closes_at: string;
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        liquidity: string;
                        max_open_stake_per_user: string;
                        max_stake_per_position: string;
                        opens_at: string;
                        outcomes: {
                            /** Format: uuid */
                            id: string;
                            /** @description Decimal string strictly between 0 and 1 with six decimals, for example "0.523000". */
                            price: string;
                            title: string;
                        }[];
                        /** @description Where the result comes from: text, or an https URL; null: not given. */
                        resolution_source: string | null;
                        resolved_outcome_id: string | null;
                        /** @description What resolves the market and how, as written; null: not given. */
                        rules: string | null;
                        /** @description The sandbox bound ε (docs/operator-api.md, "Sandbox influence"); null: none (and for a sandbox test market). */
                        sandbox_influence: string | null;
                        /** @description S / liquidity with 6 decimals: the spread of the shares open sandbox positions hold (largest outcome's minus smallest's) over the depth. Sandbox opens keep it at or below sandbox_influence; closes can widen it. */
                        sandbox_spread: string;
                        slug: string;
                        /** @enum {string} */
                        status: "open" | "suspended" | "resolved" | "voided";
                        title: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, state_conflict */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "supportTickets.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description At most 500; default 50. */
                limit?: number;
                status?: "open" | "answered" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This tenant environment's tickets, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "9c2fe0b2-f67f-4c2f-8f9c-ff8172fabad8",
                     *           "status": "open",
                     *           "subject": "A payout looks low",
                     *           "created_at": "2026-06-01T12:00:00.000Z",
                     *           "request_id": null,
                     *           "updated_at": "2026-06-01T12:00:00.000Z",
                     *           "messages": [
                     *             {
                     *               "from": "tenant",
                     *               "body": "Position 1 paid less than the quote said.",
                     *               "created_at": "2026-06-01T12:00:00.000Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": {
                        data: {
                            created_at: string;
                            /** Format: uuid */
                            id: string;
                            /** @description In order; the first is the tenant's own text. */
                            messages: {
                                body: string;
                                created_at: string;
                                /** @enum {string} */
                                from: "tenant" | "platform";
                            }[];
                            request_id: string | null;
                            /** @enum {string} */
                            status: "open" | "answered" | "closed";
                            subject: string;
                            updated_at: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "supportTickets.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "A payout looks low",
                 *       "body": "Position 1 paid less than the quote said."
                 *     }
                 */
                "application/json": {
                    body: string;
                    /** @description The X-Request-Id of an answer the ticket is about (every error envelope carries it). */
                    request_id?: string;
                    subject: string;
                };
            };
        };
        responses: {
            /** @description The opened ticket. */
            201: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9c2fe0b2-f67f-4c2f-8f9c-ff8172fabad8",
                     *       "status": "open",
                     *       "subject": "A payout looks low",
                     *       "created_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status: "open" | "answered" | "closed";
                        subject: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "supportTickets.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ticket with its messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9c2fe0b2-f67f-4c2f-8f9c-ff8172fabad8",
                     *       "status": "open",
                     *       "subject": "A payout looks low",
                     *       "created_at": "2026-06-01T12:00:00.000Z",
                     *       "request_id": null,
                     *       "updated_at": "2026-06-01T12:00:00.000Z",
                     *       "messages": [
                     *         {
                     *           "from": "tenant",
                     *           "body": "Position 1 paid less than the quote said.",
                     *           "created_at": "2026-06-01T12:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        /** @description In order; the first is the tenant's own text. */
                        messages: {
                            body: string;
                            created_at: string;
                            /** @enum {string} */
                            from: "tenant" | "platform";
                        }[];
                        request_id: string | null;
                        /** @enum {string} */
                        status: "open" | "answered" | "closed";
                        subject: string;
                        updated_at: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "tenant.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant and environment the calling key belongs to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tenant_id": "c6085011-11a0-4611-ae3b-bd3a2d344116",
                     *       "name": "tenant 0.5083633716378093",
                     *       "environment": "sandbox",
                     *       "key": {
                     *         "id": "0895ab9e-33f1-4120-82cb-3cc703781649",
                     *         "scopes": [
                     *           "write:sync",
                     *           "write:positions",
                     *           "read:markets",
                     *           "read:reports",
                     *           "write:tickets"
                     *         ],
                     *         "expires_at": null,
                     *         "last_used_at": "2026-06-01T12:00:00.000Z"
                     *       },
                     *       "rate_limits": {
                     *         "balance_sync": {
                     *           "tenant": 450,
                     *           "end_user": null
                     *         },
                     *         "user_sync": {
                     *           "tenant": 3000,
                     *           "end_user": null
                     *         },
                     *         "positions": {
                     *           "tenant": 4500,
                     *           "end_user": 10
                     *         },
                     *         "default": {
                     *           "tenant": 600,
                     *           "end_user": 60
                     *         },
                     *         "feed_read": {
                     *           "tenant": 600,
                     *           "end_user": 60
                     *         },
                     *         "widget_session": {
                     *           "tenant": 13500,
                     *           "end_user": 10
                     *         },
                     *         "users_me": {
                     *           "tenant": 4500,
                     *           "end_user": 60
                     *         },
                     *         "saved_markets": {
                     *           "tenant": 5400,
                     *           "end_user": 20
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description The environment of the key, which is the listener answering.
                         * @enum {string}
                         */
                        environment: "sandbox" | "live";
                        key: {
                            /** @description From this instant the key is refused; null: it does not expire. */
                            expires_at: string | null;
                            /**
                             * Format: uuid
                             * @description The key this request was made with.
                             */
                            id: string;
                            /** @description When the key was last used, recorded at most once a minute (so up to a minute behind, and this request may not show yet); null: no use recorded yet. */
                            last_used_at: string | null;
                            scopes: string[];
                        };
                        name: string;
                        /** @description Every tier's limits per 60 s as the limiter applies them, raised limits included: `tenant` for the API key's requests, `end_user` for each widget session user (null where sessions have no limit of their own). */
                        rate_limits: {
                            balance_sync: {
                                end_user: number | null;
                                tenant: number;
                            };
                            default: {
                                end_user: number | null;
                                tenant: number;
                            };
                            feed_read: {
                                end_user: number | null;
                                tenant: number;
                            };
                            positions: {
                                end_user: number | null;
                                tenant: number;
                            };
                            saved_markets: {
                                end_user: number | null;
                                tenant: number;
                            };
                            user_sync: {
                                end_user: number | null;
                                tenant: number;
                            };
                            users_me: {
                                end_user: number | null;
                                tenant: number;
                            };
                            widget_session: {
                                end_user: number | null;
                                tenant: number;
                            };
                        };
                        /** Format: uuid */
                        tenant_id: string;
                    };
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "tenant.retrieveSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This environment's webhook URL and allowed origins. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "environment": "sandbox",
                     *       "webhook_url": "https://hooks.example.com/pm",
                     *       "allowed_origins": [
                     *         "https://shop.example.com"
                     *       ],
                     *       "webhook_secret_set": false
                     *     }
                     */
                    "application/json": {
                        /** @description Browser origins whose widget session requests get CORS headers. */
                        allowed_origins: string[];
                        /** @enum {string} */
                        environment: "sandbox" | "live";
                        /** @description Whether a webhook secret exists; the secret itself is never shown here. */
                        webhook_secret_set: boolean;
                        /** @description Where events of this environment are POSTed; null: no delivery. */
                        webhook_url: string | null;
                    };
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "tenant.updateSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "webhook_url": "https://hooks.example.com/pm",
                 *       "allowed_origins": [
                 *         "https://shop.example.com"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Browser origins whose widget session requests get CORS headers (API-key requests never do). */
                    allowed_origins?: string[];
                    /** @description Where events of this environment are POSTed; null stops delivery. https to a public host, without user:password@; plain http and loopback, private or link-local hosts only with ALLOW_INSECURE_WEBHOOKS=1. */
                    webhook_url?: string | null;
                };
            };
        };
        responses: {
            /** @description This environment's settings after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "environment": "sandbox",
                     *       "webhook_url": "https://hooks.example.com/pm",
                     *       "allowed_origins": [
                     *         "https://shop.example.com"
                     *       ],
                     *       "webhook_secret_set": false
                     *     }
                     */
                    "application/json": {
                        /** @description Browser origins whose widget session requests get CORS headers. */
                        allowed_origins: string[];
                        /** @enum {string} */
                        environment: "sandbox" | "live";
                        /** @description Whether a webhook secret exists; the secret itself is never shown here. */
                        webhook_secret_set: boolean;
                        /** @description Where events of this environment are POSTed; null: no delivery. */
                        webhook_url: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "tenant.rotateWebhookSecret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new webhook secret, shown in this answer only. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhook_secret": "whsec_mEWgqcVxhf7XktzBLPhT6vaEs7XEEXZ3Mq7LXv_bbJE"
                     *     }
                     */
                    "application/json": {
                        webhook_secret: string;
                    };
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "transactions.list": {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page. */
                cursor?: string;
                /** @description One entry_type value: 1 to 64 characters from a-z, 0-9 and _, starting with a letter. The set is open: an unknown value simply matches nothing. */
                entry_type?: string;
                /** @description Only this user's transactions. */
                external_user_id?: string;
                /** @description At most 500; default 50. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of ledger transactions and the cursor of the next page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "cdd1afd0-d9cc-4a2c-a864-35d31d145b6a",
                     *           "external_user_id": "user-4711",
                     *           "entry_type": "balance_sync_credit",
                     *           "amount": "100.00",
                     *           "balance_after": "100.00",
                     *           "reverses_transaction_id": null,
                     *           "position_id": null,
                     *           "created_at": "2026-06-01T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "next_cursor": "czE"
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** @description Signed: credits positive, debits negative. */
                            amount: string;
                            balance_after: string;
                            created_at: string;
                            /** @description Open set: position_open_debit, position_close_credit, settlement_credit, market_void_refund, correction_shortfall_credit, balance_sync_credit, balance_sync_debit, and values added later. */
                            entry_type: string;
                            external_user_id: string;
                            /** Format: uuid */
                            id: string;
                            position_id: string | null;
                            reverses_transaction_id: string | null;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "users.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user with its virtual balance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "external_user_id": "user-4711",
                     *       "status": "active",
                     *       "balance": "0.00"
                     *     }
                     */
                    "application/json": {
                        /** @description The virtual balance, two decimals. */
                        balance: string;
                        external_user_id: string;
                        /** @enum {string} */
                        status: "active" | "blocked";
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "users.upsert": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "active"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A blocked user cannot open or close positions or place orders; balance sync still works.
                     * @enum {string}
                     */
                    status: "active" | "blocked";
                };
            };
        };
        responses: {
            /** @description The user, updated, with its virtual balance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The virtual balance, two decimals. */
                        balance: string;
                        external_user_id: string;
                        /** @enum {string} */
                        status: "active" | "blocked";
                    };
                };
            };
            /** @description The user, registered by this request, with its virtual balance. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "external_user_id": "user-4711",
                     *       "status": "active",
                     *       "balance": "0.00"
                     *     }
                     */
                    "application/json": {
                        /** @description The virtual balance, two decimals. */
                        balance: string;
                        external_user_id: string;
                        /** @enum {string} */
                        status: "active" | "blocked";
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "users.retrieveLimits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: A player's stake limits, what is used and left, and their break. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "external_user_id": "user-4711",
                     *       "stake_per_day": null,
                     *       "stake_per_week": {
                     *         "limit": "500.00",
                     *         "used": "0.00",
                     *         "remaining": "500.00",
                     *         "resets_at": null,
                     *         "pending": null
                     *       },
                     *       "stake_per_month": null,
                     *       "excluded_until": null
                     *     }
                     */
                    "application/json": {
                        /** @description The end of the player's break; null when none is running. */
                        excluded_until: string | null;
                        external_user_id: string;
                        /** @description Null when no daily limit is in force. */
                        stake_per_day: {
                            limit: string;
                            /** @description A raise or a removal waiting its 24 hours. */
                            pending: {
                                effective_at: string;
                                /** @description The limit from effective_at on; null: no limit. */
                                limit: string | null;
                            } | null;
                            /** @description What may still be staked in the window now; never below "0.00". */
                            remaining: string;
                            /** @description When the earliest stake still counted leaves the window; null when none is. */
                            resets_at: string | null;
                            /** @description Staked in the window: opens and limit-order fills; a close gives nothing back. */
                            used: string;
                        } | null;
                        stake_per_month: {
                            limit: string;
                            /** @description A raise or a removal waiting its 24 hours. */
                            pending: {
                                effective_at: string;
                                /** @description The limit from effective_at on; null: no limit. */
                                limit: string | null;
                            } | null;
                            /** @description What may still be staked in the window now; never below "0.00". */
                            remaining: string;
                            /** @description When the earliest stake still counted leaves the window; null when none is. */
                            resets_at: string | null;
                            /** @description Staked in the window: opens and limit-order fills; a close gives nothing back. */
                            used: string;
                        } | null;
                        stake_per_week: {
                            limit: string;
                            /** @description A raise or a removal waiting its 24 hours. */
                            pending: {
                                effective_at: string;
                                /** @description The limit from effective_at on; null: no limit. */
                                limit: string | null;
                            } | null;
                            /** @description What may still be staked in the window now; never below "0.00". */
                            remaining: string;
                            /** @description When the earliest stake still counted leaves the window; null when none is. */
                            resets_at: string | null;
                            /** @description Staked in the window: opens and limit-order fills; a close gives nothing back. */
                            used: string;
                        } | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found, unknown_user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "users.updateLimits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The operator's own opaque id: 1 to 64 characters from A-Z a-z 0-9 . _ ~ -; never an e-mail address or personal data. */
                external_user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "stake_per_week": "500.00"
                 *     }
                 */
                "application/json": {
                    /** @description RFC 3339 UTC with a Z, in the future: a break until then, with no opens and no order placements. It can be extended, not shortened or ended early (409 state_conflict). Left out: unchanged. */
                    excluded_until?: string | null;
                    /** @description The most the player may stake over the last 24 hours, opens and limit-order fills together. Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. "0.00" allows no stake. null removes the limit. A new or lower limit applies at once; a higher one or a removal 24 hours later. Left out: unchanged. */
                    stake_per_day?: string | null;
                    /** @description The most the player may stake over the last 30 days, opens and limit-order fills together. Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. "0.00" allows no stake. null removes the limit. A new or lower limit applies at once; a higher one or a removal 24 hours later. Left out: unchanged. */
                    stake_per_month?: string | null;
                    /** @description The most the player may stake over the last 7 days, opens and limit-order fills together. Decimal string with at most two decimals, for example "10.00"; a JSON number is refused. "0.00" allows no stake. null removes the limit. A new or lower limit applies at once; a higher one or a removal 24 hours later. Left out: unchanged. */
                    stake_per_week?: string | null;
                };
            };
        };
        responses: {
            /** @description Success: Set a player's stake limits or break. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "external_user_id": "user-4711",
                     *       "stake_per_day": null,
                     *       "stake_per_week": {
                     *         "limit": "500.00",
                     *         "used": "0.00",
                     *         "remaining": "500.00",
                     *         "resets_at": null,
                     *         "pending": null
                     *       },
                     *       "stake_per_month": null,
                     *       "excluded_until": null
                     *     }
                     */
                    "application/json": {
                        /** @description The end of the player's break; null when none is running. */
                        excluded_until: string | null;
                        external_user_id: string;
                        /** @description Null when no daily limit is in force. */
                        stake_per_day: {
                            limit: string;
                            /** @description A raise or a removal waiting its 24 hours. */
                            pending: {
                                effective_at: string;
                                /** @description The limit from effective_at on; null: no limit. */
                                limit: string | null;
                            } | null;
                            /** @description What may still be staked in the window now; never below "0.00". */
                            remaining: string;
                            /** @description When the earliest stake still counted leaves the window; null when none is. */
                            resets_at: string | null;
                            /** @description Staked in the window: opens and limit-order fills; a close gives nothing back. */
                            used: string;
                        } | null;
                        stake_per_month: {
                            limit: string;
                            /** @description A raise or a removal waiting its 24 hours. */
                            pending: {
                                effective_at: string;
                                /** @description The limit from effective_at on; null: no limit. */
                                limit: string | null;
                            } | null;
                            /** @description What may still be staked in the window now; never below "0.00". */
                            remaining: string;
                            /** @description When the earliest stake still counted leaves the window; null when none is. */
                            resets_at: string | null;
                            /** @description Staked in the window: opens and limit-order fills; a close gives nothing back. */
                            used: string;
                        } | null;
                        stake_per_week: {
                            limit: string;
                            /** @description A raise or a removal waiting its 24 hours. */
                            pending: {
                                effective_at: string;
                                /** @description The limit from effective_at on; null: no limit. */
                                limit: string | null;
                            } | null;
                            /** @description What may still be staked in the window now; never below "0.00". */
                            remaining: string;
                            /** @description When the earliest stake still counted leaves the window; null when none is. */
                            resets_at: string | null;
                            /** @description Staked in the window: opens and limit-order fills; a close gives nothing back. */
                            used: string;
                        } | null;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description state_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "users.retrieveMe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session's user with its virtual balance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "external_user_id": "user-4711",
                     *       "status": "active",
                     *       "balance": "199.99"
                     *     }
                     */
                    "application/json": {
                        /** @description The virtual balance, two decimals. */
                        balance: string;
                        external_user_id: string;
                        /** @enum {string} */
                        status: "active" | "blocked";
                    };
                };
            };
            /** @description invalid_api_key, invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhooks.sendTest": {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 128 printable ASCII characters, no colon. The same key and body replay the first answer. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "position.settled"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event type to send.
                     * @enum {string}
                     */
                    event: "position.opened" | "position.closed" | "order.filled" | "position.settled" | "position.voided" | "market.resolved" | "market.voided" | "position.settlement_corrected" | "market.resolution_corrected" | "position.void_corrected" | "market.void_corrected" | "reconciliation.discrepancy" | "report.ready";
                };
            };
        };
        responses: {
            /** @description The test delivery was queued: its id. */
            202: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery_id": "f4efe2f7-6254-47e0-9f2e-dbc4ed4c06fe"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The id of the delivery: its body's id and its X-Webhook-Delivery header.
                         */
                        delivery_id: string;
                    };
                };
            };
            /** @description validation_failed, idempotency_key_required */
            400: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_in_progress, state_conflict */
            409: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description idempotency_key_reused */
            422: {
                headers: {
                    /** @description Present, with the value `true`, only when this answer is the stored first answer for this Idempotency-Key sent again (its body byte for byte the first one); a first answer never carries it. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.retrieveConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget settings of this tenant environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "theme": {},
                     *       "scheme": null,
                     *       "locales": [
                     *         "en"
                     *       ],
                     *       "default_locale": "en",
                     *       "currency": null
                     *     }
                     */
                    "application/json": {
                        /** @description An ISO 4217 code (show amounts through Intl.NumberFormat) or a unit text (after the amount); null: none. */
                        currency: string | null;
                        default_locale: string;
                        locales: string[];
                        scheme: ("light" | "dark") | null;
                        theme: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description widget_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.reportError": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "widget_runtime_error",
                 *       "message": "from the SDK test",
                 *       "widget_version": "1.0.0",
                 *       "occurred_at": "2026-06-01T12:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description One of the widget-only states, which the API never answers.
                     * @enum {string}
                     */
                    code: "realtime_unavailable" | "widget_session_expired" | "widget_config_invalid" | "widget_runtime_error";
                    message: string;
                    /**
                     * Format: date-time
                     * @description RFC 3339 UTC, by the browser clock.
                     */
                    occurred_at: string;
                    stack?: string;
                    /** @description The host page, as the widget saw it. */
                    url?: string;
                    widget_version: string;
                };
            };
        };
        responses: {
            /** @description The report was taken; nothing else is answered. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3e85f9f6-c546-4794-936b-5d367fd054e3"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.leaderboard": {
        parameters: {
            query?: {
                /** @description 1 to 100; default 20. */
                limit?: number;
                /** @description day, week (from Monday), month or all; 00:00Z starts; default week. */
                period?: "day" | "week" | "month" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The leaderboard of this tenant environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "period": "week",
                     *       "from": "2026-06-01T00:00:00.000Z",
                     *       "entries": [
                     *         {
                     *           "rank": 1,
                     *           "display_name": "Alex",
                     *           "pnl": "-0.01",
                     *           "positions": 1
                     *         }
                     *       ],
                     *       "me": {
                     *         "rank": 1,
                     *         "pnl": "-0.01",
                     *         "positions": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        entries: {
                            display_name: string;
                            /** @description Realised profit: payout minus stake of the positions that ended in the period, two decimals, signed. */
                            pnl: string;
                            /** @description Positions that ended in the period. */
                            positions: number;
                            /** @description Ties share a rank: 1, 2, 2, 4. */
                            rank: number;
                        }[];
                        /** @description Start of the period (RFC 3339 UTC); null for all. */
                        from: string | null;
                        /** @description The session's own user, also when not shown (then the rank it would have); null when none of its positions ended in the period. */
                        me: {
                            /** @description Realised profit: payout minus stake of the positions that ended in the period, two decimals, signed. */
                            pnl: string;
                            positions: number;
                            rank: number;
                        } | null;
                        /** @enum {string} */
                        period: "day" | "week" | "month" | "all";
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.retrieveProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session user's profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "display_name": "Alex",
                     *       "show_on_leaderboard": true
                     *     }
                     */
                    "application/json": {
                        /** @description 3 to 24 characters from letters, digits, space, _ - and .; unique in the tenant environment in any case; nothing that reads as an e-mail address or a phone number. null: no name. */
                        display_name: string | null;
                        /** @description Whether the user is listed on the leaderboard (under display_name). */
                        show_on_leaderboard: boolean;
                    };
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.updateProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Alex",
                 *       "show_on_leaderboard": true
                 *     }
                 */
                "application/json": {
                    display_name: string | null;
                    /** @description Whether the user is listed on the leaderboard (under display_name). */
                    show_on_leaderboard: boolean;
                };
            };
        };
        responses: {
            /** @description The session user's profile after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "display_name": "Alex",
                     *       "show_on_leaderboard": true
                     *     }
                     */
                    "application/json": {
                        /** @description 3 to 24 characters from letters, digits, space, _ - and .; unique in the tenant environment in any case; nothing that reads as an e-mail address or a phone number. null: no name. */
                        display_name: string | null;
                        /** @description Whether the user is listed on the leaderboard (under display_name). */
                        show_on_leaderboard: boolean;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description state_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.deleteProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.listSavedMarkets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session user's saved markets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "market_slug": "world-cup-final",
                     *           "saved_at": "2026-06-01T12:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Newest first; at most 50. */
                        data: {
                            market_slug: string;
                            /** @description When the market was first saved (RFC 3339 UTC). */
                            saved_at: string;
                        }[];
                    };
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.saveMarket": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                market_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The market is saved (saving it again changes nothing). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "market_slug": "world-cup-final",
                     *       "saved_at": "2026-06-01T12:00:00.000Z"
                     *     }
                     */
                    "application/json": {
                        market_slug: string;
                        /** @description When the market was first saved (RFC 3339 UTC). */
                        saved_at: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description saved_markets_limit_reached */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.unsaveMarket": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                market_slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widgetSessions.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Whom to mint a widget session for. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "external_user_id": "user-4711"
                 *     }
                 */
                "application/json": {
                    /** @description The user the session belongs to; registered in the key's environment (PUT /v1/users/{external_user_id}), blocked users included. */
                    external_user_id: string;
                    /** @description Sandbox only (live answers 400 validation_failed): each token of this session lives this many seconds, 60 to 900, instead of 15 minutes; refreshes keep it. To see refresh and expiry without waiting. */
                    ttl_seconds?: number;
                };
            };
        };
        responses: {
            /** @description A widget session token and when it expires. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "eyJhbGciOiJIUzI1NiJ9.<claims>.<signature>",
                     *       "expires_at": "2026-06-01T12:15:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description RFC 3339 UTC: 15 minutes from now (ttl_seconds from now for a short sandbox session), or the session's 24-hour cap if that comes first. Refresh before it. */
                        expires_at: string;
                        /** @description The session token (a JWT). Hand it to the widget as sessionToken; send it as Authorization: Bearer `<token>`. */
                        token: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_api_key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description insufficient_scope, tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unknown_user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description widget_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widgetSessions.refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A widget session token and when it expires. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "token": "eyJhbGciOiJIUzI1NiJ9.<claims>.<signature>",
                     *       "expires_at": "2026-06-01T12:15:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** @description RFC 3339 UTC: 15 minutes from now (ttl_seconds from now for a short sandbox session), or the session's 24-hour cap if that comes first. Refresh before it. */
                        expires_at: string;
                        /** @description The session token (a JWT). Hand it to the widget as sessionToken; send it as Authorization: Bearer `<token>`. */
                        token: string;
                    };
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description request_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description widget_paused */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "widget.stream": {
        parameters: {
            query: {
                /** @description 1 to 20 market slugs, comma-separated, each a market enabled for the tenant. */
                markets: string;
            };
            header?: {
                /** @description The id of the last event received, to resume after a reconnect. */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream: events `prices`, `balance` and `position`, and `: ping` comments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example : fresh
                     *
                     *     id: 8412.3
                     *     event: prices
                     *     data: {"market_slug":"world-cup-final","ts":"2026-06-01T12:00:00.000Z","outcomes":[{"id":"0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f","price":"0.523810"},{"id":"6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d","price":"0.476190"}]}
                     *
                     *     id: 8412.3
                     *     event: balance
                     *     data: {"balance":"95.00"}
                     */
                    "text/event-stream": string;
                };
            };
            /** @description validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_session_token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description tenant_suspended */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    webhook_market_resolution_corrected: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "market.resolution_corrected",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "market_slug": "election-2026",
                 *         "previous_outcome_id": "9e8d7c6b-5a49-4382-b716-05f4e3d2c1b0",
                 *         "resolved_outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        market_slug: string;
                        /** Format: uuid */
                        previous_outcome_id: string;
                        /** Format: uuid */
                        resolved_outcome_id: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "market.resolution_corrected";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_market_resolved: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "market.resolved",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "market_slug": "election-2026",
                 *         "resolved_outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        market_slug: string;
                        /** Format: uuid */
                        resolved_outcome_id: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "market.resolved";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_market_void_corrected: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "market.void_corrected",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "market_slug": "election-2026",
                 *         "previous_status": "voided",
                 *         "status": "resolved",
                 *         "previous_outcome_id": null,
                 *         "resolved_outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        market_slug: string;
                        /** @description null when previous_status is voided. */
                        previous_outcome_id: string | null;
                        /** @enum {string} */
                        previous_status: "voided" | "resolved";
                        /** @description null when status is voided. */
                        resolved_outcome_id: string | null;
                        /**
                         * @description Never equal to previous_status.
                         * @enum {string}
                         */
                        status: "voided" | "resolved";
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "market.void_corrected";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_market_voided: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "market.voided",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "market_slug": "election-2026"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        market_slug: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "market.voided";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_filled: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "order.filled",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "order_id": "1f2e3d4c-5b6a-4798-8a7b-9c0d1e2f3a4b",
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "stake": "25.00",
                 *         "limit_price": "0.450000",
                 *         "fill_price": "0.448113"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        external_user_id: string;
                        /** @description The execution price, at or below limit_price. */
                        fill_price: string;
                        /** @description A price between 0 and 1 with six decimals, as a string. */
                        limit_price: string;
                        market_slug: string;
                        /** Format: uuid */
                        order_id: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** Format: uuid */
                        position_id: string;
                        /** @description A decimal amount with two decimals, as a string. */
                        stake: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "order.filled";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_position_closed: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "position.closed",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "payout": "11.42",
                 *         "close_price": "0.598312",
                 *         "settlement_transaction_id": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /** @description A price between 0 and 1 with six decimals, as a string. */
                        close_price: string;
                        external_user_id: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description A decimal amount with two decimals, as a string. */
                        payout: string;
                        /** Format: uuid */
                        position_id: string;
                        /** Format: uuid */
                        settlement_transaction_id: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "position.closed";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_position_opened: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "position.opened",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "stake": "10.00",
                 *         "price": "0.523810",
                 *         "open_transaction_id": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        external_user_id: string;
                        market_slug: string;
                        /** Format: uuid */
                        open_transaction_id: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** Format: uuid */
                        position_id: string;
                        /** @description A price between 0 and 1 with six decimals, as a string. */
                        price: string;
                        /** @description A decimal amount with two decimals, as a string. */
                        stake: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "position.opened";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_position_settled: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "position.settled",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "state": "settled_win",
                 *         "stake": "10.00",
                 *         "price": "0.523810",
                 *         "payout": "19.09",
                 *         "settlement_transaction_id": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        external_user_id: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description A decimal amount as a string; "0" for a settled_loss. */
                        payout: string;
                        /** Format: uuid */
                        position_id: string;
                        /** @description The price at open. */
                        price: string;
                        /** @description null for a settled_loss. */
                        settlement_transaction_id: string | null;
                        /** @description A decimal amount with two decimals, as a string. */
                        stake: string;
                        /** @enum {string} */
                        state: "settled_win" | "settled_loss";
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "position.settled";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_position_settlement_corrected: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "position.settlement_corrected",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "previous_state": "settled_loss",
                 *         "state": "settled_win",
                 *         "previous_payout": "0",
                 *         "payout": "19.09",
                 *         "reversed_transaction_id": null,
                 *         "settlement_transaction_id": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        external_user_id: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description A decimal amount as a string; "0" for a settled_loss. */
                        payout: string;
                        /** Format: uuid */
                        position_id: string;
                        /** @description A decimal amount as a string; "0" for a settled_loss. */
                        previous_payout: string;
                        /** @enum {string} */
                        previous_state: "settled_win" | "settled_loss";
                        /** @description null when the position was settled_loss. */
                        reversed_transaction_id: string | null;
                        /** @description null when it is now settled_loss. */
                        settlement_transaction_id: string | null;
                        /**
                         * @description Never equal to previous_state.
                         * @enum {string}
                         */
                        state: "settled_win" | "settled_loss";
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "position.settlement_corrected";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_position_void_corrected: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "position.void_corrected",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "previous_state": "voided",
                 *         "state": "settled_win",
                 *         "stake": "10.00",
                 *         "previous_payout": "10.00",
                 *         "payout": "19.09",
                 *         "reversed_transaction_id": "7a6b5c4d-3e2f-4109-8a7b-6c5d4e3f2a1b",
                 *         "settlement_transaction_id": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        external_user_id: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description A decimal amount as a string; "0" for a settled_loss. */
                        payout: string;
                        /** Format: uuid */
                        position_id: string;
                        /** @description A decimal amount as a string; "0" for a settled_loss. */
                        previous_payout: string;
                        /** @enum {string} */
                        previous_state: "voided" | "settled_win" | "settled_loss";
                        reversed_transaction_id: string | null;
                        settlement_transaction_id: string | null;
                        /** @description A decimal amount with two decimals, as a string. */
                        stake: string;
                        /**
                         * @description Exactly one of previous_state and state is voided.
                         * @enum {string}
                         */
                        state: "voided" | "settled_win" | "settled_loss";
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "position.void_corrected";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_position_voided: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "position.voided",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "position_id": "0b6f3c1e-5d0a-4a53-9f0e-8a1c2b3d4e5f",
                 *         "external_user_id": "user-4711",
                 *         "market_slug": "election-2026",
                 *         "outcome_id": "6d1a7b2c-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
                 *         "state": "voided",
                 *         "stake": "10.00",
                 *         "payout": "10.00",
                 *         "settlement_transaction_id": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        external_user_id: string;
                        market_slug: string;
                        /** Format: uuid */
                        outcome_id: string;
                        /** @description Equal to stake. */
                        payout: string;
                        /** Format: uuid */
                        position_id: string;
                        /**
                         * Format: uuid
                         * @description The market_void_refund.
                         */
                        settlement_transaction_id: string;
                        /** @description A decimal amount with two decimals, as a string. */
                        stake: string;
                        /** @constant */
                        state: "voided";
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "position.voided";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_reconciliation_discrepancy: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "reconciliation.discrepancy",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "discrepancy_id": "2d3c4b5a-6978-4e6d-8c5b-4a3f2e1d0c9b",
                 *         "report_id": "5e4d3c2b-1a09-4f8e-9d7c-6b5a4e3d2c1b",
                 *         "external_user_id": "user-4711",
                 *         "ledger_balance": "120.00",
                 *         "operator_balance": "100.00",
                 *         "delta": "20.00"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /** @description ledger_balance minus operator_balance. */
                        delta: string;
                        /** Format: uuid */
                        discrepancy_id: string;
                        external_user_id: string;
                        /** @description A decimal amount with two decimals, as a string. */
                        ledger_balance: string;
                        /** @description A decimal amount with two decimals, as a string. */
                        operator_balance: string;
                        /**
                         * Format: uuid
                         * @description The reconciliation run that found it.
                         */
                        report_id: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "reconciliation.discrepancy";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_report_ready: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id; equals the body field id. Deduplicate on it. */
                "X-Webhook-Delivery": string;
                /** @description The event type; equals the body field event. */
                "X-Webhook-Event": string;
                /** @description sha256=`<hex HMAC-SHA256 of the raw body with the webhook_secret>`, lower case. */
                "X-Webhook-Signature": string;
                /** @description `t=<timestamp>,v1=<signature>`: the timestamp is X-Webhook-Timestamp, the signature the lower-case hex HMAC-SHA256, with the webhook_secret, of the timestamp, a dot and the raw body. Refuse one whose t is more than 5 minutes from your clock: a replayed delivery. */
                "X-Webhook-Signature-V2": string;
                /** @description When this attempt was signed: unix seconds. Each attempt (a retry, a resend) is signed anew. */
                "X-Webhook-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8c7b6a59-4837-4261-9f0e-1d2c3b4a5968",
                 *       "event": "report.ready",
                 *       "occurred_at": "2026-11-25T12:00:00.000Z",
                 *       "data": {
                 *         "report_id": "5e4d3c2b-1a09-4f8e-9d7c-6b5a4e3d2c1b",
                 *         "report_type": "transactions",
                 *         "format": "csv",
                 *         "download_path": "/v1/reports/5e4d3c2b-1a09-4f8e-9d7c-6b5a4e3d2c1b/download",
                 *         "expires_at": "2026-11-26T12:00:00.000Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    data: {
                        /** @description /v1/reports/{id}/download: a path, never a pre-signed URL. */
                        download_path: string;
                        /** @description RFC 3339 UTC. */
                        expires_at: string;
                        /** @enum {string} */
                        format: "json" | "csv";
                        /** Format: uuid */
                        report_id: string;
                        report_type: string;
                        /**
                         * @description Present, true, only on a test event (POST /v1/webhooks/test): verify and acknowledge it, apply no money.
                         * @constant
                         */
                        test?: true;
                    };
                    /** @constant */
                    event: "report.ready";
                    /**
                     * Format: uuid
                     * @description Equals X-Webhook-Delivery.
                     */
                    id: string;
                    /** @description When the state change committed, never the send time. */
                    occurred_at: string;
                };
            };
        };
        responses: {
            /** @description Recorded (or an event type the receiver does not know). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
