/**
 * Just enough of markdown to check a document's links: the links and images of its text (not of its
 * code), and the ids its headings get. Ids follow GitHub's rules (github-slugger), since GitHub is where
 * a reader follows these links: the heading's text without its markup, lower-cased, punctuation
 * dropped, each space a hyphen, and `-1`, `-2`… after an id already taken.
 */

export interface MarkdownLink {
  /** The destination as written, `<…>` and any title removed. */
  target: string;
  /** 1-based line of the link in its file. */
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The file's lines with fenced code blocks blanked, so that line numbers stay. */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opening = FENCE.exec(line);
    if (fence !== null) {
      if (opening && opening[1]![0] === fence[0] && opening[1]!.length >= fence.length) fence = null;
      return '';
    }
    if (opening) {
      fence = opening[1]!;
      return '';
    }
    return line;
  });
}

/** A line without its inline code, where brackets are text, not links. */
function withoutCode(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, '');
}

/** `[text](dest "title")`, `![alt](dest)`, one level of brackets in the text and parentheses in the dest. */
const INLINE_LINK =
  /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>]*>|(?:[^\s()]|\([^\s()]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
/** `[label]: dest` */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;

export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((line, index) => {
    const text = withoutCode(line);
    const definition = REFERENCE_DEFINITION.exec(text);
    if (definition) links.push({ target: unbracket(definition[1]!), line: index + 1 });
    for (const match of text.matchAll(INLINE_LINK)) links.push({ target: unbracket(match[1]!), line: index + 1 });
  });
  return links;
}

function unbracket(target: string): string {
  return target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target;
}

/** The text a heading shows: links and images by their text, emphasis and code marks dropped. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]|(?<!\w)_+|_+(?!\w)/g, '');
}

/** GitHub's id for a heading's text, before duplicates are numbered. */
export function headingSlug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every id a link can point at: the headings' (numbered as GitHub numbers them) and `<a id|name>`. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const html of line.matchAll(/<a\s[^>]*\b(?:id|name)=["']([^"']+)["']/g)) anchors.add(html[1]!);
  }
  return anchors;
}
