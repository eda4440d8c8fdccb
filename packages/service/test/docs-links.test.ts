import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingSlug, markdownAnchors, markdownLinks } from './markdown-links.js';

/**
 * Every relative link of the README and of docs/ (the guides included, whoever writes them) reaches a
 * file that exists, and a `#anchor` a heading of that file. A guide's `/docs/guides/<name>` (its page on
 * a running service) must name a guide of docs/guides/. Other sites and other service paths are not
 * followed: this checks the repository, offline.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function markdownFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFilesUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const documents = [join(root, 'README.md'), ...markdownFilesUnder(join(root, 'docs'))];

const anchorsOf = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let found = anchorsOf.get(file);
  if (!found) {
    found = markdownAnchors(readFileSync(file, 'utf8'));
    anchorsOf.set(file, found);
  }
  return found;
}

/** Why a link is broken, or null when it leads somewhere. */
function brokenReason(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const hash = target.indexOf('#');
  const pathPart = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  let file: string;
  if (pathPart.startsWith('/')) {
    const guide = /^\/docs\/guides\/([a-z0-9-]+)\/?$/.exec(pathPart);
    if (!guide) return null;
    file = join(root, 'docs/guides', `${guide[1]}.md`);
  } else {
    file = pathPart === '' ? from : resolve(dirname(from), decodeURI(pathPart));
  }
  if (!existsSync(file)) return `${relative(root, file)} does not exist`;
  if (anchor === null || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return null;
  return anchors(file).has(anchor) ? null : `${relative(root, file)} has no heading #${anchor}`;
}

describe('links in the README and docs/', () => {
  it('finds the documents', () => {
    expect(documents.length).toBeGreaterThan(5);
  });

  for (const file of documents) {
    it(`${relative(root, file)}: every relative link and anchor resolves`, () => {
      const broken = markdownLinks(readFileSync(file, 'utf8')).flatMap(({ target, line }) => {
        const reason = brokenReason(file, target);
        return reason === null ? [] : [`${relative(root, file)}:${line} (${target}): ${reason}`];
      });
      expect(broken).toEqual([]);
    });
  }
});

describe('the markdown reading the check relies on', () => {
  it('gives headings the ids GitHub gives them', () => {
    expect(headingSlug('Several processes (`npm run start:cluster`)')).toBe('several-processes-npm-run-startcluster');
    expect(headingSlug("The widget's own routes")).toBe('the-widgets-own-routes');
    expect(headingSlug('The write engine (issue 28): before and after')).toBe(
      'the-write-engine-issue-28-before-and-after',
    );
    expect(headingSlug('CORS (browser calls)')).toBe('cors-browser-calls');
    expect(headingSlug('What `npm test` runs')).toBe('what-npm-test-runs');
    expect(headingSlug('[Linked](x.md) and **bold** snake_case')).toBe('linked-and-bold-snake_case');
  });

  it('numbers repeated headings and reads explicit anchors', () => {
    const found = markdownAnchors('# A\n\n## Tests\n\n### Tests\n\n<a id="here"></a>\n\n```\n# not a heading\n```\n');
    expect([...found]).toEqual(['a', 'tests', 'tests-1', 'here']);
  });

  it('reads links and images outside code, with their lines', () => {
    const text = [
      'See [one](a.md#x) and ![pic](img/p.png "title").',
      '`[not](a link)` and [two (2)](<b c.md>)',
      '```',
      '[inside](code.md)',
      '```',
      '[ref]: ../c.md',
    ].join('\n');
    expect(markdownLinks(text)).toEqual([
      { target: 'a.md#x', line: 1 },
      { target: 'img/p.png', line: 1 },
      { target: 'b c.md', line: 2 },
      { target: '../c.md', line: 6 },
    ]);
  });
});
