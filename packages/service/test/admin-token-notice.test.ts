import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/service.js';
import { call, WIDGET_SECRET } from './helpers.js';

/** Starts the service with a generated admin token in `dataDir` and returns what it announced, and the token. */
async function startOnce(dataDir: string): Promise<{ lines: string[]; token: string }> {
  const config = loadConfig({
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: dataDir,
    SANDBOX_PORT: '0',
    LIVE_PORT: '0',
    PLATFORM_PORT: '0',
    WIDGET_SESSION_SECRET: WIDGET_SECRET,
    LOG_LEVEL: 'silent',
    RUN_WORKERS: '0',
  });
  const lines: string[] = [];
  const service = await startService(config, { announce: (line) => lines.push(line) });
  try {
    const token = service.deps.platformAdminToken;
    // The token it keeps is the one that works.
    expect((await call(service.urls.platform, 'GET', '/platform/v1/kill-switches', { key: token })).status).toBe(200);
    return { lines, token };
  } finally {
    await service.stop();
  }
}

describe('a generated platform admin token', () => {
  it('is printed on the start that generates it only; later starts print where it is kept', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-admin-token-'));
    const first = await startOnce(dataDir);
    expect(first.lines.filter((line) => line.includes(first.token))).toHaveLength(1);

    const second = await startOnce(dataDir);
    expect(second.token).toBe(first.token);
    expect(second.lines.join('\n')).not.toContain(first.token);
    expect(second.lines).toContain(`platform admin token: kept in ${path.join(dataDir, 'secrets.json')}`);
  });
});
