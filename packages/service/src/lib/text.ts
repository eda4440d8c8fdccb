import { z } from 'zod';

/**
 * Free text that reaches the database (tenant names, market and outcome titles): no control characters
 * (NUL among them, which PostgreSQL text cannot hold) and no lone UTF-16 surrogates (which it cannot
 * encode). Everything else of Unicode is allowed.
 */
export function isPlainText(text: string): boolean {
  return !LONE_SURROGATE.test(text) && !/\p{Cc}/u.test(text);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). Text that
 * carries one reorders what follows it where the panel or portal shows it (a ticket subject that reads
 * backwards, an outcome title whose words swap places), and nobody types one on purpose.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

/**
 * Text from outside that a page shows as it came (a receiver's answer, a logged request body), its
 * bidirectional controls made visible as ⟨U+202E⟩ rather than left to reorder what follows them.
 */
export function withBidiControlsShown(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase()}⟩`);
}

const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');

/**
 * The one rule for free text a person types and the panel or portal shows (ticket subjects and bodies,
 * replies, tenant names, market and outcome titles, widget display names): no bidirectional controls,
 * 400 validation_failed naming the field. PlainText and MultilineText apply it; a schema of its own
 * wraps its string with it.
 *
 * @example
 * const DisplayName = withoutBidiControls(z.string().max(100));
 * DisplayName.safeParse('\u202Eevil').success; // false
 */
export function withoutBidiControls<T extends z.ZodString>(schema: T): T {
  return schema.refine(
    (text) => !hasBidiControl(text),
    'must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069)',
  );
}

export const PlainText = withoutBidiControls(
  z.string().trim().refine(isPlainText, 'must not contain control characters or unpaired surrogates'),
);

/**
 * Free text over several lines (an error's stack, a ticket's body): PlainText's rules, but tabs and line
 * breaks are kept, and nothing is trimmed.
 */
export function isMultilineText(text: string): boolean {
  return !LONE_SURROGATE.test(text) && !/[^\P{Cc}\t\n\r]/u.test(text);
}

export const MultilineText = withoutBidiControls(
  z
    .string()
    .refine(
      isMultilineText,
      'must not contain control characters other than tabs and line breaks, or unpaired surrogates',
    ),
);

/** A text area's lines, each trimmed, the empty ones left out (a list typed one per line, as its label says). */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
