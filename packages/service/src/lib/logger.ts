import { Writable } from 'node:stream';
import { pino } from 'pino';

/**
 * The service's one way to say something: structured JSON lines (pino), levels from LOG_LEVEL. The type
 * is what pino and fastify's request loggers share, so a verb logs through its request's child logger.
 */
export interface Logger {
  level: string;
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  child(bindings: Record<string, unknown>): Logger;
}

interface LogFn {
  (fields: object, message?: string): void;
  (message: string): void;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The real logger: JSON lines on stdout with ISO times. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, timestamp: pino.stdTimeFunctions.isoTime });
}

/** The test logger: keeps every line it is given, parsed, so a test can assert on what was logged. */
export function memoryLogger(level: LogLevel = 'debug'): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level }, sink), lines };
}
