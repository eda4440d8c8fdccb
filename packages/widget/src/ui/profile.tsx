import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import { useWidget } from './context.js';
import { ErrorNote } from './error-note.js';

interface Profile {
  display_name: string | null;
  show_on_leaderboard: boolean;
}

export function ProfileForm() {
  const { store, texts } = useWidget();
  const t = texts.t;
  const [name, setName] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const apply = (p: Profile) => (setName(p.display_name ?? ''), setShown(p.show_on_leaderboard));
  useEffect(() => {
    void store.api.get<Profile>('/v1/widget/profile').then((res) => res.ok && apply(res.value));
  }, []);
  const save = async (body: Profile | null) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    const res = body
      ? await store.api.send<Profile>('PUT', '/v1/widget/profile', body)
      : await store.api.send<null>('DELETE', '/v1/widget/profile');
    setBusy(false);
    if (!res.ok) return setError(res.error);
    apply(body ?? { display_name: null, show_on_leaderboard: false });
    setSaved(true);
  };
  return (
    <form
      aria-label={t('tab.profile')}
      onSubmit={(e) => {
        e.preventDefault();
        void save({ display_name: name.trim() === '' ? null : name.trim(), show_on_leaderboard: shown });
      }}
    >
      <div class="row">
        <label for="pm-display-name">{t('profile.name')}</label>
        <input
          id="pm-display-name"
          value={name}
          maxLength={24}
          autoComplete="nickname"
          aria-describedby="pm-display-name-hint"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <small id="pm-display-name-hint" class="muted">
          {t('profile.nameHint')}
        </small>
      </div>
      <label class="check">
        <input type="checkbox" checked={shown} onChange={(e) => setShown((e.target as HTMLInputElement).checked)} />
        {t('profile.show')}
      </label>
      {error && <ErrorNote error={error} />}
      {saved && (
        <p class="note ok" role="status">
          {t('profile.saved')}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {t('profile.save')}
        </button>
        <button type="button" disabled={busy} onClick={() => void save(null)}>
          {t('profile.reset')}
        </button>
      </div>
    </form>
  );
}
