import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import { useWidget } from './context.js';
import { failureMessageKey } from './error-codes.js';

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
  const key = failureMessageKey(error);
  const remaining = typeof error.details?.remaining === 'string' ? fmt.money(error.details.remaining) : '';
  return (
    <div class="note error" role="alert">
      <p>{texts.t(key, { remaining, seconds: fmt.number(Math.max(1, seconds), 0) })}</p>
      {children && <div class="actions">{children}</div>}
    </div>
  );
}
