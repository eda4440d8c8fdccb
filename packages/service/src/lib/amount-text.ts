import { z } from 'zod';
import { AMOUNT_DESCRIPTION, AMOUNT_PATTERN, parseAmount } from './money.js';

/**
 * The rule of an amount as a refusal says it (docs/operator-api.md, "Money"): in words, never the pattern,
 * which stays only the OpenAPI schema's `pattern`.
 */
export const AMOUNT_RULE = 'must be a decimal string with at most two decimal places, such as "12.34" (no sign)';

/**
 * An amount as a request carries it. A text that is not an amount stops at its first rule (`abort`), so a
 * rule after it (above zero) never adds a second, wrong reason.
 */
export function amountText() {
  return z
    .string({
      // undefined falls through to zod's own issue, which the envelope says as "is required".
      error: (issue) =>
        issue.input === undefined
          ? undefined
          : typeof issue.input === 'number'
            ? 'must be a decimal string, such as "12.34", not a JSON number'
            : AMOUNT_RULE,
    })
    .regex(AMOUNT_PATTERN, { error: AMOUNT_RULE, abort: true })
    .describe(AMOUNT_DESCRIPTION);
}

/** An amount above zero (a stake, a movement, a cap). */
export function positiveAmountText() {
  return amountText().refine((text) => parseAmount(text)! > 0n, { error: 'must be above zero' });
}
