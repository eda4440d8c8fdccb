/** One error answer as the service gave it: what a support request quotes (request_id) and what it was. */
export interface ErrorAnswer {
  requestId: string;
  tenantId: string | null;
  environment: string | null;
  code: string;
  status: number;
  method: string;
  /** The route's pattern (/v1/markets/:slug), never the URL a client sent. */
  route: string;
  at: Date;
}

/** How many answers of one code, tenant and environment a minute saw. */
export interface MinuteCount {
  minute: Date;
  environment: string | null;
  tenantId: string | null;
  code: string;
  count: number;
}

const MINUTE_MS = 60_000;

export const minuteOf = (at: Date): Date => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

const keyOf = (c: Pick<MinuteCount, 'minute' | 'environment' | 'tenantId' | 'code'>) =>
  `${c.minute.getTime()}|${c.environment ?? ''}|${c.tenantId ?? ''}|${c.code}`;

/**
 * Adds one answer to the per-minute counts being gathered: one row per (minute, environment, tenant, code),
 * so a flood of one refusal is one upserted row, not one per answer.
 */
export function tally(
  counts: Map<string, MinuteCount>,
  answer: Pick<ErrorAnswer, 'at' | 'environment' | 'tenantId' | 'code'>,
  by = 1,
): void {
  const row = {
    minute: minuteOf(answer.at),
    environment: answer.environment,
    tenantId: answer.tenantId,
    code: answer.code,
  };
  const key = keyOf(row);
  const seen = counts.get(key);
  if (seen) seen.count += by;
  else counts.set(key, { ...row, count: by });
}

/** The counts of a list of answers. */
export function countsOf(
  answers: readonly Pick<ErrorAnswer, 'at' | 'environment' | 'tenantId' | 'code'>[],
): MinuteCount[] {
  const counts = new Map<string, MinuteCount>();
  for (const a of answers) tally(counts, a);
  return [...counts.values()];
}

/** Puts counts back into the ones being gathered (a write that failed is tried again with the next). */
export function restore(counts: Map<string, MinuteCount>, failed: readonly MinuteCount[]): void {
  for (const c of failed)
    tally(counts, { at: c.minute, environment: c.environment, tenantId: c.tenantId, code: c.code }, c.count);
}
