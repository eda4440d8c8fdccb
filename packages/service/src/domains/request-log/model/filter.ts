import { isUuid } from '../../../lib/uuid.js';
import { isExternalUserId } from '../../users/model/external-user-id.js';

/** What the log's list can be narrowed to (docs/operations.md, "The request log"). */
export interface RequestFilter {
  requestId?: string;
  user?: string;
  statusClass?: 2 | 3 | 4 | 5;
  code?: string;
  route?: string;
  from?: Date;
  to?: Date;
}

/** The query's fields as a page or a link carries them. */
export const FILTER_FIELDS = ['request_id', 'user', 'status', 'code', 'route', 'from', 'to'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type FilterQuery = Partial<Record<FilterField, string>>;

/** A field's value that cannot narrow the list, in words for the person who typed it. */
export interface FilterProblem {
  field: FilterField;
  message: string;
}

const STATUS_CLASSES = { '2xx': 2, '3xx': 3, '4xx': 4, '5xx': 5 } as const;
/** A time as RFC 3339 or as a form's datetime-local (read as UTC), seconds optional, or a date alone. */
const TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;
const CODE = /^[a-z_]{1,64}$/;

/** Times the log can hold: the database refuses years outside its range, and nothing is older than 2000. */
const inRange = (at: Date) => !Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 2000 && at.getUTCFullYear() <= 9999;

/** A date alone means its whole day: from its midnight, or to its last moment. */
function timeOf(text: string, end: boolean): Date | null {
  if (!TIME.test(text)) return null;
  const zoned = /[zZ]|[+-]\d{2}:\d{2}$/.test(text.slice(10)) ? text : `${text.length === 10 ? `${text}T00:00` : text}Z`;
  const at = new Date(zoned.replace(' ', 'T'));
  if (!inRange(at)) return null;
  return end && text.length === 10 ? new Date(at.getTime() + 86_400_000 - 1) : at;
}

/** The filter a query asks for, or every field that cannot be read, each said in words. */
export function filterOf(query: FilterQuery): { filter: RequestFilter; problems: FilterProblem[] } {
  const filter: RequestFilter = {};
  const problems: FilterProblem[] = [];
  const value = (field: FilterField) => query[field]?.trim() || undefined;
  const requestId = value('request_id');
  if (requestId !== undefined) {
    if (isUuid(requestId)) filter.requestId = requestId.toLowerCase();
    else
      problems.push({ field: 'request_id', message: 'A request id looks like 3f1c…-…: the request_id of an answer.' });
  }
  const user = value('user');
  if (user !== undefined) {
    if (isExternalUserId(user)) filter.user = user;
    else problems.push({ field: 'user', message: 'An external user id is 1 to 64 letters, digits and . _ ~ -.' });
  }
  const status = value('status');
  if (status !== undefined) {
    const cls = STATUS_CLASSES[status.toLowerCase() as keyof typeof STATUS_CLASSES];
    if (cls) filter.statusClass = cls;
    else problems.push({ field: 'status', message: 'Status: 2xx, 3xx, 4xx or 5xx.' });
  }
  const code = value('code');
  if (code !== undefined) {
    if (CODE.test(code)) filter.code = code;
    else problems.push({ field: 'code', message: `${code} is not an error code: codes look like rate_limited.` });
  }
  const route = value('route');
  if (route !== undefined) {
    if (/^\/v1[\x21-\x7e]{0,200}$/.test(route)) filter.route = route;
    else problems.push({ field: 'route', message: 'A route starts with /v1, like /v1/users/:external_user_id.' });
  }
  for (const field of ['from', 'to'] as const) {
    const text = value(field);
    if (text === undefined) continue;
    const at = timeOf(text, field === 'to');
    if (at) filter[field] = at;
    else problems.push({ field, message: `${text} is not a time: write it like 2026-11-29T14:30 (UTC).` });
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    problems.push({ field: 'to', message: 'The end is before the start.' });
  }
  return { filter, problems };
}

/** Where the next page starts: the last row's time and id (newest first). */
export interface LogCursor {
  at: Date;
  requestId: string;
}

export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.requestId}`).toString('base64url');
}

/** The cursor a page link carries, or null when it is not one this log made. */
export function decodeCursor(text: string): LogCursor | null {
  const [at, requestId] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const time = at ? new Date(at) : null;
  return time && inRange(time) && requestId && isUuid(requestId) ? { at: time, requestId } : null;
}
