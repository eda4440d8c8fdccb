import { AUDIT_NOUNS, isAuditAction } from './actions.js';

/** The audit log's filter as a query carries it, each field as typed (trimmed). */
export interface AuditFilterFields {
  tenant: string;
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = [
  'tenant',
  'actor',
  'action',
  'from',
  'to',
] as const satisfies readonly (keyof AuditFilterFields)[];

/** What the log is narrowed to; null fields narrow nothing. */
export interface AuditFilter {
  tenantId: string | null;
  /** Part of who did it, any case: a name, `panel:`, `portal:`, `platform API`, an API key's id. */
  actor: string | null;
  /** One action (`market.resolve`), or every action of a noun (`market`). */
  action: { exact: string } | { noun: string } | null;
  /** Entries at or after this instant. */
  from: Date | null;
  /** Entries before this instant: a date's next midnight, a time's next millisecond (so `to` itself is in). */
  until: Date | null;
}

export const NO_AUDIT_FILTER: AuditFilter = { tenantId: null, actor: null, action: null, from: null, until: null };

const MAX_ACTOR = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 (a space for the T too), or a time without a zone, read as UTC like every time in the panel. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:\d{2})?$/;

const TIME_WORDS = 'a date like 2026-06-01, or a time like 2026-06-01T09:30:00Z (RFC 3339; without a zone, UTC)';

/**
 * The filter of a query (docs/operations.md, "The audit log"): each field checked, and what is wrong with
 * one said in words for the page to show next to it. Never throws: any text gives a filter or words.
 */
export function readAuditFilter(source: Record<string, unknown>): {
  fields: AuditFilterFields;
  filter: AuditFilter | null;
  errors: Partial<Record<keyof AuditFilterFields, string>>;
} {
  const fields = Object.fromEntries(
    AUDIT_FILTER_NAMES.map((name) => {
      const value = source[name];
      return [name, typeof value === 'string' ? value.trim().slice(0, MAX_ACTOR + 1) : ''];
    }),
  ) as unknown as AuditFilterFields;
  const errors: Partial<Record<keyof AuditFilterFields, string>> = {};

  if (fields.tenant && !UUID.test(fields.tenant))
    errors.tenant = 'Choose a tenant from the list: this is not a tenant id.';
  if (fields.actor.length > MAX_ACTOR) errors.actor = `Keep it to ${MAX_ACTOR} characters.`;
  else if (hasControl(fields.actor)) errors.actor = 'Type plain text: no control characters.';
  const action = actionOf(fields.action);
  if (fields.action && !action)
    errors.action = `${fields.action} is not an action the log records: choose one from the list.`;
  const from = fields.from ? instantOf(fields.from, 'start') : null;
  const until = fields.to ? instantOf(fields.to, 'end') : null;
  if (fields.from && !from) errors.from = `Enter ${TIME_WORDS}.`;
  if (fields.to && !until) errors.to = `Enter ${TIME_WORDS}.`;
  if (from && until && from >= until) errors.to = 'To must not be before From.';

  if (Object.keys(errors).length > 0) return { fields, filter: null, errors };
  return {
    fields,
    filter: {
      tenantId: fields.tenant ? fields.tenant.toLowerCase() : null,
      actor: fields.actor || null,
      action,
      from,
      until,
    },
    errors,
  };
}

const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function actionOf(text: string): AuditFilter['action'] {
  if (!text) return null;
  if (isAuditAction(text)) return { exact: text };
  return AUDIT_NOUNS.includes(text) ? { noun: text } : null;
}

/**
 * A date or a time as an instant: a date's `start` is its midnight UTC and its `end` the next midnight; a
 * time's `end` is the millisecond after it. Null for text that is not one, or not a real day or time.
 */
export function instantOf(text: string, side: 'start' | 'end'): Date | null {
  const day = DATE.exec(text);
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    const start = realUtc(y, m, d, 0, 0, 0);
    if (!start) return null;
    return side === 'start' ? start : new Date(start.getTime() + 86_400_000);
  }
  const time = DATE_TIME.exec(text);
  if (!time) return null;
  const [, y, m, d, hh, mm, ss = '0', fraction = '', zone = 'Z'] = time as unknown as string[];
  const local = realUtc(Number(y), Number(m), Number(d), Number(hh), Number(mm), Number(ss));
  if (!local) return null;
  const millis = Number(`0.${fraction || '0'}`) * 1000;
  const offset = zone.toUpperCase() === 'Z' ? 0 : offsetMinutes(zone);
  if (offset === null) return null;
  const at = new Date(local.getTime() + Math.floor(millis) - offset * 60_000);
  return side === 'start' ? at : new Date(at.getTime() + 1);
}

/** A UTC instant from its fields, or null when they name no real day or time (30 February, 24:00). */
function realUtc(y: number, m: number, d: number, hh: number, mm: number, ss: number): Date | null {
  if (y < 1 || m < 1 || m > 12 || d < 1 || hh > 23 || mm > 59 || ss > 59) return null;
  const at = new Date(Date.UTC(y, m - 1, d, hh, mm, ss));
  at.setUTCFullYear(y); // Date.UTC reads years 0–99 as 1900–1999
  return at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? at : null;
}

function offsetMinutes(zone: string): number | null {
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return null;
  return (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}
