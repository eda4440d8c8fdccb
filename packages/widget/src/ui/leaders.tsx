import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { MessageKey } from '../i18n/index.js';
import { useWidget } from './context.js';
import { ErrorNote } from './error-note.js';

const PERIODS = ['day', 'week', 'month', 'all'] as const;
type Period = (typeof PERIODS)[number];

interface Board {
  entries: { rank: number; display_name: string; pnl: string; positions: number }[];
  me: { rank: number; pnl: string; positions: number } | null;
}

export function Leaders() {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const [period, setPeriod] = useState<Period>('week');
  const [board, setBoard] = useState<Board | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const load = async (p: Period) => {
    setError(null);
    const res = await store.api.get<Board>(`/v1/widget/leaderboard?period=${p}&limit=20`);
    if (res.ok) setBoard(res.value);
    else setError(res.error);
  };
  useEffect(() => void load(period), [period]);
  return (
    <section aria-label={t('tab.leaders')}>
      <div class="segmented" role="group" aria-label={t('leaders.period')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`leaders.${p}` as MessageKey)}
          </button>
        ))}
      </div>
      {error && (
        <ErrorNote error={error}>
          <button type="button" onClick={() => void load(period)}>
            {t('retry')}
          </button>
        </ErrorNote>
      )}
      {!board && !error && <p class="muted">{t('loading')}</p>}
      {board && board.entries.length === 0 && <p class="muted">{t('leaders.empty')}</p>}
      {board && board.entries.length > 0 && (
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
          <tbody>
            {board.entries.map((e) => (
              <tr key={`${e.rank}-${e.display_name}`}>
                <td>{e.rank}</td>
                <td dir="auto">{e.display_name}</td>
                <td class={Number(e.pnl) < 0 ? 'num negative' : 'num positive'}>{fmt.signedMoney(e.pnl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {board?.me && <p>{t('leaders.me', { rank: board.me.rank, pnl: fmt.signedMoney(board.me.pnl) })}</p>}
    </section>
  );
}
