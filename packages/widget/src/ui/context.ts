import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { Formats } from '../format.js';
import type { Texts } from '../i18n/index.js';
import type { State, Store } from '../store.js';

export interface WidgetContext {
  store: Store;
  texts: Texts;
  /** Numbers, amounts and dates in the locale of texts and the operator's currency. */
  fmt: Formats;
  /** Sends a widget_runtime_error beacon (POST /v1/widget/error-reports); never throws. */
  report(error: unknown): void;
}

export const Widget = createContext<WidgetContext | null>(null);

export function useWidget(): WidgetContext {
  const context = useContext(Widget);
  if (!context) throw new Error('a widget view rendered outside the widget');
  return context;
}

/** The part of the state a view shows; the view re-renders when it changes. */
export function useSelect<T>(select: (state: State) => T): T {
  const { store } = useWidget();
  const [value, setValue] = useState(() => select(store.get()));
  useEffect(() => {
    const update = () => setValue(() => select(store.get()));
    update();
    return store.subscribe(update);
  }, [store]);
  return value;
}
