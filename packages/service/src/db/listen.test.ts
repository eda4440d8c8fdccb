import { describe, expect, inject, it } from 'vitest';
import { memoryLogger } from '../lib/logger.js';
import { createPool } from './connection.js';
import { listenTo } from './listen.js';

const until = async (done: () => boolean, what: string) => {
  for (let i = 0; i < 250 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(done(), what).toBe(true);
};

describe('listenTo', () => {
  it('hears notifications, reconnects when the server ends its connection, and stops when closed', async () => {
    const name = `listen-test-${process.pid}-${Date.now()}`;
    const channel = `listen_test_${process.pid}`;
    const url = new URL(inject('databaseUrl'));
    url.searchParams.set('application_name', name);
    const logger = memoryLogger('warn');
    let heard = 0;
    let downs = 0;
    const payloads: (string | undefined)[] = [];
    const onNotify = (payload?: string) => {
      heard++;
      payloads.push(payload);
    };
    const listening = listenTo(url.toString(), channel, onNotify, logger.log, {
      firstBackoffMs: 20,
      maxBackoffMs: 100,
      onDown: () => downs++,
    });
    const pool = createPool(inject('databaseUrl'), 1);
    try {
      // Called once connected: what was sent while it was not listening must be read by the caller.
      await until(() => heard === 1, 'a call after connecting');
      await pool.query('select pg_notify($1, $2)', [channel, 'hello']);
      await until(() => heard === 2, 'the notification');
      // The payload is passed on; the call after connecting has none.
      expect(payloads).toEqual([undefined, 'hello']);
      expect(downs).toBe(0);

      await pool.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      await until(() => logger.lines.some((l) => String(l.msg).includes('is back')), 'a reconnection');
      expect(logger.lines.some((l) => String(l.msg).includes('LISTEN connection is down'))).toBe(true);
      expect(downs).toBeGreaterThanOrEqual(1);
      await until(() => heard === 3, 'a call after reconnecting');
      await pool.query('select pg_notify($1, $2)', [channel, '']);
      await until(() => heard === 4, 'a notification after reconnecting');

      const downsBeforeClose = downs;
      await listening.close();
      await pool.query('select pg_notify($1, $2)', [channel, '']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toBe(4);
      expect(downs, 'closing is no loss').toBe(downsBeforeClose);
      // Its connection is gone (the server may list it for a moment after the client left).
      const connections = async () =>
        (await pool.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [name]))
          .rows[0].n as number;
      let left = await connections();
      for (let i = 0; i < 50 && left > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        left = await connections();
      }
      expect(left).toBe(0);
    } finally {
      await listening.close();
      await pool.end();
    }
  });
});
