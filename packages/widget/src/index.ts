/** The module bundle (widget.esm.js): `import { mount } from '…/widget/v1/widget.esm.js'`. */
import { mount as mountWidget, VERSION, type Handle } from './mount.js';
import type { MountOptions } from './options.js';

export type { Handle, MountOptions };
export { VERSION };

/** Where this file was loaded from: its locale files sit beside it. */
const bundleBase = new URL('.', import.meta.url).href.replace(/\/$/, '');

export function mount(options: MountOptions): Handle {
  return mountWidget(options, bundleBase);
}
