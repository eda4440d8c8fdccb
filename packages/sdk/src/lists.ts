import type { ApiError } from './errors.js';
import type { paths } from './generated/openapi.generated.js';

/** One page of a list as a call answers it (every list answers `{data, next_cursor}`). */
export interface ListPage<T> {
  data?: { data: T[]; next_cursor: string | null };
  error?: ApiError;
  /** The answer, when there was one: its URL says the limit the page was asked with. */
  response?: Response | null;
}

/** The API's page size when a request names none. */
const DEFAULT_LIMIT = 50;

/** See OperatorClient.each. */
export async function* eachItem<T>(
  page: (cursor: string | undefined) => Promise<ListPage<T>>,
  options: { limit?: number } = {},
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const result = await page(cursor);
    if (result.data === undefined) throw result.error!;
    const { data, next_cursor } = result.data;
    yield* data;
    // A page shorter than asked is the last one now, whatever cursor came with it: the event feed answers
    // a cursor on its last page too (to poll from later), and asking again at once only finds it empty.
    const limit = limitAsked(result.response) ?? options.limit ?? DEFAULT_LIMIT;
    if (data.length === 0 || data.length < limit || next_cursor === null || next_cursor === cursor) return;
    cursor = next_cursor;
  }
}

function limitAsked(response: Response | null | undefined): number | null {
  if (!response?.url) return null;
  const limit = Number(new URL(response.url).searchParams.get('limit') ?? Number.NaN);
  return Number.isInteger(limit) && limit > 0 ? limit : null;
}

export type FeedEvent = paths['/v1/events']['get']['responses'][200]['content']['application/json']['data'][number];

/** What one poll of the feed found. */
export interface EventBatch {
  /** The events after the cursor polled from, oldest first, each byte for byte its webhook's body. */
  events: FeedEvent[];
  /**
   * Where to poll from next time: store it with what the events did (in the same transaction) and pass
   * it to the next poll. Null only while the environment has no event at all.
   */
  cursor: string | null;
  /** A full page came: more events are waiting, poll again now rather than at the next tick. */
  more: boolean;
}

export interface EventFeed {
  /**
   * One request to GET /v1/events: the events after `cursor` (null or absent: from the first event) and
   * the cursor to store for next time. It never loops by itself: call it on a timer (every few seconds),
   * and again at once while `more` is true. Events are delivered by webhook too; polling catches up after
   * an outage, and an event comes in both ways with the same id, so deduplicate on it.
   */
  poll(
    cursor?: string | null,
    options?: { limit?: number; signal?: AbortSignal },
  ): Promise<
    | { data: EventBatch; error?: never; response: Response }
    | { data?: never; error: ApiError; response: Response | null }
  >;
}

interface FeedClient {
  GET(
    path: '/v1/events',
    init: { params: { query: { after?: string; limit?: number } }; signal?: AbortSignal },
  ): Promise<{ data?: { data: FeedEvent[]; next_cursor: string | null }; error?: ApiError; response: Response | null }>;
}

export async function pollEvents(
  client: FeedClient,
  cursor: string | null | undefined,
  options: { limit?: number; signal?: AbortSignal } = {},
): ReturnType<EventFeed['poll']> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const query = { ...(cursor ? { after: cursor } : {}), limit };
  const result = await client.GET('/v1/events', { params: { query }, signal: options.signal });
  if (result.data === undefined) return { error: result.error!, response: result.response };
  const { data, next_cursor } = result.data;
  // The feed answers a cursor also when nothing is new; were it ever null, the stored one still holds.
  const batch = { events: data, cursor: next_cursor ?? cursor ?? null, more: data.length >= limit };
  return { data: batch, response: result.response! };
}
