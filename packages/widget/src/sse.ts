/** One server-sent event of GET /v1/widget/stream: comments such as ": ping" are dropped. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules the widget needs: event, data, id, blank
 * line ends an event, CR LF or LF). Feed it chunks as they arrive; it returns the events completed.
 */
export function sseParser(): (chunk: string) => SseEvent[] {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  return (chunk) => {
    buffer += chunk;
    const done: SseEvent[] = [];
    let newline: number;
    while ((newline = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer[newline] === '\r' ? 2 : 1));
      if (line === '') {
        if (data.length > 0) done.push({ event: event || 'message', data: data.join('\n'), id });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    return done;
  };
}
