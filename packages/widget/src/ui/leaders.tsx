import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { MessageKey } from '../i18n/index.js';
import type { Store } from '../store.js';
import { useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { TableSkeleton } from './skeleton.js';

const PERIODS = ['day', 'week', 'month', 'all'] as const;
type Period = (typeof PERIODS)[number];

interface Standing {
  rank: number;
  pnl: string;
  positions: number;
}
interface Board {
  entries: ({ display_name: string } & Standing)[];
  /** The session's own user, also when not shown (then the rank it would have, which another row may hold). */
  me: Standing | null;
}
export interface Profile {
  display_name: string | null;
  show_on_leaderboard: boolean;
}

/**
 * The leaderboard and the profile read the `widget_session` tier, 10 a minute per user with the session
 * refresh and the config: a board is kept for BOARD_FRESH_MS per period and the profile five minutes
 * (store.cache, read-cache.ts, also across reloads), so switching tabs and periods, or reloading, does
 * not spend the budget. The profile form keeps both current.
 */
const BOARD_FRESH_MS = 30_000;
/** After a 429 without a Retry-After, the board is asked again after this long (once). */
const RATE_LIMITED_RETRY_MS = 10_000;
const boardKey = (p: Period) => `leaderboard:${p}`;

/** How long a profile read stands: another tab of the same user may change it. */
const PROFILE_FRESH_MS = 5 * 60_000;

/** The profile last read or saved in this tab in the last five minutes, if any. */
export function knownProfile(store: Store): Profile | undefined {
  return store.cache.fresh<Profile>('profile', PROFILE_FRESH_MS, Date.now()) ?? undefined;
}

/** The profile as the server now has it (after a read, a save or a removal): the boards change with it. */
export function rememberProfile(store: Store, profile: Profile): void {
  store.cache.set('profile', profile, Date.now());
  for (const p of PERIODS) store.cache.drop(boardKey(p));
}

const tone = (pnl: string) => (Number(pnl) < 0 ? 'negative' : Number(pnl) > 0 ? 'positive' : '');

/**
 * The user's own line under the board, consistent with it: when shown, their row is highlighted, or
 * their rank given when the row is below the table; when hidden, why, and their result without a rank
 * (the rank `me` carries then belongs to someone else's row).
 */
function MyStanding(props: { board: Board; profile: Profile; inTable: boolean; onProfile?: () => void }) {
  const { board, profile, inTable, onProfile } = props;
  const { texts, fmt } = useWidget();
  const t = texts.t;
  if (!profile.show_on_leaderboard)
    return (
      <div class="note standing" data-state="hidden">
        <p>
          {/* With a name, only the box is missing; without one, both. */}
          {t(profile.display_name ? 'leaders.hiddenNamed' : 'leaders.hidden', { show: t('profile.show') })}
          {board.me && <> {t('leaders.wouldBe', { pnl: fmt.signedMoney(board.me.pnl) })}</>}
        </p>
        {onProfile && (
          <button type="button" onClick={onProfile}>
            {t('leaders.toProfile')}
          </button>
        )}
      </div>
    );
  if (inTable) return null;
  if (!board.me) return <p class="muted">{t('leaders.noResult')}</p>;
  return (
    <p class="standing" data-state="shown">
      {t('leaders.me', { rank: fmt.number(board.me.rank, 0), pnl: fmt.signedMoney(board.me.pnl) })}
    </p>
  );
}

export function Leaders({ onProfile }: { onProfile?: () => void }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const [period, setPeriod] = useState<Period>('week');
  const kept = (p: Period) => store.cache.get<Board>(boardKey(p));
  const cached = (p: Period) => store.cache.fresh<Board>(boardKey(p), BOARD_FRESH_MS, Date.now());
  const [board, setBoard] = useState<Board | null>(() => cached(period));
  const [profile, setProfile] = useState<Profile | null>(() => knownProfile(store) ?? null);
  const [error, setError] = useState<ApiFailure | null>(null);
  /** A 429 while a board of this period is shown: it stays, with a note, and is asked again once. */
  const [limited, setLimited] = useState(false);
  // The period selected now: an answer for another (a slow one for an earlier click) is not shown.
  const selected = useRef(period);
  selected.current = period;
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = async (p: Period, fresh = false, again = true) => {
    clearTimeout(retry.current);
    setError(null);
    setLimited(false);
    const fresher = fresh ? null : cached(p);
    // A stale board of this period stays shown while it is read again; another period's never does.
    setBoard(fresher ?? kept(p)?.value ?? null);
    if (fresher) return;
    const res = await store.api.get<Board>(`/v1/widget/leaderboard?period=${p}&limit=20`);
    if (res.ok) {
      store.cache.set(boardKey(p), res.value, Date.now());
    }
    if (selected.current !== p) return;
    if (res.ok) return setBoard(res.value);
    if (res.error.code === 'rate_limited' && again) {
      const wait = res.error.retryAfter ? res.error.retryAfter * 1000 : RATE_LIMITED_RETRY_MS;
      retry.current = setTimeout(() => void load(p, true, false), wait);
      if (kept(p)) return setLimited(true);
    }
    setError(res.error);
  };
  useEffect(() => {
    void load(period);
    return () => clearTimeout(retry.current);
  }, [period]);
  // Whether the user is on the board at all (GET /v1/widget/profile).
  useEffect(() => {
    if (knownProfile(store)) return;
    void store.api.get<Profile>('/v1/widget/profile').then((res) => {
      if (!res.ok) return;
      store.cache.set('profile', res.value, Date.now());
      setProfile(res.value);
    });
  }, []);

  const myName = profile?.show_on_leaderboard ? profile.display_name?.toLowerCase() : undefined;
  const isMe = (name: string) => myName !== undefined && name.toLowerCase() === myName;
  const inTable = board?.entries.some((e) => isMe(e.display_name)) ?? false;
  return (
    <section aria-label={t('tab.leaders')} class="leaders">
      <div class="segmented" role="group" aria-label={t('leaders.period')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`leaders.${p}` as MessageKey)}
          </button>
        ))}
      </div>
      {limited && (
        <p class="muted limited" role="status">
          {t('leaders.limited')}
        </p>
      )}
      {error && (
        <ErrorNote error={error}>
          <button type="button" onClick={() => void load(period, true)}>
            {t('retry')}
          </button>
        </ErrorNote>
      )}
      {!board && !error && (
        <p class="visually-hidden" role="status">
          {t('leaders.loading')}
        </p>
      )}
      {board && board.entries.length === 0 && <p class="muted">{t('leaders.empty')}</p>}
      {((!board && !error) || (board && board.entries.length > 0)) && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('leaders.rank')}</th>
              <th scope="col">{t('leaders.name')}</th>
              <th scope="col" class="num">
                {t('leaders.pnl')}
              </th>
            </tr>
          </thead>
          {!board && <TableSkeleton columns={3} />}
          {board && (
            <tbody>
              {board.entries.map((e) => (
                <tr
                  key={`${e.rank}-${e.display_name}`}
                  class={isMe(e.display_name) ? 'me' : undefined}
                  aria-current={isMe(e.display_name) ? 'true' : undefined}
                >
                  <td>{fmt.number(e.rank, 0)}</td>
                  <td>
                    <span dir="auto">{e.display_name}</span>
                    {isMe(e.display_name) && <span class="you">{t('leaders.you')}</span>}
                  </td>
                  <td class={`num ${tone(e.pnl)}`}>{fmt.signedMoney(e.pnl)}</td>
                </tr>
              ))}
            </tbody>
          )}
        </table>
      )}
      {board && profile && <MyStanding board={board} profile={profile} inTable={inTable} onProfile={onProfile} />}
    </section>
  );
}
