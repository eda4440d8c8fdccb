import type { Texts } from '../i18n/index.js';
import { FailureNote } from './failure-note.js';
import { CardsSkeleton } from './skeleton.js';

/**
 * What the widget shows before it can show itself: the skeleton of the market list while the first
 * reads are on their way, or, when they failed, what failed and a way to try again. Rendered outside
 * the widget's context, which needs the tenant's config.
 */
export function FirstLoad({
  failed,
}: {
  failed: { texts: Texts; onRetry: () => void; message?: 'load.failed' | 'error.widget_paused' } | null;
}) {
  if (!failed)
    return (
      <div class="app">
        <div class="bone header-line" />
        <CardsSkeleton />
      </div>
    );
  const { texts, onRetry, message = 'load.failed' } = failed;
  return (
    <div class="app" dir={texts.dir} lang={texts.locale}>
      <FailureNote texts={texts} message={texts.t(message)} onRetry={onRetry} />
    </div>
  );
}
