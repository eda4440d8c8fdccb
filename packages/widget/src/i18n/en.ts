import { EN_CORE } from './en-core.js';
import { EN_VIEWS } from './en-views.js';

/**
 * English, whole: what every other locale must translate key by key, and the file /widget/v1/locales/en.js
 * serves. The bundle itself carries only en-core.ts; the views chunk adds en-views.ts when it loads.
 */
const en = { ...EN_CORE, ...EN_VIEWS };

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export default en satisfies Messages;
