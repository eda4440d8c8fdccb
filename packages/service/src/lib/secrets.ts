import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Secrets generated once on first start and kept in DATA_DIR (decisions part 1). */
export interface GeneratedSecrets {
  platformAdminToken: string;
  widgetSessionSecret: string;
  embeddedDbPassword: string;
}

const FILE = 'secrets.json';

/** Reads DATA_DIR/secrets.json, adding any secret that is missing; the file is readable by its owner only. */
export async function loadOrCreateSecrets(dataDir: string): Promise<GeneratedSecrets> {
  const file = path.join(dataDir, FILE);
  await mkdir(dataDir, { recursive: true });
  let stored: Partial<GeneratedSecrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<GeneratedSecrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read ${file}: ${String(error)}`);
  }
  const secrets: GeneratedSecrets = {
    platformAdminToken: stored.platformAdminToken ?? `pat_${randomBytes(24).toString('base64url')}`,
    widgetSessionSecret: stored.widgetSessionSecret ?? randomBytes(32).toString('base64url'),
    embeddedDbPassword: stored.embeddedDbPassword ?? randomBytes(24).toString('base64url'),
  };
  if (JSON.stringify(secrets) !== JSON.stringify(stored)) {
    await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
