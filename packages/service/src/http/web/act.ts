import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audited } from '../../domains/audit/index.js';
import type { Ctx } from '../../domains/context.js';
import type { Result } from '../../errors/index.js';
import { setFlash, whoOf } from './web-session.js';

/** What a form asks for, as the audit log records it, and where the browser goes afterwards. */
export interface Action<T> {
  action: string;
  target: string;
  details?: Record<string, unknown>;
  /** The page to return to (303), with the outcome shown on it. */
  back: string;
  done(value: T): string;
}

/**
 * A form's action: the verb the platform API (or, in the portal, the operator API) calls, run in `ctx`
 * and recorded in the audit log in the verb's transaction, then a redirect to `back` with what happened
 * (post/redirect/get: a reload never repeats an action). A refusal is shown on that page in the verb's
 * own words. The verb comes before `spec`, so that `done` knows its value's type.
 */
export async function act<C extends Ctx, T>(
  ctx: C,
  request: FastifyRequest,
  reply: FastifyReply,
  verb: (ctx: C) => Promise<Result<T>>,
  spec: Action<T>,
): Promise<FastifyReply> {
  return redirectWith(request, reply, spec.back, await runAudited(ctx, request, spec, verb), spec.done);
}

/** Runs an action's verb with its audit entry, under the signed-in person's name. */
export async function runAudited<C extends Ctx, T>(
  ctx: C,
  request: FastifyRequest,
  spec: Pick<Action<T>, 'action' | 'target' | 'details'> & { detailsOf?: (value: T) => Record<string, unknown> },
  verb: (ctx: C) => Promise<Result<T>>,
): Promise<Result<T>> {
  const entry = { who: whoOf(request), action: spec.action, target: spec.target, details: spec.details ?? {} };
  return audited(ctx, entry, verb, spec.detailsOf);
}

/** Back to a page (303) with the outcome for it to show. */
export function redirectWith<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  result: Result<T>,
  done: (value: T) => string,
): FastifyReply {
  if (result.ok) setFlash(request, reply, 'notice', done(result.value));
  else setFlash(request, reply, 'problem', result.rejection.message);
  return reply.redirect(back, 303);
}

/** A form refused before any verb ran (a missing or malformed field): back, with the reason. */
export function refuseForm(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  error: z.ZodError,
): FastifyReply {
  const first = error.issues[0];
  const field = first?.path.join('.') || 'the form';
  setFlash(request, reply, 'problem', `${field}: ${first?.message ?? 'not valid'}`);
  return reply.redirect(back, 303);
}

/** A form's fields (urlencoded: strings, or arrays of strings for repeated names). */
export function formOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** A repeated field as a list whether it came once, many times or not at all. */
export const listField = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()),
);
