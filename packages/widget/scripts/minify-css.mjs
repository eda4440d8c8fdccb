// An esbuild plugin for the widget's style modules (src/ui/*styles.ts): each plain template literal in
// them is a style sheet (adopted into the Shadow DOM at runtime), which esbuild's JavaScript minifier
// leaves as written. This minifies each with esbuild's CSS minifier at build time, so comments and layout
// stay in the source for readers and out of the bundle. A literal with ${…} is left as it is: its pieces
// are not whole style sheets.
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';

/** A constant's template literal (`= `…``), so a backquoted phrase in a comment is never taken for one. */
const LITERAL = /= `([^`$\\]*)`/g;

export function minifyCss({ target }) {
  return {
    name: 'minify-css',
    setup(build) {
      build.onLoad({ filter: /[\\/]ui[\\/][\w-]*styles\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const sheets = await Promise.all(
          [...source.matchAll(LITERAL)].map(async (m) => [
            m[0],
            `= ${JSON.stringify((await transform(m[1], { loader: 'css', minify: true, charset: 'utf8', target })).code.trim())}`,
          ]),
        );
        let contents = source;
        for (const [from, to] of sheets) contents = contents.replace(from, () => to);
        return { contents, loader: 'ts' };
      });
    },
  };
}
