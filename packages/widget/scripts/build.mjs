// Builds the browser bundle (docs/widget.md) with esbuild: widget.iife.js (the global
// PredictionMarketWidget), widget.esm.js (the named export mount), views.js (every view past the market
// list, loaded on demand with the main bundle's Preact: src/views.ts) and one file per locale, loaded on
// demand. Runs on `npm install` (the root prepare script) and before `npm start`; takes well under a second.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyCss } from './minify-css.mjs';
import { shareRuntime } from './share-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const tsconfig = JSON.parse(await readFile(path.join(root, 'tsconfig.json'), 'utf8'));
const outdir = path.join(root, 'dist');
await rm(outdir, { recursive: true, force: true });

const target = ['es2020', 'chrome100', 'firefox100', 'safari15'];
const common = {
  bundle: true,
  minify: true,
  sourcemap: false,
  target,
  // JSX as Preact's h() calls (the classic transform, h and Fragment injected into each module), not its
  // jsx-runtime: the same elements, and the runtime's 1.5 KB stay out of the first view's bundle. The type
  // checker keeps tsconfig's automatic runtime (both give Preact's JSX types); esbuild would take it from
  // tsconfig.json over these options, so it reads the file with the JSX settings replaced.
  tsconfigRaw: {
    compilerOptions: {
      ...tsconfig.compilerOptions,
      jsx: 'react',
      jsxImportSource: undefined,
      jsxFactory: 'h',
      jsxFragmentFactory: 'Fragment',
    },
  },
  inject: [path.join(root, 'scripts/jsx-inject.ts')],
  // @pm/contract's TypeScript source (its export condition), so the bundle never takes a stale build of it.
  conditions: ['pm-source'],
  define: { __WIDGET_VERSION__: JSON.stringify(version) },
  legalComments: 'none',
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: [path.join(root, 'src/iife.ts')],
    format: 'iife',
    outfile: path.join(outdir, 'widget.iife.js'),
    plugins: [minifyCss({ target })],
  }),
  build({
    ...common,
    entryPoints: [path.join(root, 'src/index.ts')],
    format: 'esm',
    outfile: path.join(outdir, 'widget.esm.js'),
    plugins: [minifyCss({ target })],
  }),
  build({
    ...common,
    entryPoints: [path.join(root, 'src/views.ts')],
    format: 'esm',
    outfile: path.join(outdir, 'views.js'),
    plugins: [minifyCss({ target }), shareRuntime({ version, contextFile: path.join(root, 'src/ui/context.ts') })],
  }),
  build({
    ...common,
    // en too, though the bundle has it built in: the listeners serve every locale's file, and en's
    // is built from the same source as the bundle's, so the two cannot drift.
    entryPoints: ['en', 'es', 'de', 'ar', 'he'].map((l) => ({ in: path.join(root, `src/i18n/${l}.ts`), out: l })),
    format: 'esm',
    outdir: path.join(outdir, 'locales'),
  }),
]);
console.log(`widget ${version} built to ${path.relative(process.cwd(), outdir) || outdir}`);
