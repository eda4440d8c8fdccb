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

/**
 * A request's URL as the log shows it: the path, and the query's parameter names with every value left
 * out. A value can be a credential (the portal's one-time sign-in link carries its token in the query,
 * enough to sign in as the tenant), and no list of names to hide would stay complete.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const name = part.split('=')[0]!;
      // A "name" can be a whole value too (`?pmk_sandbox_…`): only a short plain word is kept.
      return /^[\w.-]{1,40}$/.test(name) ? `${name}=…` : '…';
    });
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** The request as fastify's request log lines show it ({"req": …}), its URL through loggedUrl. */
interface LoggedRequest {
  method: string;
  url: string;
  host: string;
  ip: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's own request serializer but for the URL; pino's serializers of the service's logger take
 * precedence over fastify's. Nothing logs headers or bodies, where the other credentials travel.
 */
const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** The real logger: JSON lines on stdout with ISO times. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, timestamp: pino.stdTimeFunctions.isoTime, serializers });
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
  return { log: pino({ level, serializers }, sink), lines };
}
