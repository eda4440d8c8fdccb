/**
 * Server-sent events framing (the WHATWG event-stream format): `event:`, `id:` and one `data:` line per
 * line of the payload, ended by a blank line; a line starting with a colon is a comment, which readers
 * skip (the stream's pings).
 */
export type StreamEventName = 'prices' | 'balance' | 'position';

export function sseEvent(name: StreamEventName, id: string, data: string): string {
  // JSON.stringify never writes a raw line break, but a payload with one must not end the event early.
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `event: ${name}\nid: ${id}\n${lines.join('')}\n`;
}

export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}
