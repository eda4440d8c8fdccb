// Sums vitest's JSON results of the CI runs named on the command line and prints one closing line,
// "N passed, N failed, N skipped", the plain form any reader of a CI log understands. A missing file
// (a run that died before its results were written) counts as one failure.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    skipped += results.numPendingTests + results.numTodoTests;
  } catch {
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
