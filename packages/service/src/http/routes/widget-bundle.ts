import type { FastifyPluginAsync } from 'fastify';
import type { WidgetBundle } from '../../lib/widget-bundle.js';
import { errorResponses } from '../openapi.js';
import { ApiError } from '../../errors/index.js';
import { sendPrecompressed } from '../precompressed.js';

/**
 * The browser bundle (docs/widget.md) at /widget/v1/… (moves with non-breaking releases, cached 5
 * minutes) and at /widget/v<x.y.z>/… (never changes, cached for a year), each file with X-Widget-Version,
 * in the encoding the request accepts. Public: no credential, and CORS answers * for this path (http/cors.ts).
 */
export function widgetBundleRoutes(bundle: WidgetBundle | null): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { version: string; '*': string } }>(
      '/widget/:version/*',
      {
        config: { meta: { tier: 'public', credential: 'none' } },
        schema: { hide: true, response: errorResponses('not_found') },
        compress: false,
      },
      async (request, reply) => {
        const { version, '*': file } = request.params;
        const major = bundle ? `v${bundle.version.split('.')[0]}` : null;
        const exact = bundle ? `v${bundle.version}` : null;
        const body = bundle && (version === major || version === exact) ? bundle.files.get(file) : undefined;
        if (!bundle || !body) throw new ApiError('not_found', `No widget file /widget/${version}/${file}.`);
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('x-widget-version', bundle.version)
          .header('cache-control', version === exact ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        return sendPrecompressed(request, reply, body);
      },
    );
  };
}
