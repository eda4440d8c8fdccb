import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { MessageKey } from '../i18n/index.js';
import { useWidget } from './context.js';

/** Codes a user can meet, each with its own message (decisions part 7). */
const KNOWN = new Set([
  'price_moved',
  'stake_limit_exceeded',
  'would_overdraw',
  'market_suspended',
  'rate_limited',
  'user_blocked',
  'positions_paused',
  'position_terminal',
  'saved_markets_limit_reached',
  'state_conflict',
  'validation_failed',
  'market_not_ready',
  'network',
  'idempotency_key_in_progress',
  'tenant_suspended',
]);

/** The message for an API failure, with what the user can do next passed in as children (buttons). */
export function ErrorNote({ error, children }: { error: ApiFailure; children?: ComponentChildren }) {
  const { texts, fmt } = useWidget();
  const [seconds, setSeconds] = useState(error.retryAfter ?? 0);
  useEffect(() => {
    setSeconds(error.retryAfter ?? 0);
    if (!error.retryAfter) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [error]);
  const key = (KNOWN.has(error.code) ? `error.${error.code}` : 'error.internal') as MessageKey;
  const remaining = typeof error.details?.remaining === 'string' ? fmt.money(error.details.remaining) : '';
  return (
    <div class="note error" role="alert">
      <p>{texts.t(key, { remaining, seconds: Math.max(1, seconds) })}</p>
      {children && <div class="actions">{children}</div>}
    </div>
  );
}
