import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Secrets generated once on first start and kept in DATA_DIR (docs/configuration.md, "Secrets"). */
export interface GeneratedSecrets {
  platformAdminToken: string;
  widgetSessionSecret: string;
  embeddedDbPassword: string;
}

/** The secrets, and which of them this start generated (the others were read from the file). */
export interface LoadedSecrets extends GeneratedSecrets {
  created: ReadonlySet<keyof GeneratedSecrets>;
}

const FILE = 'secrets.json';

/** Reads DATA_DIR/secrets.json, adding any secret that is missing; the file is readable by its owner only. */
export async function loadOrCreateSecrets(dataDir: string): Promise<LoadedSecrets> {
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
  const created = new Set(
    (Object.keys(secrets) as (keyof GeneratedSecrets)[]).filter((name) => secrets[name] !== stored[name]),
  );
  if (created.size > 0) {
    await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return { ...secrets, created };
}

/**
 * What a start says of a generated platform admin token: the token itself only on the start that made it
 * (a terminal's scrollback or a log collector keeps every start's output), afterwards where it is kept.
 */
export function adminTokenNotice(dataDir: string, secrets: LoadedSecrets): string {
  const file = path.join(dataDir, FILE);
  return secrets.created.has('platformAdminToken')
    ? `platform admin token (generated now, kept in ${file}): ${secrets.platformAdminToken}`
    : `platform admin token: kept in ${file}`;
}
