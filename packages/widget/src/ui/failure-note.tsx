import type { Texts } from '../i18n/index.js';

/** What failed, in words, and Try again: for a load the widget itself made (its first view, the views chunk). */
export function FailureNote({ texts, message, onRetry }: { texts: Texts; message: string; onRetry: () => void }) {
  return (
    <div class="note error" role="alert">
      <p>{message}</p>
      <div class="actions">
        <button type="button" onClick={onRetry}>
          {texts.t('retry')}
        </button>
      </div>
    </div>
  );
}
