import type { Result } from '../../errors/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { claimFormPost, deleteFormPost, deleteFormPostsBefore, setFormPostSaid } from './form-post-repo.js';

/** How long a sent form is remembered: longer than a session lasts, so a form outlives none of its repeats. */
const FORM_POSTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** The same form sent again after it was carried out: nothing is done, and the page says what the first did. */
export class FormAlreadySent extends Error {
  constructor(readonly said: string | null) {
    super('this form was already sent and carried out');
  }
}

/**
 * Carries out a form's action once per sent form (docs/operations.md, "A form sent twice"). The form's
 * key is claimed in the action's own transaction, so it is spent exactly when the action's change is
 * made: a repeat, even one sent while the first is still running, throws FormAlreadySent once the first
 * has committed. A refused action changes nothing and spends nothing: the same form may be sent again.
 */
export async function oncePerForm<C extends Ctx, T>(
  ctx: C,
  key: Buffer,
  action: (tx: C) => Promise<Result<T>>,
  /** What the page said of the done action, for a repeat to say again; null for a page not to be repeated. */
  said: (value: T) => string | null,
): Promise<Result<T>> {
  return withTransaction(ctx, async (tx) => {
    const earlier = await claimFormPost(tx.db, key, tx.now);
    if (earlier !== null) throw new FormAlreadySent(earlier.said);
    const result = await action(tx);
    if (result.ok) await setFormPostSaid(tx.db, key, said(result.value));
    else await deleteFormPost(tx.db, key);
    return result;
  });
}

/** Forgets sent forms older than any session (a sign-in does it: so few rows that no job is needed). */
export async function forgetOldFormPosts(ctx: Ctx): Promise<void> {
  await deleteFormPostsBefore(ctx.db, new Date(ctx.now.getTime() - FORM_POSTS_KEPT_MS));
}
