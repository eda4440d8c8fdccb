import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isAlive } from './processes.js';

/**
 * One service process per DATA_DIR: a second one would share the embedded server and stop it under the
 * first. A lock left by a killed process (its pid gone) is taken over.
 */
export async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'service.pid');
  const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `Another service process (pid ${holder}) is running on ${dataDir}; stop it or set DATA_DIR to another folder.`,
    );
  }
  await writeFile(file, `${process.pid}\n`);
  return () => rm(file, { force: true });
}
