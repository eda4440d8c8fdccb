import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { MessageKey } from '../i18n/index.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { knownProfile, rememberProfile, type Profile } from './leaders.js';
import { recordOf } from './portfolio-model.js';

/** The server's rule for display names; what reads as personal data only it can tell. */
const DISPLAY_NAME = /^[\p{L}\p{N} _.-]{3,24}$/u;

/** What is wrong with the name in words, before sending it; null when the server should judge it. */
function nameProblem(name: string, shown: boolean): MessageKey | null {
  if (name === '') return shown ? 'profile.nameNeeded' : null;
  return DISPLAY_NAME.test(name) && !name.includes('  ') ? null : 'profile.nameInvalid';
}

type Status = 'loading' | 'failed' | 'ready' | 'saved' | 'removed';

/**
 * The profile: a display name and whether to be shown on the leaderboard. A name's problem is said in
 * words next to the field, a taken one too (state_conflict); removing the profile asks first and says
 * what it does.
 */
export function ProfileForm() {
  const { store, texts } = useWidget();
  const t = texts.t;
  const [name, setName] = useState('');
  const [shown, setShown] = useState(false);
  const [stored, setStored] = useState<Profile | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  const show = (p: Profile) => {
    setStored(p);
    setName(p.display_name ?? '');
    setShown(p.show_on_leaderboard);
  };
  // What the server answered: kept, and the boards read again (the user's row may change).
  const apply = (p: Profile) => {
    rememberProfile(store, p);
    show(p);
  };
  const load = async () => {
    setStatus('loading');
    setError(null);
    const res = await store.api.get<Profile>('/v1/widget/profile');
    if (!res.ok) return (setError(res.error), setStatus('failed'));
    apply(res.value);
    setStatus('ready');
  };
  // A profile read or saved in this tab in the last minutes stands: no new read.
  useEffect(() => {
    const known = knownProfile(store);
    if (!known) return void load();
    show(known);
    setStatus('ready');
  }, []);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const save = async () => {
    const trimmed = name.trim();
    const problem = nameProblem(trimmed, shown);
    setFieldError(problem);
    setError(null);
    if (problem) return setStatus('ready');
    const body: Profile = { display_name: trimmed === '' ? null : trimmed, show_on_leaderboard: shown };
    setBusy(true);
    const res = await store.api.send<Profile>('PUT', '/v1/widget/profile', body);
    setBusy(false);
    if (res.ok) return (apply(res.value), setStatus('saved'));
    setStatus('ready');
    if (res.error.code === 'state_conflict') setFieldError('profile.nameTaken');
    else if (res.error.code === 'validation_failed') setFieldError('profile.nameRefused');
    else setError(res.error);
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    const res = await store.api.send<null>('DELETE', '/v1/widget/profile');
    setBusy(false);
    setConfirming(false);
    if (!res.ok) return setError(res.error);
    apply({ display_name: null, show_on_leaderboard: false });
    setFieldError(null);
    setStatus('removed');
  };

  if (status === 'failed' && error)
    return (
      <ErrorNote error={error}>
        <button type="button" onClick={() => void load()}>
          {t('retry')}
        </button>
      </ErrorNote>
    );
  const loading = status === 'loading';
  const hasProfile = stored !== null && (stored.display_name !== null || stored.show_on_leaderboard);
  return (
    <>
      <MyRecord />
      <form
        class="profile"
        aria-label={t('tab.profile')}
        aria-busy={loading}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {loading && (
          <p class="muted" role="status">
            {t('profile.loading')}
          </p>
        )}
        <div class="row">
          <label for="pm-display-name">{t('profile.name')}</label>
          <input
            id="pm-display-name"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            disabled={loading}
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError ? 'pm-display-name-error pm-display-name-hint' : 'pm-display-name-hint'}
            onInput={(e) => {
              setName((e.target as HTMLInputElement).value);
              setFieldError(null);
              if (status !== 'loading') setStatus('ready');
            }}
          />
          {fieldError && (
            <p id="pm-display-name-error" class="field-error" role="alert">
              {t(fieldError)}
            </p>
          )}
          <small id="pm-display-name-hint" class="muted">
            {t('profile.nameHint')}
          </small>
        </div>
        <label class="check">
          <input
            type="checkbox"
            checked={shown}
            disabled={loading}
            onChange={(e) => {
              setShown((e.target as HTMLInputElement).checked);
              setFieldError(null);
              if (status !== 'loading') setStatus('ready');
            }}
          />
          {t('profile.show')}
        </label>
        {error && <ErrorNote error={error} />}
        {status === 'saved' && (
          <p class="note ok" role="status">
            {t('profile.saved')}
          </p>
        )}
        {status === 'removed' && (
          <p class="note ok" role="status">
            {t('profile.removed')}
          </p>
        )}
        {!confirming && (
          <div class="actions">
            <button type="submit" class="primary" disabled={busy || loading}>
              {t('profile.save')}
            </button>
            {hasProfile && (
              <button ref={removeButton} type="button" disabled={busy} onClick={() => setConfirming(true)}>
                {t('profile.reset')}
              </button>
            )}
          </div>
        )}
        {confirming && (
          <div class="note" role="group" aria-labelledby="pm-remove-question">
            <p id="pm-remove-question">{t('profile.confirmRemove')}</p>
            <div class="actions">
              <button type="button" class="danger" disabled={busy} onClick={() => void remove()}>
                {t('profile.remove')}
              </button>
              <button
                ref={keep}
                type="button"
                disabled={busy}
                onClick={() => {
                  setConfirming(false);
                  setTimeout(() => removeButton.current?.focus());
                }}
              >
                {t('profile.keep')}
              </button>
            </div>
          </div>
        )}
      </form>
    </>
  );
}

/**
 * The user's own figures beside their name, from the positions the widget read: what ended positions
 * came to, how many are open, and the markets won (Polymarket's and Kalshi's profile pages lead with these).
 */
function MyRecord() {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const positions = useSelect((s) => s.positions);
  const read = useSelect((s) => s.positionsRead);
  // Figures from a failed or cut-short read would be wrong: none rather than those.
  if (read === null || read.error || read.capped) return null;
  const record = recordOf(positions.values());
  const pnl = record.pnlCents / 100;
  return (
    <dl class="record" aria-label={t('profile.record')}>
      <div>
        <dt>{t('profile.pnl')}</dt>
        <dd class={pnl > 0 ? 'positive' : pnl < 0 ? 'negative' : ''}>{fmt.signedMoney(pnl)}</dd>
      </div>
      <div>
        <dt>{t('profile.open')}</dt>
        <dd>{fmt.number(record.open, 0)}</dd>
      </div>
      <div>
        <dt>{t('profile.won')}</dt>
        <dd>
          {t('profile.wonOf', { won: fmt.number(record.marketsWon, 0), ended: fmt.number(record.marketsEnded, 0) })}
        </dd>
      </div>
    </dl>
  );
}
