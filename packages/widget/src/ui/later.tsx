import { createContext, type VNode } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { LazyViews, ViewsModule } from '../views-loader.js';
import { useWidget } from './context.js';
import { FailureNote } from './failure-note.js';
import { CardsSkeleton } from './skeleton.js';

/**
 * The mount's views chunk. Apart from the widget's context, which the chunk's own views import: this
 * module and the loader are the main bundle's alone.
 */
export const Views = createContext<LazyViews | null>(null);

/**
 * A view from the views chunk: drawn at once when the chunk is here (it is prefetched after the first
 * view), else a skeleton while it loads, or what failed and Try again. A chunk that cannot load at all
 * (a page kept open across a release asks for the old version's chunk) is the page's to reload: the
 * message says so.
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
  if (failed) return <FailureNote texts={texts} message={texts.t('views.failed')} onRetry={load} />;
  return <CardsSkeleton label={texts.t('loading')} cards={2} />;
}
