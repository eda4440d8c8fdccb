/**
 * An operator's own user id (docs/operator-api.md, "Authentication and the users"): 1 to 64 characters from A-Z a-z 0-9
 * . _ ~ -. The character set leaves no room for an e-mail address ('@' is refused).
 */
export const EXTERNAL_USER_ID_PATTERN = /^[A-Za-z0-9._~-]{1,64}$/;

export function isExternalUserId(text: string): boolean {
  return EXTERNAL_USER_ID_PATTERN.test(text);
}
