/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { AUDIT_ACTIONS, AUDIT_FILTER_NAMES, AUDIT_NOUNS, type AuditFilterFields } from '../../domains/audit/index.js';
import type { TenantRow } from '../../domains/tenants/index.js';

type Errors = Partial<Record<keyof AuditFilterFields, string>>;

/** The filter's fields that are set, as a query string (with the page's keyset position after them). */
export function auditQuery(fields: AuditFilterFields, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) if (fields[name]) query.set(name, fields[name]);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  const text = query.toString();
  return text ? `/panel/audit?${text}` : '/panel/audit';
}

/**
 * The audit log's filter (docs/operations.md, "The audit log"): a GET, so a filtered log is a link to
 * share. What is wrong with a field is said under it, tied to it by aria-describedby.
 */
export function AuditFilterForm(props: { fields: AuditFilterFields; errors: Errors; tenants: readonly TenantRow[] }) {
  const { fields, errors } = props;
  const known = props.tenants.some((t) => t.id === fields.tenant.toLowerCase());
  return (
    <form method="get" action="/panel/audit" role="search" aria-label="Filter the audit log">
      {Object.keys(errors).length > 0 && (
        <p class="problem" role="alert">
          This filter cannot be used: see the fields marked below.
        </p>
      )}
      <div class="row">
        <FilterField name="tenant" label="Tenant" error={errors.tenant}>
          {(control) => (
            <select {...control}>
              <option value="">All tenants</option>
              {!known && fields.tenant && (
                <option value={fields.tenant} selected>
                  {fields.tenant}
                </option>
              )}
              {props.tenants.map((t) => (
                <option key={t.id} value={t.id} selected={t.id === fields.tenant.toLowerCase()}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="actor" label="Who (part of the name)" error={errors.actor}>
          {(control) => <input {...control} value={fields.actor} maxLength={200} placeholder="panel:Ada" />}
        </FilterField>
        <FilterField name="action" label="Action" error={errors.action}>
          {(control) => (
            <select {...control}>
              <option value="">Any action</option>
              {fields.action && !(fields.action in AUDIT_ACTIONS) && !AUDIT_NOUNS.includes(fields.action) && (
                <option value={fields.action} selected>
                  {fields.action}
                </option>
              )}
              <optgroup label="Every action of">
                {AUDIT_NOUNS.map((noun) => (
                  <option key={noun} value={noun} selected={noun === fields.action}>
                    {noun}.*
                  </option>
                ))}
              </optgroup>
              <optgroup label="One action">
                {Object.keys(AUDIT_ACTIONS).map((name) => (
                  <option key={name} value={name} selected={name === fields.action}>
                    {name}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </FilterField>
        <FilterField name="from" label="From (UTC)" hint="2026-06-01 or 2026-06-01T09:30:00Z" error={errors.from}>
          {(control) => <input {...control} value={fields.from} size={22} />}
        </FilterField>
        <FilterField name="to" label="To (UTC, included)" hint="a date counts whole" error={errors.to}>
          {(control) => <input {...control} value={fields.to} size={22} />}
        </FilterField>
        <button type="submit" class="secondary">
          Show
        </button>
      </div>
      {Object.values(fields).some(Boolean) && (
        <p>
          <a href="/panel/audit">Clear the filter</a>
        </p>
      )}
    </form>
  );
}

interface Control {
  id: string;
  name: string;
  'aria-invalid'?: 'true';
  'aria-describedby'?: string;
}

/** A labelled control with its hint and, when refused, the words saying why beneath it. */
function FilterField(props: {
  name: keyof AuditFilterFields;
  label: string;
  hint?: string;
  error: string | undefined;
  children: (control: Control) => ComponentChildren;
}) {
  const id = `filter-${props.name}`;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {props.children({
        id,
        name: props.name,
        'aria-invalid': props.error ? 'true' : undefined,
        'aria-describedby': describedBy,
      })}
      {props.error && (
        <p class="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
