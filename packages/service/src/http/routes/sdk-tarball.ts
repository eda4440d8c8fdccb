import type { FastifyPluginAsync } from 'fastify';
import type { SdkTarball } from '../../lib/sdk-tarball.js';
import { ApiError } from '../../errors/index.js';
import { errorResponses } from '../openapi.js';

/**
 * The SDK's package file at /docs/sdk/pm-sdk-<version>.tgz on the sandbox and live listeners (docs/sdk.md,
 * "Install"), the one way operators get @pm/sdk: `npm install "$PM_BASE_URL/docs/sdk/pm-sdk-<version>.tgz"`.
 * Public, like the guides: the package holds no secret. Already gzip, so sent as it is.
 */
export function sdkTarballRoutes(tarball: SdkTarball | null): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { file: string } }>(
      '/docs/sdk/:file',
      {
        config: { meta: { tier: 'public', credential: 'none' } },
        schema: { hide: true, response: errorResponses('not_found') },
        compress: false,
      },
      async (request, reply) => {
        const { file } = request.params;
        if (!tarball || file !== tarball.filename)
          throw new ApiError(
            'not_found',
            tarball ? `No SDK file ${file}: the SDK is ${tarball.filename}.` : `No SDK file ${file}.`,
          );
        return reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="${tarball.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('x-sdk-version', tarball.version)
          .header('cache-control', 'public, max-age=300')
          .send(tarball.bytes);
      },
    );
  };
}
