/** One line of an entry's details as a person reads it: `webhook host: hooks.example.com`. */
export interface DetailLine {
  key: string;
  value: string;
}

/** A value longer than this (a market's rules) is cut, with an ellipsis. */
const MAX_VALUE = 300;

/**
 * An entry's details as `key: value` lines (docs/operations.md, "The audit log"): nested fields by their
 * path (`filter.tenant id`), lists joined with commas, yes/no, "none" for null, underscores as spaces.
 * Nothing is lost but the tail of a very long text.
 */
export function detailLines(details: unknown): DetailLine[] {
  const lines: DetailLine[] = [];
  walk(details, '', lines);
  return lines;
}

function walk(value: unknown, path: string, lines: DetailLine[]): void {
  if (isPlainList(value)) {
    lines.push({ key: path || 'value', value: value.length === 0 ? 'none' : value.map(scalarText).join(', ') });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${path}[${index + 1}]`, lines));
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, inner] of Object.entries(value))
      walk(inner, path ? `${path}.${words(name)}` : words(name), lines);
  } else if (path || value !== undefined) {
    lines.push({ key: path || 'value', value: scalarText(value) });
  }
}

const isPlainList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null);

const words = (name: string) => name.replace(/_/g, ' ');

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}
