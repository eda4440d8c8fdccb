import { currencyProblem, isLocaleTag, THEME_TOKENS, themeProblems, type Theme } from '@pm/contract';
import { z } from 'zod';
import type { WidgetChanges, WidgetSettings } from './model/widget-settings.js';

const Scheme = z.enum(['light', 'dark']);

const LocaleTag = z
  .string()
  .max(35)
  .refine(isLocaleTag, 'must be a BCP 47 language tag such as en, pt-BR or zh-Hant-TW');

/** An ISO 4217 code or a unit text by packages/contract's rule, the one the widget shows amounts by. */
const Currency = z
  .string()
  .max(32)
  .superRefine((value, ctx) => {
    const problem = currencyProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Theme tokens and values by packages/contract's rules, the ones the widget applies to mount() themes. */
const ThemeSchema = z
  .record(z.string(), z.string().max(200))
  .superRefine((theme, ctx) => {
    for (const problem of themeProblems(theme))
      ctx.addIssue({ code: 'custom', path: [problem.token], message: problem.message });
  })
  .transform((theme) => theme as Theme)
  .describe(`Theme tokens: ${THEME_TOKENS.join(', ')}. Replaces the whole stored theme; {} clears it.`);

/** The `widget` object of PUT /platform/v1/tenants/{id}/environments/{environment} (docs/platform-api.md). */
export const WidgetSettingsBody = z
  .object({
    theme: ThemeSchema.optional(),
    scheme: Scheme.nullable().optional().describe('light or dark; null: the widget default.'),
    locales: z
      .array(LocaleTag)
      .min(1)
      .max(50)
      .refine(
        (list) => new Set(list.map((l) => l.toLowerCase())).size === list.length,
        'each locale may be listed once',
      )
      .optional()
      .describe('Enabled locales, stored in canonical case.'),
    default_locale: LocaleTag.optional().describe('One of locales (the stored ones when locales is left out).'),
    currency: Currency.nullable()
      .optional()
      .describe(
        'Display only: an ISO 4217 code shown through Intl.NumberFormat (EUR → €12.50), or a unit text of 1 to 8 ' +
          'letters, digits or single spaces shown after the amount (pts → 12.50 pts); null: plain amounts. ' +
          'Nothing in the ledger changes.',
      ),
  })
  .strict()
  .describe('Widget settings: each field given replaces the stored one; a field left out keeps it.');

export function widgetChangesOf(body: z.infer<typeof WidgetSettingsBody>): WidgetChanges {
  return {
    theme: body.theme,
    scheme: body.scheme,
    locales: body.locales,
    defaultLocale: body.default_locale,
    currency: body.currency,
  };
}

/** GET /v1/widget/config, and the widget part of an environment's settings. */
export const WidgetConfig = z.object({
  theme: z.record(z.string(), z.string()),
  scheme: Scheme.nullable(),
  locales: z.array(z.string()),
  default_locale: z.string(),
  currency: z
    .string()
    .nullable()
    .describe(
      'An ISO 4217 code (show amounts through Intl.NumberFormat) or a unit text (after the amount); null: none.',
    ),
});

export function presentWidgetConfig(s: WidgetSettings): z.infer<typeof WidgetConfig> {
  return {
    theme: s.theme as Record<string, string>,
    scheme: s.scheme,
    locales: s.locales,
    default_locale: s.defaultLocale,
    currency: s.currency,
  };
}
