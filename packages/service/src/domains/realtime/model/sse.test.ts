import { describe, expect, it } from 'vitest';
import { sseComment, sseEvent } from './sse.js';

describe('SSE framing', () => {
  it('writes an event with its name, id and data, ended by a blank line', () => {
    expect(sseEvent('balance', '12.0', '{"balance":"1.00"}')).toBe(
      'event: balance\nid: 12.0\ndata: {"balance":"1.00"}\n\n',
    );
  });

  it('gives each line of a payload its own data line, so a line break cannot end the event early', () => {
    expect(sseEvent('prices', '1.2', 'a\nb\r\nc')).toBe('event: prices\nid: 1.2\ndata: a\ndata: b\ndata: c\n\n');
  });

  it('writes comments on one line', () => {
    expect(sseComment('ping')).toBe(': ping\n\n');
    expect(sseComment('a\nb')).toBe(': a b\n\n');
  });
});
