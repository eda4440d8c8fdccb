/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { KeptForm } from './act.js';
import { FormIdentity } from './form-identity.js';
import { CsrfField, Page, sendPage } from './page.js';
import { peekFlash, sessionOf, takeFlash } from './web-session.js';

/** A signed-in page: the shell with the session's name, CSRF token, and the last action's outcome. */
export function sendScreen(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: { title: string; current: string; status?: number; search?: string; refreshSeconds?: number },
  body: ComponentChildren,
): FastifyReply {
  const session = sessionOf(request);
  const flash = takeFlash(request, reply);
  return sendPage(
    reply,
    <Page
      site={request.webSite}
      title={screen.title}
      current={screen.current}
      who={session.who}
      csrfToken={session.csrfToken}
      searchQuery={screen.search}
      refreshSeconds={screen.refreshSeconds}
      notice={flash.notice}
      problem={flash.problem}
    >
      {body}
    </Page>,
    screen.status,
  );
}

/** A form of one button (and hidden fields) that posts an action; its CSRF token from the request. */
export function ActionButton(props: {
  request: FastifyRequest;
  action: string;
  label: string;
  fields?: Record<string, string>;
  /** Red, for what takes something away; `primary` for a page's one ordinary action; else a quiet button. */
  danger?: boolean;
  primary?: boolean;
  /** The button's accessible name when its label alone repeats down a table ("Revoke key pmk_…"). */
  name?: string;
  /** The page a repeat of this form goes back to, when not the one showing it (FormIdentity). */
  page?: string;
}) {
  return (
    <form class="inline" method="post" action={props.action}>
      <CsrfField token={sessionOf(props.request).csrfToken} />
      <FormIdentity request={props.request} page={props.page} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        class={props.danger ? 'danger' : props.primary ? undefined : 'secondary'}
        aria-label={props.name}
      >
        {props.label}
      </button>
    </form>
  );
}

/**
 * A button that opens a confirmation page first (a GET: nothing happens yet), for the actions that are
 * hard to take back: a tenant's suspension, a key's revocation.
 */
export function ConfirmFirst(props: { href: string; label: string; name?: string }) {
  return (
    <a class="button danger" href={props.href} aria-label={props.name}>
      {props.label}
    </a>
  );
}

/** The confirmation page: what the action will do, and the one button that does it. */
export function sendConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    title: string;
    current: string;
    effect: string;
    action: string;
    fields?: Record<string, string>;
    button: string;
    back: string;
    /** An action that takes nothing away (a first secret) has an ordinary button, not a red one. */
    safe?: boolean;
  },
): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: page.title, current: page.current },
    <section>
      <p>{page.effect}</p>
      {/* A div: a <form> inside a <p> would end the paragraph, and Cancel would leave the row. */}
      <div class="row">
        <ActionButton
          request={request}
          action={page.action}
          fields={page.fields}
          label={page.button}
          danger={!page.safe}
          primary={page.safe}
          page={page.back}
        />
        <a href={page.back}>Cancel</a>
      </div>
    </section>,
  );
}

/** A form posting `action`, carrying the session's CSRF token; its fields show a refused post's input again. */
export function PanelForm(props: {
  request: FastifyRequest;
  action: string;
  children: ComponentChildren;
  label?: string;
  id?: string;
  /** The page a repeat of this form goes back to, when not the one showing it (FormIdentity). */
  page?: string;
}) {
  return (
    <form method="post" action={props.action} aria-label={props.label} id={props.id}>
      <CsrfField token={sessionOf(props.request).csrfToken} />
      <FormIdentity request={props.request} page={props.page} />
      <KeptInput.Provider value={keptFor(props.request, props.action)}>{props.children}</KeptInput.Provider>
    </form>
  );
}

/**
 * A filter form: a GET, so a filtered list is a link one can share. Its fields (Field, SelectField) show
 * the query's values and, next to each, what is wrong with it.
 */
export function FilterForm(props: {
  action: string;
  label: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  children: ComponentChildren;
}) {
  const kept: KeptForm = { action: props.action, values: props.values, errors: props.errors };
  return (
    <form method="get" action={props.action} role="search" aria-label={props.label}>
      <KeptInput.Provider value={kept}>{props.children}</KeptInput.Provider>
    </form>
  );
}

/** What the last refused post of this form left (its input and the words for each field), if it was this form. */
export function keptFor(request: FastifyRequest, action: string): KeptForm | null {
  const form = peekFlash(request).extra.form as KeptForm | undefined;
  return form && form.action === action && form.values && form.errors ? form : null;
}

const KeptInput = createContext<KeptForm | null>(null);

/**
 * One field's state inside a PanelForm: the value typed before a refusal (else `initial`), and the words
 * saying what is wrong, tied to the control by aria-describedby and aria-invalid.
 */
export function useField(name: string, id: string, initial?: string) {
  const kept = useContext(KeptInput);
  const value = kept?.values[name];
  const error = kept?.errors[name];
  const errorId = `${id}-error`;
  return {
    value: typeof value === 'string' ? value : kept ? (value?.[0] ?? '') : initial,
    values: kept ? (Array.isArray(value) ? value : value === undefined ? [] : [value]) : undefined,
    error,
    control: { 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': error ? errorId : undefined },
    message: error ? (
      <p class="field-error" id={errorId}>
        {error}
      </p>
    ) : null,
  };
}

type FieldProps = {
  name: string;
  label: string;
  id?: string;
  value?: string;
  required?: boolean;
  maxLength?: number;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url' | 'email';
  placeholder?: string;
  size?: number;
  /** A line under the label saying what the field takes. */
  hint?: string;
};

/** A labelled text input that keeps a refused post's input and says what is wrong next to it. */
export function Field(props: FieldProps) {
  const id = props.id ?? props.name;
  const field = useField(props.name, id, props.value);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, field.control['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={hintId}>
          {props.hint}
        </p>
      )}
      <input
        id={id}
        name={props.name}
        value={field.value ?? ''}
        required={props.required}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        size={props.size}
        aria-invalid={field.control['aria-invalid']}
        aria-describedby={describedBy}
      />
      {field.message}
    </>
  );
}

/** A labelled day picker (YYYY-MM-DD), as Field. */
export function DateField(props: { name: string; label: string; id?: string }) {
  const id = props.id ?? props.name;
  const field = useField(props.name, id);
  return (
    <>
      <label for={id}>{props.label}</label>
      <input id={id} name={props.name} type="date" value={field.value ?? ''} {...field.control} />
      {field.message}
    </>
  );
}

/** A labelled text area, as Field. */
export function TextAreaField(props: Omit<FieldProps, 'inputMode' | 'size'> & { rows?: number }) {
  const id = props.id ?? props.name;
  const field = useField(props.name, id, props.value);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, field.control['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={hintId}>
          {props.hint}
        </p>
      )}
      <textarea
        id={id}
        name={props.name}
        required={props.required}
        maxLength={props.maxLength}
        rows={props.rows}
        aria-invalid={field.control['aria-invalid']}
        aria-describedby={describedBy}
      >
        {field.value ?? ''}
      </textarea>
      {field.message}
    </>
  );
}

/** A labelled <select>, as Field; options are [value, label]. */
export function SelectField(props: {
  name: string;
  label: string;
  id?: string;
  value?: string;
  options: readonly (readonly [string, string])[];
}) {
  const id = props.id ?? props.name;
  const field = useField(props.name, id, props.value);
  return (
    <>
      <label for={id}>{props.label}</label>
      <select id={id} name={props.name} {...field.control}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value} selected={value === field.value}>
            {label}
          </option>
        ))}
      </select>
      {field.message}
    </>
  );
}

export const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 19) + 'Z' : '—');

/**
 * A table that scrolls sideways on a narrow screen, reachable by keyboard (a named, focusable region: a
 * scrolling area must be, for people who cannot use a pointer).
 */
export function ScrollTable(props: {
  label: string;
  children: ComponentChildren;
  /**
   * On a phone, each row becomes a card of label: value lines (its cells' data-label), so no column is
   * out of view; for tables whose every column matters there.
   */
  stack?: boolean;
}) {
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label={props.label}>
      <table class={props.stack ? 'stack' : undefined}>{props.children}</table>
    </div>
  );
}

/** A group of checkboxes of one name (a fieldset), as Field: the boxes ticked before a refusal stay ticked. */
export function CheckboxesField(props: {
  name: string;
  legend: string;
  options: readonly string[];
  /** The boxes ticked at first. */
  checked: readonly string[];
  /** What each box says, when not its value. */
  labels?: Readonly<Record<string, string>>;
  /** The group's id (its message's is `${id}-error`), for a page with two forms of the same field. */
  id?: string;
}) {
  const field = useField(props.name, props.id ?? `${props.name}-boxes`);
  const ticked = new Set(field.values ?? props.checked);
  return (
    <fieldset id={props.id} aria-describedby={field.control['aria-describedby']}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label class="check" key={option}>
          <input type="checkbox" name={props.name} value={option} checked={ticked.has(option)} />{' '}
          {props.labels?.[option] ?? option}
        </label>
      ))}
      {field.message}
    </fieldset>
  );
}

/** A list page's address: its path and the query's values that are set. */
export function pageHref(path: string, query: Readonly<Record<string, string | undefined>>): string {
  const set = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const text = new URLSearchParams(set).toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The links of a list read newest first by keyset: back to the newest once past the first page, on to
 * the older ones while there are more (`next`, the last row's position), the list's filter kept in both.
 */
export function KeysetLinks(props: {
  path: string;
  filter: Readonly<Record<string, string | undefined>>;
  /** The position this page started after, null on the first page. */
  after: string | null;
  next: string | null;
  /** What the list holds, plural: "markets". */
  noun: string;
}) {
  const { path, filter, after, next } = props;
  if (after === null && next === null) return null;
  return (
    <nav aria-label="Pages">
      <p>
        {after !== null && <a href={pageHref(path, filter)}>Newest {props.noun}</a>}
        {after !== null && next !== null && ' · '}
        {next !== null && (
          <a href={pageHref(path, { ...filter, after: next })} rel="next">
            Older {props.noun}
          </a>
        )}
      </p>
    </nav>
  );
}
