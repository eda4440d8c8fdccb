// An esbuild plugin for the views chunk: its imports of Preact and of the widget's context resolve to
// the instances the main bundle shares at runtime (src/shared-runtime.ts), not to copies of its own.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The names a module exports, read from the module itself (Preact) or from its source (context.ts). */
async function exportsOf(name, contextFile) {
  if (name !== 'context') return Object.keys(await import(name));
  const source = await readFile(contextFile, 'utf8');
  return [...source.matchAll(/^export (?:function|const|class) (\w+)/gm)].map((m) => m[1]);
}

export function shareRuntime({ version, contextFile }) {
  const key = `prediction-market-widget@${version}`;
  return {
    name: 'share-runtime',
    setup(build) {
      build.onResolve({ filter: /^preact(\/hooks)?$/ }, (args) => ({
        path: args.path,
        namespace: 'shared',
      }));
      build.onResolve({ filter: /\/context\.js$/ }, (args) =>
        path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) === contextFile
          ? { path: 'context', namespace: 'shared' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'shared' }, async (args) => {
        const names = await exportsOf(args.path, contextFile);
        const from = `globalThis[Symbol.for(${JSON.stringify(key)})][${JSON.stringify(args.path)}]`;
        return { contents: `const m = ${from};\nexport const { ${names.join(', ')} } = m;\n`, loader: 'js' };
      });
    },
  };
}
