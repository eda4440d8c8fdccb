/** A reader of the realtime stream over real HTTP (fetch, as the widget reads it), for the tests. */

export interface SseMessage {
  /** 'comment' for a line starting with a colon (its text in data), else the event's name. */
  event: string;
  id: string | null;
  data: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event and comment so far, in order. */
  messages: SseMessage[];
  /** The body of an answer that was not a stream (an error envelope), parsed. */
  json: any;
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Waits for the first message from index `from` on that matches, or fails after timeoutMs. */
  next(match: (m: SseMessage) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<SseMessage>;
  /** Events only (no comments). */
  events(): SseMessage[];
  lastEventId(): string | null;
  close(): void;
}

/** Parses one block of an event stream (the text between blank lines). */
function parseBlock(block: string, at: number): SseMessage | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  const comments: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comments.push(line.slice(1).trim());
    else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0 && id === null && comments.length > 0)
    return { event: 'comment', id: null, data: comments.join('\n'), at };
  if (data.length === 0) return null;
  return { event, id, data: data.join('\n'), at };
}

export async function openSse(
  base: string,
  token: string,
  markets: readonly string[] | string,
  options: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const query = typeof markets === 'string' ? markets : markets.join(',');
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...options.headers };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const res = await fetch(`${base}/v1/widget/stream?markets=${encodeURIComponent(query)}`, {
    headers,
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let json: any = null;
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let finished: Promise<void>;
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const text = await res.text();
    json = text ? JSON.parse(text) : null;
    ended = true;
    finished = Promise.resolve();
  } else {
    finished = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const message = parseBlock(buffer.slice(0, cut), Date.now());
            buffer = buffer.slice(cut + 2);
            if (message) messages.push(message);
          }
          notify();
        }
      } catch {
        // aborted by close(), or the connection dropped
      } finally {
        ended = true;
        notify();
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    messages,
    json,
    ended: finished,
    isEnded: () => ended,
    events: () => messages.filter((m) => m.event !== 'comment'),
    lastEventId: () => [...messages].reverse().find((m) => m.id !== null)?.id ?? null,
    next(match, { from = 0, timeoutMs = 5_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (ended) {
            cleanup();
            reject(new Error(`the stream ended without the message; got ${JSON.stringify(messages.slice(from))}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(from))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
