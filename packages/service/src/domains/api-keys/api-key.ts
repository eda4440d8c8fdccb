import { hash, randomInt } from 'node:crypto';
import type { Environment } from '../../db/schema.js';

/**
 * The API key's form (docs/operator-api.md, "Authentication and the users"): pmk_<environment>_<32 characters>, the
 * random part base62 from the CSPRNG; only its SHA-256 is stored.
 */
const KEY_PATTERN = /^pmk_(sandbox|live)_([A-Za-z0-9]{32})$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateApiKey(environment: Environment): string {
  let random = '';
  for (let i = 0; i < 32; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return `pmk_${environment}_${random}`;
}

/** The environment a well-formed key names, or null for anything that is not a key. */
export function environmentOfKey(key: string): Environment | null {
  const match = KEY_PATTERN.exec(key);
  return match ? (match[1] as Environment) : null;
}

/** Keys have 190 bits of entropy, so a fast hash is enough; only the hash is stored. */
export function hashApiKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/** What may be shown of a key after issue: enough to tell keys apart, never enough to use one. */
export function displayPrefix(key: string): string {
  return key.slice(0, key.lastIndexOf('_') + 5);
}
