/**
 * A refused request says what is wrong in words (docs/operator-api.md, "Errors"): one issue per field, the
 * first rule it breaks, never a regular expression. Schemas carry their own words where zod's would name a
 * pattern (money, slugs, ids); this module puts zod's built-in messages into words and keeps one issue per
 * field, for the error envelope's `details.issues` and its `message`.
 */

/** A zod issue as zod reports it, or as fastify-type-provider-zod passes it on (code, path, message, params). */
export interface RawIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  values?: readonly unknown[];
  keys?: readonly string[];
  errors?: readonly (readonly RawIssue[])[];
  options?: readonly unknown[];
}

/** One issue of the envelope's details.issues. */
export interface WordedIssue {
  location: string;
  path: string;
  message: string;
}

/** zod's own messages start so; a schema author's words never do in this code base. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

/** The kinds zod names in invalid_type, as an API client reads them. */
const KIND_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list (JSON array)',
  object: 'an object',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  uuid: 'must be a UUID, such as "0b9e6c2a-8f0e-4c57-9d6e-3c1f2a4b5c6d"',
  guid: 'must be a UUID, such as "0b9e6c2a-8f0e-4c57-9d6e-3c1f2a4b5c6d"',
  datetime: 'must be a date and time in UTC, such as "2026-12-31T18:00:00Z"',
  date: 'must be a date, such as "2026-12-31"',
  url: 'must be a full URL, such as "https://example.com/hooks"',
  email: 'must be an e-mail address',
};

function quoted(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ');
}

/** A count of the things the origin measures (characters, items, digits). */
function counted(origin: string | undefined, n: unknown): string {
  if (origin === 'string') return `${n} character${Number(n) === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${Number(n) === 1 ? '' : 's'}`;
  return String(n);
}

/** The rule an issue says, in words, without the field's name. */
export function ruleOf(issue: RawIssue): string {
  if (!ZOD_DEFAULT.test(issue.message) && issue.code !== 'invalid_union') return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      if (/received undefined$/.test(issue.message)) return 'is required';
      if (/received NaN$/.test(issue.message)) return 'must be a number';
      const kind = KIND_WORDS[String(issue.expected)];
      return kind ? `must be ${kind}` : 'is not of the accepted type';
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      const bound = counted(issue.origin, issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `must have at least ${bound}`;
      return issue.inclusive === false ? `must be above ${bound}` : `must be at least ${bound}`;
    }
    case 'too_big': {
      const bound = counted(issue.origin, issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `must have at most ${bound}`;
      return issue.inclusive === false ? `must be below ${bound}` : `must be at most ${bound}`;
    }
    case 'invalid_format':
      // A pattern without words of its own: the field's description in the OpenAPI document says the rule.
      return FORMAT_WORDS[issue.format ?? ''] ?? 'is not in the accepted form (the API reference describes it)';
    case 'invalid_value':
      return (issue.values ?? []).length === 1
        ? `must be ${quoted(issue.values!)}`
        : `must be one of ${quoted(issue.values ?? [])}`;
    case 'not_multiple_of':
      return 'is not a multiple of the accepted step';
    case 'unrecognized_keys':
      return 'is not a field of this request';
    case 'invalid_key':
      return 'is not an accepted name';
    default:
      return 'is not an accepted value';
  }
}

/**
 * A union's issues: of its options, the one the value came closest to (the fewest issues), with the
 * values every option allows at one path put together ("must be one of "resolved", "voided"").
 */
function unionIssues(issue: RawIssue): RawIssue[] {
  // A discriminated union told by its discriminator: the values it takes.
  if ((issue.errors ?? []).length === 0 && issue.options)
    return [{ ...issue, code: 'invalid_value', message: 'Invalid option', values: issue.options }];
  const options = (issue.errors ?? []).filter((list) => list.length > 0);
  if (options.length === 0) return [{ ...issue, code: 'custom', message: 'is not one of the accepted shapes' }];
  const closest = [...options].sort((a, b) => a.length - b.length)[0]!;
  return closest.map((inner) => {
    const full = { ...inner, path: [...issue.path, ...inner.path] };
    if (inner.code !== 'invalid_value') return full;
    const values = options.flatMap((list) =>
      list
        .filter((i) => i.code === 'invalid_value' && i.path.join('/') === inner.path.join('/'))
        .flatMap((i) => i.values ?? []),
    );
    return { ...full, values: [...new Set(values)] };
  });
}

/** The issues as single ones: an unknown field each, a union's closest option. */
function flatten(issues: readonly RawIssue[]): RawIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys')
      return (issue.keys ?? []).map((key) => ({ ...issue, path: [...issue.path, key], keys: [key] }));
    if (issue.code === 'invalid_union') return flatten(unionIssues(issue));
    return [issue];
  });
}

/** The field as a reader writes it: `amount`, `outcomes[0].title`; the whole body or query when at the top. */
export function fieldOf(path: readonly PropertyKey[], location: string): string {
  if (path.length === 0) return location === 'querystring' ? 'the query' : `the ${locationWords(location)}`;
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('');
}

function locationWords(location: string): string {
  return location === 'querystring'
    ? 'query'
    : location === 'params'
      ? 'path'
      : location === 'headers'
        ? 'headers'
        : location;
}

/** The issues of one refused request, one per field (its first broken rule), each in words. */
export function wordedIssues(issues: readonly RawIssue[], location: string): (WordedIssue & { field: string })[] {
  const seen = new Set<string>();
  const worded: (WordedIssue & { field: string })[] = [];
  for (const issue of flatten(issues)) {
    const path = `/${issue.path.map(String).join('/')}`;
    if (seen.has(path)) continue;
    seen.add(path);
    worded.push({ location, path, message: ruleOf(issue), field: fieldOf(issue.path, location) });
  }
  return worded;
}

/**
 * The envelope's message and details for a refused request: "Invalid body: amount must be above zero."
 * naming the first field, and details.issues with every field's rule.
 */
export function validationAnswer(
  issues: readonly RawIssue[],
  location: string,
  what = `Invalid ${locationWords(location)}`,
): { message: string; details: { issues: WordedIssue[] } } {
  const worded = wordedIssues(issues, location);
  const first = worded[0];
  const sentence = first ? joinRule(first.field, first.message) : 'it is not valid';
  const more = worded.length > 1 ? ` (${worded.length - 1} more in details.issues)` : '';
  return {
    message: `${what}: ${sentence}${more}.`.replace(/\.\.$/, '.'),
    details: { issues: worded.map(({ location: l, path, message }) => ({ location: l, path, message })) },
  };
}

/** "amount must be above zero"; a rule that is not a verb phrase follows a colon. */
function joinRule(field: string, rule: string): string {
  return /^(must|is|are|has|have|may|cannot|needs?)\b/.test(rule) ? `${field} ${rule}` : `${field}: ${rule}`;
}
