// The build's second step (after tsc): the files the service reads at run time beside its modules (the SQL
// migrations, api-examples.generated.json), copied from src/ to the same place under dist/, so that
// the compiled code finds them by the same relative paths as the TypeScript does. Files outside the package
// (docs/guides, the SDK's README, the widget bundle) are found from the package's place in the repository
// and need no copy.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const code = /\.(ts|tsx)$/;
await cp(path.join(root, 'src'), path.join(root, 'dist'), {
  recursive: true,
  filter: (source) => !code.test(source),
});
