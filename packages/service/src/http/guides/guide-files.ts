import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** docs/guides/ of the repository, where guide authors put one markdown file per topic. */
export const GUIDES_DIR = fileURLToPath(new URL('../../../../../docs/guides/', import.meta.url));

/** The SDK's page, docs/sdk.md, shown at /docs/sdk (the package's own README is its contributors'). */
export const SDK_README = fileURLToPath(new URL('../../../../../docs/sdk.md', import.meta.url));

/**
 * The guides in the order a reader meets them (docs/guides-contract): the fixed names first, any other
 * file after them by name. README.md is for guide authors and is not a guide.
 */
export const GUIDE_ORDER = [
  'quickstart',
  'money-model',
  'embedding',
  'webhooks',
  'errors',
  'rate-limits',
  'going-live',
  'self-service',
  'sandbox',
  'exposure',
  'player-limits',
] as const;

/** A guide's name is its file name without .md: lowercase words joined by hyphens. */
export const GUIDE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface GuideFile {
  name: string;
  title: string;
  source: string;
}

/** The first `# ` line, or the name when a file has none. */
export function titleOf(name: string, source: string): string {
  const line = source.split('\n').find((l) => l.startsWith('# '));
  return line ? line.slice(2).trim() : name;
}

/** Every guide in docs/guides/, read now: the files change only with a deploy, and they are small. */
export async function readGuides(dir = GUIDES_DIR): Promise<GuideFile[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const names = files
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.slice(0, -3))
    .filter((n) => GUIDE_NAME.test(n));
  const rank = (n: string) => {
    const i = (GUIDE_ORDER as readonly string[]).indexOf(n);
    return i === -1 ? GUIDE_ORDER.length : i;
  };
  names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Promise.all(
    names.map(async (name) => {
      const source = await readFile(`${dir}${name}.md`, 'utf8');
      return { name, title: titleOf(name, source), source };
    }),
  );
}
