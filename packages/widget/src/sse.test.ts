import { describe, expect, it } from 'vitest';
import { sseParser } from './sse.js';

describe('sseParser', () => {
  it('reads events split anywhere across chunks, drops comments, keeps the last id', () => {
    const feed = sseParser();
    expect(feed(': ping\n\nid: 1.2\nevent: pri')).toEqual([]);
    expect(feed('ces\ndata: {"a":1}\n')).toEqual([]);
    expect(feed('\nevent: balance\r\ndata: {"balance":"1.00"}\r\n\r\n')).toEqual([
      { event: 'prices', data: '{"a":1}', id: '1.2' },
      { event: 'balance', data: '{"balance":"1.00"}', id: '1.2' },
    ]);
  });

  it('joins multi-line data and defaults the event name', () => {
    expect(sseParser()('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb', id: null }]);
  });
});
