import { createContext, type VNode } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { LazyViews, ViewsModule } from '../views-loader.js';
import { useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { CardsSkeleton } from './skeleton.js';

/**
 * The mount's views chunk. Apart from the widget's context, which the chunk's own views import: this
 * module and the loader are the main bundle's alone.
 */
export const Views = createContext<LazyViews | null>(null);

/**
 * A view from the views chunk: drawn at once when the chunk is here (it is prefetched after the first
 * view), else a skeleton while it loads, or what failed and Try again.
 */
export function Later({ view }: { view: (views: ViewsModule) => VNode }) {
  const { texts } = useWidget();
  const views = useContext(Views)!;
  const [loaded, setLoaded] = useState(views.current);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    views.load().then(setLoaded, () => setFailed(true));
  };
  useEffect(() => {
    if (!loaded) load();
  }, []);
  if (loaded) return view(loaded);
  if (failed)
    return (
      <ErrorNote error={{ code: 'network', message: '', details: null, retryAfter: null }}>
        <button type="button" onClick={load}>
          {texts.t('retry')}
        </button>
      </ErrorNote>
    );
  return <CardsSkeleton label={texts.t('loading')} cards={2} />;
}
