import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from './request-logger.js';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, out) as unknown as FastifyBaseLogger, lines };
}

describe('a request logger', () => {
  it('logs at enabled levels with its request id, and makes no child for lines below the level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const request = requestLoggerFactory(logger, { reqId: 'req_1' }, {});
    request.info('incoming request');
    request.debug({ a: 1 }, 'detail');
    expect(child).not.toHaveBeenCalled();
    request.warn({ code: 'x' }, 'refused');
    request.error('failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, msg, level }) => ({ reqId, msg, level }))).toEqual([
      { reqId: 'req_1', msg: 'refused', level: 40 },
      { reqId: 'req_1', msg: 'failed', level: 50 },
    ]);
    expect(lines[0]).toMatchObject({ code: 'x' });
    expect((request as unknown as { bindings(): object }).bindings()).toEqual({ reqId: 'req_1' });
    expect(request.level).toBe('warn');
  });

  it("follows the service's level, a child's own level, and a route's options", () => {
    const { logger, lines } = capture('silent');
    const request = requestLoggerFactory(logger, { reqId: 'req_2' }, {});
    request.fatal('not shown');
    request.level = 'info';
    request.info('shown');
    expect(lines.map((line) => line.msg)).toEqual(['shown']);
    const routed = requestLoggerFactory(logger, { reqId: 'req_3' }, { level: 'debug' });
    routed.debug('route level');
    expect(lines.at(-1)).toMatchObject({ reqId: 'req_3', msg: 'route level' });
    request.child({ step: 'x' }).info('grandchild');
    expect(lines.at(-1)).toMatchObject({ reqId: 'req_2', step: 'x', msg: 'grandchild' });
  });
});
