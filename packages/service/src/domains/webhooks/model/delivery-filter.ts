import type { DeliveryState } from '../../../db/schema.js';

/** A delivery's states, in the order a filter offers them (docs/guides/webhooks.md, "Retries and their schedule"). */
export const DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const satisfies readonly DeliveryState[];

/** What an environment's deliveries can be narrowed to; every field narrows, none is required. */
export interface DeliveryFilter {
  state?: DeliveryState;
  /** The event type. */
  type?: string;
  /** The event happened at or after this instant. */
  from?: Date;
  /** The event happened before this instant. */
  to?: Date;
}

/** The fields of a filter as a query carries them. */
export const DELIVERY_FILTER_FIELDS = ['state', 'type', 'from', 'to'] as const;
export type DeliveryFilterField = (typeof DELIVERY_FILTER_FIELDS)[number];
export type DeliveryFilterFields = Partial<Record<DeliveryFilterField, string>>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?$/i;

/**
 * A day or a time typed in UTC as an instant: a day's `from` is its midnight and its `to` the next one
 * (the whole day is in), a time is that instant. Null for text that is neither, or no real day or time
 * (30 February, 24:00).
 */
export function instantOf(text: string, side: 'from' | 'to'): Date | null {
  const day = DAY.exec(text);
  const time = day ? null : TIME.exec(text);
  const parts = (day ?? time)?.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  if (!parts) return null;
  const [y, m, d, hh = 0, mm = 0, ss = 0] = parts as number[];
  const at = new Date(Date.UTC(y!, m! - 1, d!, hh, mm, ss));
  const real =
    at.getUTCFullYear() === y && at.getUTCMonth() === m! - 1 && at.getUTCDate() === d && at.getUTCHours() === hh;
  if (!real || mm > 59 || ss > 59) return null;
  return day && side === 'to' ? new Date(at.getTime() + 86_400_000) : at;
}

/**
 * The filter a query's fields ask for, and what is wrong with each field that cannot narrow the list,
 * in words for the person who typed it. `types` are the event types there are.
 */
export function readDeliveryFilter(
  fields: DeliveryFilterFields,
  types: readonly string[],
): { filter: DeliveryFilter; problems: Partial<Record<DeliveryFilterField, string>> } {
  const filter: DeliveryFilter = {};
  const problems: Partial<Record<DeliveryFilterField, string>> = {};
  const { state, type, from, to } = fields;
  if (state) {
    if ((DELIVERY_STATES as readonly string[]).includes(state)) filter.state = state as DeliveryState;
    else problems.state = `Choose pending, delivered or dead: ${state.slice(0, 40)} is no delivery state.`;
  }
  if (type) {
    if (types.includes(type)) filter.type = type;
    else problems.type = `${type.slice(0, 60)} is not an event type: choose one from the list.`;
  }
  for (const [field, text] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!text) continue;
    const at = instantOf(text.trim(), field);
    if (at) filter[field] = at;
    else problems[field] = `${text.slice(0, 40)} is not a time: write it like 2026-11-29T14:30 or 2026-11-29 (UTC).`;
  }
  if (filter.from && filter.to && filter.from >= filter.to) problems.to = 'To must be after From.';
  return { filter, problems };
}
