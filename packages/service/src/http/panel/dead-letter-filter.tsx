/** @jsxRuntime automatic @jsxImportSource preact */
import { ENVIRONMENTS } from '../../domains/context.js';
import { EVENT_TYPES } from '../../domains/events/index.js';
import type { TenantRow } from '../../domains/tenants/index.js';
import {
  DeadLetterFilterFields,
  deadLetterFilterOf,
  filterProblem,
  type DeadAge,
  type DeadLetterFilter,
} from '../../domains/webhooks/index.js';
import { humanIssue } from '../web/act.js';

/** The list's filter as the page's query (and the confirmation's hidden fields) carry it. */
export interface FilterFields {
  tenant: string;
  environment: string;
  type: string;
  older_than: string;
  dead_from: string;
  dead_to: string;
}

const NAMES = ['tenant', 'environment', 'type', 'older_than', 'dead_from', 'dead_to'] as const;

export const AGE_WORDS: Record<DeadAge, string> = {
  '1h': 'Dead for more than 1 hour',
  '24h': 'Dead for more than 24 hours',
  '7d': 'Dead for more than 7 days',
};

/** The panel's query names and the API's filter fields they stand for. */
const API_NAMES = {
  tenant: 'tenant_id',
  environment: 'environment',
  type: 'type',
  older_than: 'older_than',
  dead_from: 'dead_from',
  dead_to: 'dead_to',
} as const satisfies Record<keyof FilterFields, string>;

/**
 * A datetime-local value (no zone, read as UTC like every time in the panel; seconds optional) as RFC 3339
 * UTC, the form the API takes; anything else is left for the schema to refuse.
 */
function rfc3339Of(text: string): string {
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?Z?$/.exec(text);
  return local ? `${local[1]}${local[2] ?? ':00'}Z` : text;
}

/** What the page says for a field the schema refused. */
const FIELD_WORDS: Record<keyof FilterFields, (fields: FilterFields) => string> = {
  tenant: () => 'Tenant: choose one from the list (that is not a tenant id).',
  environment: () => 'Environment: sandbox or live.',
  type: (fields) => `Event type: ${fields.type} is not an event type this service sends.`,
  older_than: () => 'Age: choose 1 hour, 24 hours or 7 days.',
  dead_from: () => 'Dead from: a date and time in UTC, like 2026-06-01T09:30.',
  dead_to: () => 'Dead to: a date and time in UTC, like 2026-06-01T09:30.',
};

const PANEL_NAMES = Object.fromEntries(Object.entries(API_NAMES).map(([panel, api]) => [api, panel])) as Record<
  string,
  keyof FilterFields
>;

/**
 * The filter of a query or a form, checked by the platform API's own schema (DeadLetterFilterFields):
 * what is wrong is said in words, field by field, and the fields are kept as typed so the form shows
 * them again.
 */
export function readFilter(source: Record<string, unknown>): {
  fields: FilterFields;
  filter: DeadLetterFilter | null;
  problems: string[];
} {
  const fields = Object.fromEntries(
    NAMES.map((name) => {
      const value = source[name];
      return [name, typeof value === 'string' ? value.trim().slice(0, 64) : ''];
    }),
  ) as unknown as FilterFields;
  const wire: Record<string, string> = {};
  for (const name of NAMES) {
    if (!fields[name]) continue;
    wire[API_NAMES[name]] = name === 'dead_from' || name === 'dead_to' ? rfc3339Of(fields[name]) : fields[name];
  }
  const parsed = DeadLetterFilterFields.safeParse(wire);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = PANEL_NAMES[String(issue.path[0])];
      return name ? FIELD_WORDS[name](fields) : humanIssue(issue);
    });
    return { fields, filter: null, problems: [...new Set(problems)] };
  }
  const filter = deadLetterFilterOf(parsed.data);
  if (filterProblem(filter)) return { fields, filter: null, problems: ['Dead from must be before Dead to.'] };
  return { fields, filter, problems: [] };
}

/** The filter's fields that are set, as a query string (with extra parameters after them). */
export function filterQuery(fields: FilterFields, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const name of NAMES) if (fields[name]) query.set(name, fields[name]);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The fields that are set: a form's hidden fields, so that its action returns to the list as it was filtered. */
export function setFields(fields: FilterFields): Record<string, string> {
  return Object.fromEntries(NAMES.filter((name) => fields[name]).map((name) => [name, fields[name]]));
}

/** The filter form: a GET, so that a filtered list is a link one can share (the overview links tenant and environment). */
export function FilterForm(props: { fields: FilterFields; tenants: readonly TenantRow[]; problems: string[] }) {
  const { fields } = props;
  const known = props.tenants.some((t) => t.id === fields.tenant);
  return (
    <form method="get" action="/panel/dead-letters" role="search" aria-label="Filter dead letters">
      {props.problems.length > 0 && (
        <div class="problem" role="alert" id="filter-problems">
          <p>This filter cannot be used:</p>
          <ul>
            {props.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="row">
        <div>
          <label for="tenant">Tenant</label>
          <select id="tenant" name="tenant">
            <option value="">All tenants</option>
            {!known && fields.tenant && (
              <option value={fields.tenant} selected>
                {fields.tenant}
              </option>
            )}
            {props.tenants.map((t) => (
              <option key={t.id} value={t.id} selected={t.id === fields.tenant}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="environment">Environment</label>
          <select id="environment" name="environment">
            <option value="">Both</option>
            {ENVIRONMENTS.map((e) => (
              <option key={e} value={e} selected={e === fields.environment}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="type">Event type</label>
          <select id="type" name="type">
            <option value="">Any type</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t} selected={t === fields.type}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="older_than">Age</label>
          <select id="older_than" name="older_than">
            <option value="">Any age</option>
            {Object.entries(AGE_WORDS).map(([value, words]) => (
              <option key={value} value={value} selected={value === fields.older_than}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="dead_from">Dead from (UTC)</label>
          <input id="dead_from" name="dead_from" type="datetime-local" value={fields.dead_from} />
        </div>
        <div>
          <label for="dead_to">Dead to (UTC)</label>
          <input id="dead_to" name="dead_to" type="datetime-local" value={fields.dead_to} />
        </div>
        <button type="submit" class="secondary">
          Show
        </button>
      </div>
    </form>
  );
}
