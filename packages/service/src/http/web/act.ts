import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audited } from '../../domains/audit/index.js';
import { oncePerForm } from '../../domains/web-sessions/index.js';
import type { Ctx } from '../../domains/context.js';
import type { Environment } from '../../db/schema.js';
import type { Result } from '../../errors/index.js';
import { setFlash, whoOf } from './web-session.js';

/** What a form asks for, as the audit log records it, and where the browser goes afterwards. */
export interface Action<T> {
  action: string;
  target: string;
  /** The tenant (and environment) the action is about, where the form names it (docs/operations.md, "The audit log"). */
  tenantId?: string;
  environment?: Environment;
  details?: Record<string, unknown>;
  /** The page to return to (303), with the outcome shown on it. */
  back: string;
  /** Where a done action returns instead, when only its value knows the page (a key's own tenant). */
  backOf?(value: T): string;
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
  const result = await runAudited(ctx, request, { ...spec, said: spec.done }, verb);
  const back = result.ok && spec.backOf ? spec.backOf(result.value) : spec.back;
  return redirectWith(request, reply, back, result, spec.done);
}

/**
 * Runs an action's verb with its audit entry, under the signed-in person's name, once per sent form: the
 * same form sent again (a double click, a resend after a lost answer) throws FormAlreadySent, which the
 * site answers with the form's page and `said` of the first (site-plugin.tsx).
 */
export async function runAudited<C extends Ctx, T>(
  ctx: C,
  request: FastifyRequest,
  spec: Pick<Action<T>, 'action' | 'target' | 'tenantId' | 'environment' | 'details'> & {
    detailsOf?: (value: T) => Record<string, unknown>;
    /**
     * What a repeat of the form is told of the done action: the page's own notice, or for a page that
     * shows a key once, what to do about a key that only the first post's page showed.
     */
    said?: (value: T) => string;
    /**
     * Each post is carried out, as before form ids: for an action whose work is done before its audit
     * entry, in transactions of its own (a reconciliation run), which a key claimed with the entry
     * would not cover.
     */
    repeatable?: true;
  },
  verb: (ctx: C) => Promise<Result<T>>,
): Promise<Result<T>> {
  const { action, target, tenantId, environment } = spec;
  const entry = { who: whoOf(request), action, target, tenantId, environment, details: spec.details ?? {} };
  const key = spec.repeatable ? null : formPostKey(request);
  if (key === null) return audited(ctx, entry, verb, spec.detailsOf);
  return oncePerForm(ctx, key, (tx) => audited(tx, entry, verb, spec.detailsOf), spec.said ?? (() => null));
}

/** The hidden fields every form carries (web/form-identity.tsx): its random id and the page it is on. */
export const FORM_ID = '_form';
export const FORM_PAGE = '_page';
const FORM_ID_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A sent form's key: the session's CSRF token, the form's id and every field, hashed. The same form sent
 * again with the same fields is a repeat; sent again with other fields (back, edited, sent) it is not. A
 * post without an id (a form rendered before ids, a script) is carried out each time, as before.
 */
function formPostKey(request: FastifyRequest): Buffer | null {
  const form = formOf(request);
  const id = form[FORM_ID];
  const session = request.webSession;
  if (typeof id !== 'string' || !FORM_ID_SHAPE.test(id) || !session) return null;
  const fields = Object.entries(form)
    .filter(([name]) => name !== FORM_ID && name !== FORM_PAGE && name !== '_csrf')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([session.csrfToken, id, fields]))
    .digest();
}

/**
 * A repeat of a form already carried out: back to the page the form is on (its `_page`, when that is a
 * page of this site) with what the first post said, and that nothing more was done.
 */
export function answerRepeatedForm(request: FastifyRequest, reply: FastifyReply, said: string | null): FastifyReply {
  const repeat = 'This form was sent more than once and carried out once.';
  setFlash(request, reply, 'notice', said ? `${said} (${repeat})` : repeat);
  return reply.redirect(formPage(request), 303);
}

function formPage(request: FastifyRequest): string {
  const page = formOf(request)[FORM_PAGE];
  const home = request.webSite.path;
  if (typeof page !== 'string' || !/^\/[\x21-\x7e]*$/.test(page) || /^\/\/|\\/.test(page)) return home;
  // Resolved as a browser would (dot segments, %2e), then kept only when it is still under the site.
  const url = new URL(page, 'http://site.invalid');
  const ofThisSite =
    url.origin === 'http://site.invalid' && (url.pathname === home || url.pathname.startsWith(`${home}/`));
  return ofThisSite ? `${url.pathname}${url.search}${url.hash}` : home;
}

/** Back to a page (303) with the outcome for it to show; a refused action keeps what was typed. */
export function redirectWith<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  result: Result<T>,
  done: (value: T) => string,
): FastifyReply {
  if (result.ok) setFlash(request, reply, 'notice', done(result.value));
  else setFlash(request, reply, 'problem', result.rejection.message, { form: keptForm(request, {}) });
  return reply.redirect(back, 303);
}

/** A refused form's input and the words for each field, for the page to show them again (FormFields). */
export interface KeptForm {
  /** The path the form posted to: only that form on the page takes them. */
  action: string;
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
}

/** Fields that are never sent back to the browser in a cookie. */
const NEVER_KEPT = new Set(['_csrf', FORM_ID, FORM_PAGE, 'token', 'admin_token', 'password']);
const KEPT_CHARS = 2000;

function keptForm(request: FastifyRequest, errors: Record<string, string>): KeptForm {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(formOf(request))) {
    if (NEVER_KEPT.has(name)) continue;
    if (typeof value === 'string') values[name] = value.slice(0, KEPT_CHARS);
    else if (Array.isArray(value))
      values[name] = value.filter((v) => typeof v === 'string').map((v) => v.slice(0, 200));
  }
  return { action: request.url.split('?')[0] ?? request.url, values, errors };
}

/**
 * A form refused before any verb ran (a missing or malformed field): back to the page, which shows the
 * input again with what is wrong in words next to each field. `words` are the form's own messages per
 * field ("Enter an amount like 100 or 99.50"); without one, the issue is put in plain words here, never
 * as the schema's pattern. A rule of the schema's own (a refinement, such as no bidirectional controls)
 * says something the form's general words would hide, so its message comes first, made a sentence that
 * names fields by their `labels` (asSentence). The summary at the top names each field by its label too.
 */
export function refuseForm(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  error: z.ZodError,
  words: Record<string, string> = {},
  labels: Record<string, string> = {},
): FastifyReply {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const said = issue.code === 'custom' ? undefined : words[field];
    if (field && !(field in errors)) errors[field] = said ?? asSentence(humanIssue(issue), labels);
  }
  if (Object.keys(errors).length === 0) return refuseWith(request, reply, back, {}, [humanIssue(error.issues[0])]);
  return refuseFields(request, reply, back, errors, labels);
}

/**
 * A schema's words written for the API ("must be after opens_at") as a sentence for a form: the fields it
 * names by their labels, without what a label adds after a bracket or comma ("Opens (UTC)" reads "Opens"), a capital
 * first and a full stop last. A sentence written for people is kept as it is.
 */
export function asSentence(text: string, labels: Record<string, string>): string {
  if (!/^[a-z]/.test(text)) return text;
  const named = text.replace(/\b[a-z]+(?:_[a-z]+)*\b/g, (word) =>
    Object.hasOwn(labels, word) ? labels[word]!.replace(/\s*[(,].*$/, '') : word,
  );
  return `${named[0]!.toUpperCase()}${named.slice(1)}${/[.!?]$/.test(named) ? '' : '.'}`;
}

/**
 * A form refused with its words already per field (a form that checks more than one schema, or maps a
 * verb's refusal to its fields): back to the page, as refuseForm. The summary at the top names each field
 * by `labels` (else its name), in their order, for the fields a page shows without their message beside them.
 */
export function refuseFields(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  errors: Record<string, string>,
  labels: Record<string, string> = {},
): FastifyReply {
  // In the form's order where the labels give it, as a person reads the fields top to bottom.
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const messages = Object.entries(errors)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, message]) => `${labels[field] ?? field.replace(/_/g, ' ')}: ${message}`);
  return refuseWith(request, reply, back, errors, messages);
}

function refuseWith(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  errors: Record<string, string>,
  messages: string[],
): FastifyReply {
  setFlash(request, reply, 'problem', `Nothing was changed. ${messages.join(' ')}`, {
    form: keptForm(request, errors),
  });
  return reply.redirect(back, 303);
}

/**
 * A form's first issue as one sentence, for a page that shows a single problem (a sign-in): led by the
 * field's label when the words do not name it (zod's own, put in words, or a shared rule's predicate such
 * as "must not contain …"); a sentence the schema's author wrote for the form stands alone.
 */
export function firstIssueInWords(error: z.ZodError, labels: Record<string, string>): string {
  const issue = error.issues[0];
  const label = labels[String(issue?.path[0] ?? '')];
  const namesNoField = issue !== undefined && (ZOD_DEFAULT.test(issue.message) || /^[a-z]/.test(issue.message));
  return label && namesNoField ? `${label}: ${humanIssue(issue)}` : humanIssue(issue);
}

/** zod's own messages ("Invalid string: must match pattern /…/") are for programmers. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

/** An issue in words a person can act on; a message the schema's author wrote is kept. */
export function humanIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Check the form and try again.';
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === ''
        ? 'Fill in this field.'
        : 'This value is not of the right kind.';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'Fill in this field.' : `Use at least ${issue.minimum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${issue.minimum}.`;
      return `Enter ${issue.minimum} or more.`;
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum}.`;
      return `Enter ${issue.maximum} or less.`;
    case 'invalid_format':
      if (issue.format === 'url') return 'Enter a full address, like https://example.com/hooks.';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'This is not a valid id.';
      if (issue.format === 'datetime') return 'Enter a date and time like 2026-12-31T18:00:00Z.';
      return 'This is not in the expected form.';
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Leave out ${issue.keys.join(', ')}: the form does not take it.`;
    default:
      return 'This value is not accepted.';
  }
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
