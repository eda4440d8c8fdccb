/** Ends an exhaustive switch: the compiler proves this line unreachable. */
export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
