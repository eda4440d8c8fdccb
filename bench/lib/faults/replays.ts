import type { Asker } from './asker.js';
import type { MixedLoad, Sent } from './load.js';

export interface Replays {
  replayed: number;
  differing: number;
  /** The first difference, for the report. */
  example: string | null;
}

/**
 * Sends every keyed request that was answered 2xx again, same key and body, and compares the answer's bytes
 * with the first: a stored answer must come back unchanged from whichever process, after whatever fault.
 * (A refusal is not stored, spec: its key is given back, so asking again may rightly do the work.) A widget
 * request goes with a fresh session of the same end user, since keys belong to the user, not the session.
 */
export async function replayAll(load: MixedLoad, asker: Asker): Promise<Replays> {
  const stored = load.journal.filter(
    (sent) => sent.ask.key !== undefined && sent.answer !== null && sent.answer.status < 300,
  );
  const tokens = new Map<string, Promise<string | null>>();
  const tokenOf = (user: string) => {
    if (!tokens.has(user)) tokens.set(user, load.session(user));
    return tokens.get(user)!;
  };
  const result: Replays = { replayed: 0, differing: 0, example: null };
  let next = 0;
  const replayer = async () => {
    while (next < stored.length) {
      const sent: Sent = stored[next++]!;
      const token = sent.widgetUser ? await tokenOf(sent.widgetUser) : sent.ask.token;
      const again = token === null ? null : await asker.final({ ...sent.ask, token });
      result.replayed++;
      if (again?.text === sent.answer!.text) continue;
      result.differing++;
      result.example ??= `${sent.kind} ${sent.ask.key}: ${sent.answer!.status} then ${again?.status ?? 'no answer'}`;
    }
  };
  await Promise.all(Array.from({ length: 8 }, replayer));
  return result;
}
