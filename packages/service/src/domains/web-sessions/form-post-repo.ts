import type { Executor } from '../../db/connection.js';

/**
 * Claims a sent form's key: null when this is its first post, else what the earlier one said. A post of
 * the same form still in its transaction holds the key: the insert waits for it to commit (then this is
 * a repeat) or roll back (then this is the first).
 */
export async function claimFormPost(db: Executor, key: Buffer, now: Date): Promise<{ said: string | null } | null> {
  const claimed = await db
    .insertInto('web_form_posts')
    .values({ key, sent_at: now, said: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return null;
  const earlier = await db.selectFrom('web_form_posts').select('said').where('key', '=', key).executeTakeFirst();
  return { said: earlier?.said ?? null };
}

export async function setFormPostSaid(db: Executor, key: Buffer, said: string | null): Promise<void> {
  await db.updateTable('web_form_posts').set({ said }).where('key', '=', key).execute();
}

export async function deleteFormPost(db: Executor, key: Buffer): Promise<void> {
  await db.deleteFrom('web_form_posts').where('key', '=', key).execute();
}

export async function deleteFormPostsBefore(db: Executor, cutoff: Date): Promise<void> {
  await db.deleteFrom('web_form_posts').where('sent_at', '<', cutoff).execute();
}
