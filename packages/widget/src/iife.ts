/** The script-tag bundle (widget.iife.js): one global, PredictionMarketWidget, with one method, mount. */
import { mount, VERSION } from './mount.js';
import type { MountOptions } from './options.js';

/** Where this script was loaded from, read while it runs (currentScript is gone afterwards). */
const script = document.currentScript as HTMLScriptElement | null;
const bundleBase = script?.src ? new URL('.', script.src).href.replace(/\/$/, '') : null;

/**
 * A page that loads this script twice (two pasted snippets) keeps the first copy of the same version:
 * the views chunk binds to one copy's Preact and context (shared-runtime.ts), so widgets mounted
 * through a second copy would draw the chunk's views with a Preact that is not theirs.
 */
const page = window as unknown as { PredictionMarketWidget?: { version?: string } };
if (page.PredictionMarketWidget?.version !== VERSION)
  page.PredictionMarketWidget = Object.freeze({
    version: VERSION,
    mount: (options: MountOptions) => mount(options, bundleBase),
  });
