/**
 * Answers the widget may show again for a while without asking, kept across reloads of the page: the
 * tenant's config, the leaderboard and the user's profile share the `widget_session` rate tier (10 a
 * minute per user), so a person who reloads a few times and looks at the board would otherwise run it
 * out (docs/widget.md, "How it behaves"). Kept in the host page's sessionStorage (this tab only, gone
 * when it closes) under a key of the API, the tenant environment and the user the session token names,
 * so another user or tenant on the same page never reads them. Where storage is refused (a private
 * mode, a sandboxed frame) the answers are kept in memory for this mount only.
 */
export interface Kept<T> {
  value: T;
  /** When it was read (ms since the epoch). */
  at: number;
}

declare const __WIDGET_VERSION__: string;
/** Keys carry the bundle's version: a new widget never reads answers in an older one's shape. */
const PREFIX = `pm-widget:${typeof __WIDGET_VERSION__ === 'string' ? __WIDGET_VERSION__ : 'dev'}:`;

export class ReadCache {
  private readonly memory = new Map<string, Kept<unknown>>();

  /** `scope` null: nothing is kept beyond this mount. */
  constructor(
    private readonly scope: string | null,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
  ) {}

  /** What was kept under `name`, however old: the caller decides what is fresh enough. */
  get<T>(name: string): Kept<T> | null {
    const inMemory = this.memory.get(name);
    if (inMemory) return inMemory as Kept<T>;
    const stored = this.read(name);
    if (stored) this.memory.set(name, stored);
    return stored as Kept<T> | null;
  }

  /** The value kept under `name` when it is younger than `maxAgeMs` at `now`. */
  fresh<T>(name: string, maxAgeMs: number, now: number): T | null {
    const kept = this.get<T>(name);
    return kept && now - kept.at < maxAgeMs && kept.at <= now ? kept.value : null;
  }

  set<T>(name: string, value: T, at: number): void {
    const kept = { value, at };
    this.memory.set(name, kept);
    this.attempt((storage, key) => storage.setItem(key, JSON.stringify(kept)), name);
  }

  /** Forgets what was kept under `name` (it changed). */
  drop(name: string): void {
    this.memory.delete(name);
    this.attempt((storage, key) => storage.removeItem(key), name);
  }

  private read(name: string): Kept<unknown> | null {
    let text: string | null = null;
    this.attempt((storage, key) => void (text = storage.getItem(key)), name);
    if (text === null) return null;
    try {
      const parsed = JSON.parse(text) as Partial<Kept<unknown>>;
      return typeof parsed.at === 'number' && 'value' in parsed ? { value: parsed.value, at: parsed.at } : null;
    } catch {
      return null;
    }
  }

  private attempt(use: (storage: NonNullable<ReadCache['storage']>, key: string) => void, name: string): void {
    if (this.scope === null || this.storage === null) return;
    try {
      use(this.storage, `${PREFIX}${this.scope}:${name}`);
    } catch {
      // Storage refused or full: the answer stays in memory.
    }
  }
}

/**
 * The scope of a session token's answers: the API and the token's tenant, environment and user (its
 * tid, env and sub claims, read without checking the signature, which only the service can and which
 * nothing here relies on). Null when the token does not name them.
 */
export function cacheScope(apiBase: string, token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const { tid, env, sub } = claims;
    if (typeof tid !== 'string' || typeof env !== 'string' || typeof sub !== 'string') return null;
    return JSON.stringify([apiBase, tid, env, sub]);
  } catch {
    return null;
  }
}

/** The page's sessionStorage, or null where reading it throws. */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
