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
 * (A refusal is not stored: its key is given back, so asking again may rightly do the work.) A widget
 * request goes with a fresh session of the same end user, since keys belong to the user, not the session.
 */
export function storedAnswers(load: MixedLoad): Sent[] {
  return load.journal.filter((sent) => sent.ask.key !== undefined && sent.answer !== null && sent.answer.status < 300);
}

export async function replayAll(load: MixedLoad, asker: Asker): Promise<Replays> {
  const stored = storedAnswers(load);
  const tokens = new Map<string, Promise<string | null>>();
  const tokenOf = (user: string) => {
    if (!tokens.has(user)) tokens.set(user, load.session(user));
    return tokens.get(user)!;
  };
  const result: Replays = { replayed: 0, differing: 0, example: null };
  const replay = async (sent: Sent) => {
    const token = sent.widgetUser ? await tokenOf(sent.widgetUser) : sent.ask.token;
    const again = token === null ? null : await asker.final({ ...sent.ask, token });
    result.replayed++;
    if (again?.text === sent.answer!.text) return;
    result.differing++;
    result.example ??= `${sent.kind} ${sent.ask.key}: ${sent.answer!.status} then ${again?.status ?? 'no answer'}`;
  };
  // The operator's answers from a shared queue. A widget user's one at a time: the user may send 10
  // trades a minute whatever the number sent side by side, so more would not finish sooner. (They could
  // go side by side now: since the fairness of 2026-11-26 for clients sharing a bucket, a refusal that
  // redeems a Retry-After the bucket gave earlier and that is now due is not counted, so a dozen of one
  // user's requests each waiting out its Retry-After get the user's 10 a minute together. Before it, a
  // refusal counted whenever it came before the Retry-After the bucket last gave, and such requests kept
  // each other refused for ever; the queue is from then.)
  const operator = stored.filter((sent) => !sent.widgetUser);
  const users = new Map<string, Sent[]>();
  for (const sent of stored.filter((one) => one.widgetUser)) {
    if (!users.has(sent.widgetUser!)) users.set(sent.widgetUser!, []);
    users.get(sent.widgetUser!)!.push(sent);
  }
  const drain = async <T>(queue: T[], work: (item: T) => Promise<void>) => {
    for (let item = queue.shift(); item; item = queue.shift()) await work(item);
  };
  const total = stored.length;
  const progress = setInterval(() => console.log(`  replayed ${result.replayed} of ${total}`), 10_000);
  try {
    // Every widget user at once: most of their time is a wait for Retry-After.
    await Promise.all([
      ...Array.from({ length: 8 }, () => drain(operator, replay)),
      ...[...users.values()].map((mine) => drain(mine, replay)),
    ]);
  } finally {
    clearInterval(progress);
  }
  return result;
}
