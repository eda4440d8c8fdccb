import type * as Views from './views.js';

export type ViewsModule = typeof Views;

/** The views chunk of one mount: loaded once, on first need or when the first view is up. */
export interface LazyViews {
  /** The chunk when it has arrived, else null. */
  current(): ViewsModule | null;
  /** Loads it (once; a failed load may be tried again), handing it to `arrived` before any view uses it. */
  load(): Promise<ViewsModule>;
}

/**
 * Where the chunk of this very version lives: beside the bundle under its exact version
 * (/widget/v1.2.3/views.js, immutable), so a page holding an older /widget/v1/ bundle from its cache
 * never pairs it with a newer chunk. A bundle served from elsewhere looks beside itself.
 */
export function viewsUrl(bundleBase: string, version: string): string {
  return `${bundleBase.replace(/\/v\d+(\.\d+\.\d+[^/]*)?$/, `/v${version}`)}/views.js`;
}

export function lazyViews(url: string, arrived: (views: ViewsModule) => void): LazyViews {
  let loaded: ViewsModule | null = null;
  let loading: Promise<ViewsModule> | null = null;
  let failures = 0;
  return {
    current: () => loaded,
    load() {
      // Some browsers keep a failed module load in their module map: a retry asks for another URL.
      const attempt = failures === 0 ? url : `${url}?attempt=${failures}`;
      loading ??= (import(/* @vite-ignore */ attempt) as Promise<ViewsModule>).then(
        (module) => {
          arrived(module);
          return (loaded = module);
        },
        (error: unknown) => {
          loading = null;
          failures += 1;
          throw error;
        },
      );
      return loading;
    },
  };
}
