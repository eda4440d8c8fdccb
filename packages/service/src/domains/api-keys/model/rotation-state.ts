/** A key as rotation sees it (rotate, then confirm): its id, the key it replaces, and whether it is revoked. */
export interface RotatingKey {
  id: string;
  rotatesKeyId: string | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * Where a key stands in a rotation among its tenant's keys at `now`: revoked; expired (refused like a
 * revoked one); `replaced` (a live new key rotates it, waiting for the confirm); `replacing` (it is that
 * new key, the old one still live); or `live`. A replacing key can be confirmed; only a live one can
 * start a rotation.
 */
export function rotationStateOf(
  key: RotatingKey,
  keys: readonly RotatingKey[],
  now: Date,
): 'revoked' | 'expired' | 'replaced' | 'replacing' | 'live' {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  if (keys.some((k) => k.rotatesKeyId === key.id && !k.revokedAt)) return 'replaced';
  if (key.rotatesKeyId !== null && keys.some((k) => k.id === key.rotatesKeyId && !k.revokedAt)) return 'replacing';
  return 'live';
}
