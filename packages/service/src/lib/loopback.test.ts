import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback.js';

describe('isLoopbackHost', () => {
  it('takes localhost, 127.0.0.0/8 and ::1 in their spellings', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses every address others can reach, and names', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '192.168.1.10',
      '10.0.0.1',
      'example.com',
      'localhost.example.com',
      '',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
