/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx, TenantEnv } from '../../domains/context.js';
import {
  resendDelivery,
  retryDeliveryNow,
  type DeliveryDetail,
  type DeliveryResend,
  type DeliveryRetry,
} from '../../domains/webhooks/index.js';
import type { Environment } from '../../db/schema.js';
import { rejected } from '../../errors/index.js';
import { formOf, redirectWith, runAudited } from './act.js';
import { ActionButton, when } from './shared.js';

/**
 * A delivery's two actions (docs/operations.md, "The tenant portal"), on the portal's delivery page and the
 * panel's event page: Resend for a delivered or dead one, Retry now for a pending one. Each form carries
 * the attempt count the page showed, and the verb acts only while the delivery still has it: the same form
 * posted twice (a double click) acts once, and says so the second time.
 */
export function DeliveryActions(props: {
  request: FastifyRequest;
  detail: DeliveryDetail;
  /** The page's path: the forms post to `${base}/resend` and `${base}/retry`. */
  base: string;
  /** Where the environment's webhook secret is set, when this site can set it. */
  settingsHref?: string;
}) {
  const { detail, request, base } = props;
  const { delivery } = detail;
  const fields = { attempts: String(delivery?.attempts ?? 0) };
  const unsendable = !detail.webhookUrl
    ? 'No webhook URL is set: an attempt now would not be sent.'
    : !detail.webhookSecretSet
      ? 'No webhook secret is set: an attempt now would not be sent (nothing goes out unsigned).'
      : null;
  return (
    <section aria-labelledby="actions">
      <h2 id="actions">Send it again</h2>
      {!delivery ? (
        <p>
          No delivery was made: the environment had no webhook URL when this happened. The event is in the event feed
          (GET /v1/events) with this id.
        </p>
      ) : delivery.state === 'pending' ? (
        delivery.inFlight ? (
          <p>An attempt is being sent now; its result shows below once it ends.</p>
        ) : (
          <div class="row">
            <p>
              Pending: the next attempt is at {when(delivery.nextAttemptAt)}. Retry now sends it at once, as the
              schedule's next attempt.
            </p>
            <ActionButton request={request} action={`${base}/retry`} fields={fields} label="Retry now" />
          </div>
        )
      ) : (
        <div class="row">
          <p>
            Resend posts this delivery again with the same id, the same body, and a new cycle of retries if it fails.
          </p>
          <ActionButton request={request} action={`${base}/resend`} fields={fields} label="Resend" />
        </div>
      )}
      {delivery && unsendable && (
        <p class="problem">
          {unsendable}
          {props.settingsHref && (
            <>
              {' '}
              <a href={props.settingsHref}>Settings</a>
            </>
          )}
        </p>
      )}
    </section>
  );
}

/** Where a post is going: the delivery, its scope (the portal's) and its tenant for the audit log (the panel's). */
export interface DeliveryPost {
  id: string;
  scope: TenantEnv | null;
  tenantId?: string;
  environment?: Environment;
  /** The delivery's page, where the outcome is shown. */
  back: string;
}

/** The attempt count the form carried, or null when it carries none a page made. */
function seenAttemptsOf(request: FastifyRequest): number | null {
  const text = formOf(request).attempts;
  return typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

const OUT_OF_DATE = rejected('validation_failed', 'This form is out of date: nothing was done. Reload the page.');

/** Resend, audited as webhook.resend in the verb's transaction, then back to the delivery's page. */
export async function postResend(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  post: DeliveryPost,
): Promise<FastifyReply> {
  const seenAttempts = seenAttemptsOf(request);
  if (seenAttempts === null) return redirectWith(request, reply, post.back, OUT_OF_DATE, () => '');
  const result = await runAudited(
    ctx,
    request,
    {
      action: 'webhook.resend',
      target: post.id,
      tenantId: post.tenantId,
      environment: post.environment,
      details: { seen_attempts: seenAttempts },
      detailsOf: (done: DeliveryResend) => ({ resent: done.resent, state: done.state }),
      said: resendWords,
    },
    (tx) => resendDelivery(tx, { id: post.id, scope: post.scope, seenAttempts }),
  );
  return redirectWith(request, reply, post.back, result, resendWords);
}

/** Retry now, audited as webhook.retry_now, then back to the delivery's page. */
export async function postRetry(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  post: DeliveryPost,
): Promise<FastifyReply> {
  const seenAttempts = seenAttemptsOf(request);
  if (seenAttempts === null) return redirectWith(request, reply, post.back, OUT_OF_DATE, () => '');
  const result = await runAudited(
    ctx,
    request,
    {
      action: 'webhook.retry_now',
      target: post.id,
      tenantId: post.tenantId,
      environment: post.environment,
      details: { seen_attempts: seenAttempts },
      detailsOf: (done: DeliveryRetry) => ({ retried: done.retried }),
      said: retryWords,
    },
    (tx) => retryDeliveryNow(tx, { id: post.id, scope: post.scope, seenAttempts }),
  );
  return redirectWith(request, reply, post.back, result, retryWords);
}

function resendWords(done: DeliveryResend): string {
  if (done.resent) return 'Resent: the delivery is pending again, and the worker posts it now with the same id.';
  if (done.state === 'pending')
    return 'Already pending: nothing was sent again (the form was posted twice, or someone resent it meanwhile).';
  return 'Not resent: the delivery has been attempted since this page was shown. See its attempts below.';
}

function retryWords(done: DeliveryRetry): string {
  if (done.retried) return 'Retrying now: the worker sends the next attempt at once.';
  if (done.why === 'in_flight') return 'An attempt is being sent right now: nothing more was done.';
  return 'An attempt was made since this page was shown: nothing more was done. See its attempts below.';
}
