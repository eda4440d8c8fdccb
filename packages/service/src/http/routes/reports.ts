import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdempotencyHeaders, keyedWork, type KeyedWork } from '../../domains/idempotency/index.js';
import {
  getReport,
  listReports,
  openDownload,
  presentReport,
  Report,
  ReportListQuery,
  ReportPage,
  ReportParams,
  requestReport,
  RequestReportBody,
  windowBound,
  type ReportJob,
  type RequestReportInput,
} from '../../domains/reports/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { tenantCtx } from '../context.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { sendStored } from '../stored-answer.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, API_KEY_WRITE_ERRORS, errorResponses } from '../openapi.js';
import { presenter } from '../../lib/present.js';
import { valueOrThrow } from '../present.js';
import { sendDownload } from '../report-download.js';
import type { RouteMeta } from '../route-meta.js';

const meta = { tier: 'default', credential: 'api_key', scope: 'read:reports' } as const satisfies RouteMeta;
const tags = ['reports'];

const requestWrite: KeyedWork<RequestReportInput, ReportJob> = {
  operation: 'report_request',
  run: requestReport,
  status: 202,
  present: presenter(Report, presentReport),
};

/** Reports (docs/operator-api.md, "Reports"): request one, poll it, download its artifact for 24 hours. */
export function reportRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/reports',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          summary: 'Request a report',
          description:
            'Answers 202 with the job, `generating`; a background job writes the artifact, then the job is `ready` ' +
            '(or `failed`) and `report.ready` is sent. Rows: `transactions` created and `positions` opened in ' +
            '[from, to) (without `to`: everything committed when generation starts), `balances` every user at generation time (no ' +
            'from or to). At most 3 reports generate at once per tenant environment: a fourth is 409 ' +
            '`report_limit_reached` and its Idempotency-Key is not spent. The answer is replayed for its key with ' +
            'no time limit, byte for byte (status `generating` as first answered: poll the job for its state).',
          tags,
          security: API_KEY_SECURITY,
          headers: IdempotencyHeaders,
          body: RequestReportBody,
          response: { 202: Report, ...errorResponses(...API_KEY_WRITE_ERRORS, 'report_limit_reached') },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const input: RequestReportInput = {
          reportType: body.report_type,
          format: body.format,
          from: body.from === undefined ? null : windowBound(body.from),
          to: body.to === undefined ? null : windowBound(body.to),
        };
        const unit = { key: idempotencyKeyOf(request), fields: { ...body }, input };
        const ctx = tenantCtx(deps, request);
        return sendStored(reply, await keyedWork(ctx, request.requestContext, requestWrite, unit));
      },
    );

    app.get(
      '/v1/reports/:id',
      {
        config: { meta },
        schema: {
          summary: 'Read a report job',
          tags,
          security: API_KEY_SECURITY,
          params: ReportParams,
          response: { 200: Report, ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'not_found') },
        },
      },
      async (request) => presentReport(valueOrThrow(await getReport(tenantCtx(deps, request), request.params.id))),
    );

    app.get(
      '/v1/reports',
      {
        config: { meta },
        schema: {
          summary: "The tenant environment's report jobs, oldest first",
          tags,
          security: API_KEY_SECURITY,
          querystring: ReportListQuery,
          response: { 200: ReportPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) =>
        presentPage(valueOrThrow(await listReports(tenantCtx(deps, request), request.query)), presentReport),
    );

    app.get(
      '/v1/reports/:id/download',
      {
        config: { meta },
        // Gzipped at generation, sent as stored (http/report-download.ts): never encoded a second time.
        compress: false,
        schema: {
          summary: "Download a report's artifact",
          description:
            'The artifact in the format asked for, until `expires_at`; then 410 `report_expired` (the job stays ' +
            'readable: request a new report). CSV: RFC 4180, a header row of the field names, CRLF line ends. ' +
            'JSON: `{"report_id","report_type","generated_at","rows":[…]}`. Rows are the items of the matching ' +
            'list endpoints. Sent gzip-encoded to a client that accepts it (`Accept-Encoding: gzip`), plain ' +
            'otherwise. A report still generating or failed is 409 `state_conflict` (`details.status`).',
          tags,
          security: API_KEY_SECURITY,
          params: ReportParams,
          response: {
            200: {
              description: 'The artifact, as an attachment.',
              content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: z.string() } },
            },
            ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'not_found', 'state_conflict', 'report_expired'),
          },
        },
      },
      async (request, reply) =>
        sendDownload(request, reply, valueOrThrow(await openDownload(tenantCtx(deps, request), request.params.id))),
    );
  };
}
