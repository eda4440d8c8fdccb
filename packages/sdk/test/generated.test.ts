import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../service/test/helpers.js';
import { generateSdkFiles } from '../src/generate.js';

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
});
