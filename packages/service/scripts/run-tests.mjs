// `npm test -w @pm/service`: the suite as two vitest runs side by side (docs/testing.md, "Two runs side by
// side"). The files that drive Chromium or start processes of their own (the project "heavy" of
// vitest.config.ts) keep one worker to themselves, one after another as before; every other file runs in
// the second. One run alone left a quarter of two cores idle while its files waited on the database, and two
// workers over all files put two browsers on two cores, where their 30 s timeouts were not met.
//
// With arguments it is one plain `vitest run` with them (a file, a -t filter). Its output: the heavy run's
// as it goes, the other's when it ends. VITEST_RESULTS (CI) gets both runs' JSON results merged.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';

const args = process.argv.slice(2);
const vitest = (extra, env, stdio) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...extra], { stdio, env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

if (args.length > 0) process.exit(await vitest(args, {}, 'inherit'));

const dir = await mkdtemp(path.join(tmpdir(), 'pm-tests-'));
const results = process.env.VITEST_RESULTS;
const resultsOf = (name) => (results ? { VITEST_RESULTS: path.join(dir, `${name}.json`) } : {});
const lightLog = path.join(dir, 'light.log');
const lightOut = createWriteStream(lightLog);
await new Promise((resolve) => lightOut.on('open', resolve));

const [heavy, light] = await Promise.all([
  vitest(['--project', 'heavy'], resultsOf('heavy'), 'inherit'),
  vitest(['--project', 'light'], resultsOf('light'), ['ignore', lightOut, lightOut]),
]);
lightOut.close();
process.stdout.write(`\n== the other files (vitest --project light)\n${readFileSync(lightLog, 'utf8')}`);
if (results)
  writeFileSync(results, JSON.stringify(merged([path.join(dir, 'heavy.json'), path.join(dir, 'light.json')])));
await rm(dir, { recursive: true, force: true });
process.exit(heavy || light);

/** The runs' JSON results as one: their counts summed, their files together. A run without results failed. */
function merged(files) {
  const total = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
  for (const file of files) {
    try {
      const run = JSON.parse(readFileSync(file, 'utf8'));
      for (const count of ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'])
        total[count] += run[count];
      total.testResults.push(...run.testResults);
    } catch {
      total.numFailedTests += 1;
    }
  }
  return total;
}
