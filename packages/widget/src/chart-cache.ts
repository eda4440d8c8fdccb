/**
 * Answers of /history kept for a while per market and range, so a range clicked again or a market
 * opened again does not spend the user's feed tier (60 a minute) on 1–3 requests each time. Pure: time
 * is passed in.
 */
export const HISTORY_FRESH_MS = 60_000;

export class HistoryCache<T> {
  private readonly entries = new Map<string, { answer: T; at: number }>();

  get(slug: string, range: string, now: number): T | null {
    const entry = this.entries.get(`${slug} ${range}`);
    return entry && now - entry.at < HISTORY_FRESH_MS ? entry.answer : null;
  }

  set(slug: string, range: string, answer: T, now: number): void {
    // Stale entries go on each write, so the map holds at most what a minute of clicks asked for.
    for (const [key, entry] of this.entries) if (now - entry.at >= HISTORY_FRESH_MS) this.entries.delete(key);
    this.entries.set(`${slug} ${range}`, { answer, at: now });
  }
}
