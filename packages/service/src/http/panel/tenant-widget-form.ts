import { COLOR_TOKENS, THEME_TOKENS, type ThemeToken } from '@pm/contract';
import type { z } from 'zod';
import { defaultLocaleProblem, WidgetSettingsBody } from '../../domains/tenants/index.js';
import { humanIssue, listField } from '../web/act.js';
import { colourSent } from '../web/colour-field.js';

/**
 * The widget settings form of the panel's tenant page (docs/operations.md, "The platform panel"): one field
 * per theme token, the scheme, the locales ticked, the default locale and the currency, read into the
 * platform API's own body (WidgetSettingsBody) whole: the theme as it is on the form replaces the stored
 * one (an empty token is not set), an empty scheme or currency clears it.
 */

/** A theme token's field name ("font-size" → theme_font_size). */
export const tokenField = (token: ThemeToken) => `theme_${token.replace(/-/g, '_')}`;

const isColour = (token: ThemeToken) => (COLOR_TOKENS as readonly string[]).includes(token);

/** Each field's name in the refusal's summary. */
export const WIDGET_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    THEME_TOKENS.map((t) => [tokenField(t), `${t[0]!.toUpperCase()}${t.slice(1).replace('-', ' ')}`]),
  ),
  scheme: 'Scheme',
  locales: 'Locales',
  default_locale: 'Default locale',
  currency: 'Currency',
};

/** The form's own words for an issue that is not one of the contract's rules (those say their rule). */
const WORDS: Record<string, string> = {
  scheme: 'Choose light, dark, or the widget’s own.',
  locales: 'Tick at least one locale.',
  default_locale: 'Choose one of the locales.',
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export type WidgetForm =
  { ok: true; body: z.infer<typeof WidgetSettingsBody> } | { ok: false; errors: Record<string, string> };

/**
 * The body the form asks for, or what is wrong with each field, all at once: the platform API's schema,
 * and the default locale among the locales ticked (the rule updateEnvironment applies too).
 */
export function readWidgetForm(form: Record<string, unknown>): WidgetForm {
  const theme: Record<string, string> = {};
  for (const token of THEME_TOKENS) {
    const value = isColour(token) ? colourSent(form, tokenField(token)) : text(form[tokenField(token)]);
    if (value !== '') theme[token] = value;
  }
  const locales = listField.parse(form.locales).map((l) => l.trim());
  const given = {
    theme,
    scheme: text(form.scheme) || null,
    locales,
    default_locale: text(form.default_locale),
    currency: text(form.currency) || null,
  };
  const parsed = WidgetSettingsBody.safeParse(given);
  const errors = parsed.success ? {} : errorsOf(parsed.error);
  if (!('default_locale' in errors) && !('locales' in errors) && locales.length > 0) {
    const problem = defaultLocaleProblem(locales, given.default_locale);
    if (problem !== null) errors.default_locale = `Choose one of the locales ticked (${locales.join(', ')}).`;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** A field the verb named in its refusal (`/widget/default_locale`), or null. */
export function fieldOfPath(path: string): string | null {
  const [, widget, first, second] = path.split('/');
  if (widget !== 'widget' || !first) return null;
  return first === 'theme' && second ? tokenField(second as ThemeToken) : first;
}

function errorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'theme' && second ? tokenField(second as ThemeToken) : (first ?? '');
    if (field in errors) continue;
    const own = issue.code === 'custom' ? undefined : WORDS[field];
    errors[field] = own ?? sentence(humanIssue(issue));
  }
  return errors;
}

/** The contract's rules start in lower case ("must be a color: …"): beside a field they start a sentence. */
const sentence = (words: string) => `${words[0]!.toUpperCase()}${words.slice(1)}${words.endsWith('.') ? '' : '.'}`;
