/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, found by one pass over the text
 * (brackets outside strings), before it is parsed. No request of this API nests beyond four levels; a
 * body nested thousands deep would only make every later recursive walk (the idempotency fingerprint
 * among them) overflow the stack.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
