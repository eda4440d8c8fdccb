import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../service/test/helpers.js';
import { generateSdkFiles, KEY_REQUIRED } from '../src/generate.js';
import { KEY_REQUIRED_OPERATIONS } from '../src/generated/operations.generated.js';
import { RESOURCE_OPERATIONS } from '../src/generated/resources.generated.js';

/**
 * The SDK's generated files are those of the document the service serves now. `npm run sdk:generate`
 * (this test with UPDATE_SDK=1) writes them.
 */
const GENERATED = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/generated');
let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.stop());

describe('the generated client', () => {
  it('is current with the served OpenAPI document', async () => {
    const served = await service.api('sandbox', 'GET', '/v1/openapi.json');
    const files = await generateSdkFiles(served.json);
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(GENERATED, name);
      if (process.env.UPDATE_SDK === '1') await writeFile(file, text);
      const committed = await readFile(file, 'utf8').catch(() => '');
      expect(committed, `${name} is stale: run npm run sdk:generate`).toBe(text);
    }
  });

  it('requires the caller’s key on every call that moves money, each a keyed route of the document', async () => {
    const served = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const keyed = (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      const operation = served.paths[path]?.[method.toLowerCase()];
      const isKey = (p: { in: string; name: string }) =>
        p.in === 'header' && p.name.toLowerCase() === 'idempotency-key';
      return operation?.parameters?.some(isKey) ?? false;
    };
    // The order cancel is listed should it ever take a key; today it takes none.
    const moving = KEY_REQUIRED.filter((route) => route !== 'DELETE /v1/orders/{id}');
    expect(
      moving.filter((route) => !keyed(route)),
      'renamed or no longer keyed',
    ).toEqual([]);
    expect([...KEY_REQUIRED_OPERATIONS].sort()).toEqual(KEY_REQUIRED.filter(keyed).sort());
    // The resource methods of those routes take the key by type: pm.balanceSync.create(body, { idempotencyKey }).
    const methods = Object.values(RESOURCE_OPERATIONS).filter((o) => o.key === 'required');
    expect(methods.map((o) => `${o.method} ${o.path}`).sort()).toEqual([...KEY_REQUIRED_OPERATIONS].sort());
  });
});
