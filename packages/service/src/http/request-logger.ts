import type { FastifyBaseLogger } from 'fastify';

/** pino's level numbers (the service adds no levels): a call logs when its number is at least the logger's. */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const valueOf = (level: string) => LEVEL_VALUES[level] ?? Number.POSITIVE_INFINITY;

type Method = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Fastify gives every request a child of the service's logger bound to its request id. At the default
 * level (warn) almost no request logs anything, and making a pino child costs about a hundredth of a
 * request's CPU, so the child is made on the first line its request logs at an enabled level. A route
 * with options of its own (`logLevel`, `logSerializers`) gets its child at once.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new DeferredChild(logger, bindings) as unknown as FastifyBaseLogger;
}

class DeferredChild {
  #made: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings));
  }

  /** pino's: the bindings a line of this logger carries. */
  bindings(): Record<string, unknown> {
    return (this.made as unknown as { bindings(): Record<string, unknown> }).bindings();
  }

  get level(): string {
    return this.#made?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  private log(method: Method, args: unknown[]): void {
    if (this.#made === null && valueOf(method) < valueOf(this.#parent.level)) return;
    (this.made[method] as (...a: unknown[]) => void)(...args);
  }

  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  silent() {}

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}
