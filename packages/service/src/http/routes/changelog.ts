import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHANGELOG } from '../changelog.js';

const Changelog = z.object({
  entries: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), change: z.string() })),
});

/** GET /v1/changelog (docs/operator-api.md, "Versioning"): the contract's changes, newest first; no credential. */
export function changelogRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/changelog',
      {
        config: { meta: { tier: 'public', credential: 'none' } },
        schema: {
          summary: 'The changelog',
          description: 'Every change to /v1, newest first. Deprecated routes link here.',
          tags: ['versioning'],
          response: { 200: Changelog },
        },
      },
      async () => ({ entries: [...CHANGELOG] }),
    );
  };
}
