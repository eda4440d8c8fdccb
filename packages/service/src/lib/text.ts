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

export const PlainText = z
  .string()
  .trim()
  .refine(isPlainText, 'must not contain control characters or unpaired surrogates');

/**
 * Free text over several lines (an error's stack, a ticket's body): PlainText's rules, but tabs and line
 * breaks are kept, and nothing is trimmed.
 */
export function isMultilineText(text: string): boolean {
  return !LONE_SURROGATE.test(text) && !/[^\P{Cc}\t\n\r]/u.test(text);
}

export const MultilineText = z
  .string()
  .refine(
    isMultilineText,
    'must not contain control characters other than tabs and line breaks, or unpaired surrogates',
  );
