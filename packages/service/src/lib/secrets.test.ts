import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTokenNotice, loadOrCreateSecrets } from './secrets.js';

const freshDir = () => mkdtemp(path.join(tmpdir(), 'pm-secrets-'));

describe('loadOrCreateSecrets', () => {
  it('says which secrets it generated: all on the first start, none after', async () => {
    const dir = await freshDir();
    const first = await loadOrCreateSecrets(dir);
    expect([...first.created].sort()).toEqual(['embeddedDbPassword', 'platformAdminToken', 'widgetSessionSecret']);
    expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);

    const second = await loadOrCreateSecrets(dir);
    expect(second.created.size).toBe(0);
    expect(second.platformAdminToken).toBe(first.platformAdminToken);
  });

  it('adds only a missing secret, keeping the others', async () => {
    const dir = await freshDir();
    const first = await loadOrCreateSecrets(dir);
    await writeFile(
      path.join(dir, 'secrets.json'),
      JSON.stringify({ platformAdminToken: first.platformAdminToken, embeddedDbPassword: first.embeddedDbPassword }),
    );
    const again = await loadOrCreateSecrets(dir);
    expect([...again.created]).toEqual(['widgetSessionSecret']);
    expect(again.platformAdminToken).toBe(first.platformAdminToken);
    expect(JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8')).widgetSessionSecret).toBe(
      again.widgetSessionSecret,
    );
  });
});

describe('adminTokenNotice', () => {
  it('shows the token only when this start generated it, else where it is kept', async () => {
    const dir = await freshDir();
    const first = await loadOrCreateSecrets(dir);
    expect(adminTokenNotice(dir, first)).toContain(first.platformAdminToken);
    const later = adminTokenNotice(dir, await loadOrCreateSecrets(dir));
    expect(later).not.toContain(first.platformAdminToken);
    expect(later).toContain(path.join(dir, 'secrets.json'));
  });
});
