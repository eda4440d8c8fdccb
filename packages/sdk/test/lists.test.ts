import { describe, expect, it } from 'vitest';
import { createOperatorClient } from '../src/index.js';

/**
 * each() and events.poll() under a scripted event feed (GET /v1/events), which answers a cursor on its
 * last page too: the shape that made each() ask again at once, forever (issue 29: 33,844 requests in 49 s).
 */
const event = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  event: 'position.opened',
  occurred_at: '2026-06-01T12:00:00.000Z',
  data: { n },
});

/** The six answers of the loop: two full pages, a short one, then the same cursor, empty, again. */
const SIX = [
  { data: [event(1), event(2)], next_cursor: 'c2' },
  { data: [event(3), event(4)], next_cursor: 'c4' },
  { data: [event(5)], next_cursor: 'c5' },
  { data: [], next_cursor: 'c5' },
  { data: [], next_cursor: 'c5' },
  { data: [], next_cursor: 'c5' },
];

function feed(pages: { data: unknown[]; next_cursor: string | null }[]) {
  const asked: URL[] = [];
  const pm = createOperatorClient({
    baseUrl: 'http://service.test',
    credential: 'pmk_sandbox_x',
    retry: { sleep: async () => {} },
    fetch: async (request) => {
      asked.push(new URL(request.url));
      const page = pages[asked.length - 1];
      // More requests than the script holds is the endless loop: fail the test rather than spin.
      if (!page) throw new Error(`request ${asked.length}: each() did not stop`);
      const answer = new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
      // A fetch answer carries the URL it was asked at; a constructed Response has none.
      Object.defineProperty(answer, 'url', { value: request.url });
      return answer;
    },
  });
  return { pm, asked };
}

describe('each()', () => {
  it('ends after the short page of the six requests that looped, having asked three times', async () => {
    const { pm, asked } = feed(SIX);
    const ids: string[] = [];
    for await (const e of pm.each((cursor) => pm.GET('/v1/events', { params: { query: { limit: 2, cursor } } })))
      ids.push(e.id);
    expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => event(n).id));
    expect(asked.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'c2', 'c4']);
  });

  it('ends on an empty page after full ones, and on a page without a next_cursor', async () => {
    const full = feed([SIX[0]!, SIX[1]!, { data: [], next_cursor: 'c4' }]);
    let count = 0;
    for await (const _ of full.pm.each((cursor) =>
      full.pm.GET('/v1/events', { params: { query: { limit: 2, cursor } } }),
    ))
      count++;
    expect([count, full.asked.length]).toEqual([4, 3]);
    const last = feed([SIX[0]!, { data: [event(3), event(4)], next_cursor: null }]);
    count = 0;
    for await (const _ of last.pm.each((cursor) =>
      last.pm.GET('/v1/events', { params: { query: { limit: 2, cursor } } }),
    ))
      count++;
    expect([count, last.asked.length]).toEqual([4, 2]);
  });

  it('takes the API’s default of 50 when the request names no limit, or the limit it is told', async () => {
    const { pm, asked } = feed(SIX);
    let count = 0;
    for await (const _ of pm.each((cursor) => pm.GET('/v1/events', { params: { query: { cursor } } }))) count++;
    expect([count, asked.length]).toEqual([2, 1]);
    const told = feed(SIX);
    const page = (cursor: string | undefined) => told.pm.GET('/v1/events', { params: { query: { cursor } } });
    count = 0;
    for await (const _ of told.pm.each(page, { limit: 2 })) count++;
    expect([count, told.asked.length]).toEqual([5, 3]);
  });
});

describe('events.poll()', () => {
  it('asks once per call and answers the events after the cursor and the cursor to keep', async () => {
    const { pm, asked } = feed(SIX);
    const first = await pm.events.poll(null, { limit: 2 });
    expect(first.data).toEqual({ events: [event(1), event(2)], cursor: 'c2', more: true });
    const second = await pm.events.poll(first.data!.cursor, { limit: 2 });
    expect(second.data).toMatchObject({ cursor: 'c4', more: true });
    const third = await pm.events.poll(second.data!.cursor, { limit: 2 });
    expect(third.data).toEqual({ events: [event(5)], cursor: 'c5', more: false });
    const idle = await pm.events.poll(third.data!.cursor, { limit: 2 });
    expect(idle.data).toEqual({ events: [], cursor: 'c5', more: false });
    expect(asked.map((url) => url.searchParams.get('after'))).toEqual([null, 'c2', 'c4', 'c5']);
  });

  it('keeps the stored cursor when the feed has none to give, and answers an error as a value', async () => {
    const empty = feed([{ data: [], next_cursor: null }]);
    expect((await empty.pm.events.poll('c9')).data).toEqual({ events: [], cursor: 'c9', more: false });
    const pm = createOperatorClient({
      baseUrl: 'http://service.test',
      credential: 'pmk_sandbox_x',
      fetch: async () =>
        new Response(JSON.stringify({ error: 'invalid_api_key', message: 'x', request_id: 'r', details: null }), {
          status: 401,
        }),
    });
    const refused = await pm.events.poll('c9');
    expect(refused.error).toMatchObject({ status: 401, code: 'invalid_api_key', retry: 'no' });
  });
});
