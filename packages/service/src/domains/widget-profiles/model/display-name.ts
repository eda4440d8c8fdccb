/**
 * Display names on the leaderboard (docs/operator-api.md, "The widget's own routes"): 3 to 24
 * characters from letters, digits, space, _ - and ., and nothing that reads as personal data: no
 * e-mail address, no phone number.
 */
const ALLOWED = /^[\p{L}\p{N} _.-]{3,24}$/u;
/** "name at host.com", "name.host.com": an address with its @ spelled out or dropped. */
const EMAIL_LIKE =
  /(?:\bat\b|\bdot\b|\.)\s*[\p{L}\p{N}-]+\s*(?:\.|\bdot\b)\s*(?:com|net|org|info|biz|io|co|me|de|uk|es|fr|it|nl|ru|br|edu|gov)$/iu;
/** Seven digits or more, however they are grouped, make a phone number. */
const PHONE_DIGITS = 7;

export function displayNameProblem(name: string): string | null {
  if (!ALLOWED.test(name)) return 'must be 3 to 24 characters from letters, digits, space, _, - and .';
  if (name.trim() !== name || /\s{2}/.test(name)) return 'must not start or end with a space or have two in a row';
  if (EMAIL_LIKE.test(name)) return 'must not be an e-mail address (no personal data)';
  if ((name.match(/\p{N}/gu)?.length ?? 0) >= PHONE_DIGITS) return 'must not be a phone number (no personal data)';
  return null;
}
