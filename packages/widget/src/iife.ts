/** The script-tag bundle (widget.iife.js): one global, PredictionMarketWidget, with one method, mount. */
import { mount, VERSION } from './mount.js';
import type { MountOptions } from './options.js';

/** Where this script was loaded from, read while it runs (currentScript is gone afterwards). */
const script = document.currentScript as HTMLScriptElement | null;
const bundleBase = script?.src ? new URL('.', script.src).href.replace(/\/$/, '') : null;

(window as unknown as { PredictionMarketWidget: unknown }).PredictionMarketWidget = Object.freeze({
  version: VERSION,
  mount: (options: MountOptions) => mount(options, bundleBase),
});
