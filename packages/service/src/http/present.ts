import { apiErrorOf, type Result } from '../errors/index.js';

/** A verb's value, or its rejection thrown as the ApiError the error handler renders. */
export function valueOrThrow<T>(result: Result<T>): T {
  if (!result.ok) throw apiErrorOf(result.rejection);
  return result.value;
}
