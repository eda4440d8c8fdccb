/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REASON_MAX, type KillSwitchName } from '../../domains/kill-switches/index.js';
import { isPlainText } from '../../lib/text.js';
import { formOf } from '../web/act.js';
import { PanelForm, sendScreen, when } from '../web/shared.js';

/**
 * The pause levers' forms (a kill switch on the overview, a tenant's pause on its page): a pause asks
 * for its reason, then shows its effect on a confirmation page before anything happens; a refused
 * reason comes back on a page of its own with what was typed and what is wrong beside the field.
 */

/**
 * What each lever pauses (docs/operations.md, "Kill switches"), in words for the person about to
 * press it: the same words for a kill switch (every tenant) and for one tenant's pause of sync or
 * positions.
 */
export const PAUSED_ROUTES: Record<KillSwitchName, string> = {
  sync: 'Balance syncs, single and batch (503 sync_paused).',
  positions: 'New positions and limit orders; closes and cancels still work (503 positions_paused).',
  feed: 'The market feed reads (503 feed_paused).',
  widget: 'Widget sessions, refreshes and config (503 widget_paused).',
};

/** The reason a form sent, trimmed; '' when none. */
export const reasonSent = (request: FastifyRequest): string => {
  const reason = formOf(request).reason;
  return typeof reason === 'string' ? reason.trim() : '';
};

/** What is wrong with a reason, in words, or null. */
export function reasonProblem(reason: string, required: boolean): string | null {
  if (required && reason === '') return 'Say why: the reason is kept with the change for whoever reads it later.';
  if (reason.length > REASON_MAX) return `Keep it to ${REASON_MAX} characters (this one has ${reason.length}).`;
  if (!isPlainText(reason)) return 'Use plain text: no control characters.';
  return null;
}

/** A reason's text input with its label, the typed value and, after a refusal, what is wrong. */
export function ReasonInput(props: {
  id: string;
  label: string;
  value?: string;
  error?: string | null;
  required?: boolean;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name="reason"
        type="text"
        value={props.value ?? ''}
        maxLength={REASON_MAX}
        required={props.required}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error && (
        <p class="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </>
  );
}

export interface PauseScreen {
  title: string;
  current: string;
  /** What the pause does, in words and numbers, for the person about to press it. */
  effect: string;
  /** Where the reason goes to be reviewed (the confirmation page). */
  review: string;
  /** Where the confirmed pause posts. */
  action: string;
  button: string;
  back: string;
  /** What the confirmed form posts beside the reason; a pause's `paused=true` unless told otherwise. */
  confirmFields?: Record<string, string>;
}

/** The reason form on a page of its own: shown again after a refusal (400), with the typed text kept. */
export function sendReasonForm(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: PauseScreen,
  typed: { value: string; error: string | null },
): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: screen.title, current: screen.current, status: typed.error ? 400 : 200 },
    <section>
      <p>{screen.effect}</p>
      <PanelForm request={request} action={screen.review} label={screen.title} page={screen.back}>
        <ReasonInput id="reason" label="Reason (required)" value={typed.value} error={typed.error} required />
        <p class="row">
          <button type="submit" class="danger">
            Review
          </button>
          <a href={screen.back}>Cancel</a>
        </p>
      </PanelForm>
    </section>,
  );
}

/** The confirmation: the effect and the reason, and the one button that pauses. Nothing happened yet. */
export function sendPauseConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: PauseScreen,
  reason: string,
): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: screen.title, current: screen.current },
    <section>
      <p>{screen.effect}</p>
      <dl>
        <dt>Reason</dt>
        <dd>{reason}</dd>
      </dl>
      <PanelForm request={request} action={screen.action} label={screen.button} page={screen.back}>
        {Object.entries(screen.confirmFields ?? { paused: 'true' }).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="reason" value={reason} />
        <p class="row">
          <button type="submit" class="danger">
            {screen.button}
          </button>
          <a href={screen.back}>Cancel</a>
        </p>
      </PanelForm>
    </section>,
  );
}

/** A lever's form in its row: Pause asks for a reason first; Resume takes one if given. */
export function LeverForm(props: {
  request: FastifyRequest;
  id: string;
  paused: boolean;
  /** Pause: the review page; resume: the action itself. */
  action: string;
  label: string;
}) {
  return (
    <PanelForm request={props.request} action={props.action} label={props.label}>
      {props.paused && <input type="hidden" name="paused" value="false" />}
      <ReasonInput
        id={props.id}
        label={props.paused ? 'Reason (optional)' : 'Reason (required)'}
        required={!props.paused}
      />
      <p>
        <button type="submit" class={props.paused ? 'secondary' : 'danger'}>
          {props.label}
        </button>
      </p>
    </PanelForm>
  );
}

/** One lever (a kill switch, a tenant's pause) as a block that reads the same at 375 and 1280 px. */
export function LeverCard(props: {
  request: FastifyRequest;
  /** The id of its heading and the prefix of its field's. */
  id: string;
  name: string;
  /** What it pauses, in words. */
  pauses: string;
  state: { paused: boolean; updatedAt: Date | null; changedBy: string | null; reason: string | null };
  /** Where Pause goes to be reviewed; Resume posts to `action` directly. */
  review: string;
  action: string;
}) {
  const { paused, updatedAt, changedBy, reason } = props.state;
  return (
    <div aria-labelledby={props.id} role="group">
      <h3 id={props.id}>
        {props.name}: {paused ? 'Paused' : 'Running'}
      </h3>
      <dl>
        <dt>Pauses</dt>
        <dd>{props.pauses}</dd>
        <dt>Changed</dt>
        <dd>{updatedAt ? `${when(updatedAt)} by ${changedBy ?? 'someone before reasons were kept'}` : 'Never'}</dd>
        <dt>Reason</dt>
        <dd class="text">{reason ?? '—'}</dd>
      </dl>
      <LeverForm
        request={props.request}
        id={`${props.id}-reason`}
        paused={paused}
        action={paused ? props.action : props.review}
        label={paused ? `Resume ${props.name}` : `Pause ${props.name}…`}
      />
    </div>
  );
}
