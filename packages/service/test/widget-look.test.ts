import { COLOR_TOKENS } from '@pm/contract';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LOCALES } from '../../widget/src/i18n/index.js';
import { DEFAULT_THEMES } from '../../widget/src/theme.js';
import { WIDGET_DEFAULT_COLOURS, WIDGET_LOCALES } from '../src/domains/tenants/model/widget-look.js';

describe("the service's copy of what the widget ships", () => {
  it('lists the locales the widget has texts for', () => {
    expect([...WIDGET_LOCALES]).toEqual([...SHIPPED_LOCALES]);
  });

  it("has the widget's own colours of each scheme", () => {
    for (const scheme of ['light', 'dark'] as const) {
      const colours = Object.fromEntries(COLOR_TOKENS.map((token) => [token, DEFAULT_THEMES[scheme][token]]));
      expect(WIDGET_DEFAULT_COLOURS[scheme]).toEqual(colours);
    }
  });
});
