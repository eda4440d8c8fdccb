/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import {
  latestReports,
  openDownload,
  REPORT_FORMATS,
  REPORT_TYPES,
  RequestReportBody,
  requestReport,
} from '../../domains/reports/index.js';
import type { ServiceDeps } from '../../deps.js';
import { sendDownload } from '../report-download.js';
import { act, formOf, redirectWith, refuseForm } from '../web/act.js';
import { DateField, PanelForm, ScrollTable, SelectField, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

/** A date field's value (no zone) as the start of that day in UTC, the zone of every time of the service. */
const dayOf = (value: unknown) => (typeof value === 'string' && value !== '' ? `${value}T00:00:00Z` : undefined);

/** Each field's label: the form shows it, and a refusal names the field by it. */
const REPORT_LABELS = {
  report_type: 'Report',
  format: 'Format',
  from: 'From (UTC day, optional)',
  to: 'To, not included (optional)',
};
/** What a day picker takes, for a refusal (the choices are said by the form's general words). */
const REPORT_WORDS = {
  from: 'Pick a day, like 2026-12-01, or leave it empty.',
  to: 'Pick a day, like 2026-12-31, or leave it empty.',
};

/** Reports: the latest, their status, downloads of ready ones, and a new request. */
export function reportRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/reports', signedIn, async (request, reply) => {
      const reports = await latestReports(staffCtx(deps, request), 50);
      return sendScreen(
        request,
        reply,
        { title: 'Reports', current: '/portal/reports' },
        <>
          <section aria-labelledby="request">
            <h2 id="request">Request a report</h2>
            <p>It is generated in the background (this page shows its status) and kept for 24 hours once ready.</p>
            <PanelForm request={request} action="/portal/reports" label="Request a report">
              <div class="row">
                <div>
                  <SelectField
                    name="report_type"
                    label={REPORT_LABELS.report_type}
                    options={REPORT_TYPES.map((t) => [t, t] as const)}
                  />
                </div>
                <div>
                  <SelectField
                    name="format"
                    label={REPORT_LABELS.format}
                    options={REPORT_FORMATS.map((f) => [f, f] as const)}
                  />
                </div>
                <div>
                  <DateField name="from" label={REPORT_LABELS.from} />
                </div>
                <div>
                  <DateField name="to" label={REPORT_LABELS.to} />
                </div>
              </div>
              <p>
                <button type="submit">Request</button>
              </p>
            </PanelForm>
          </section>
          <section aria-labelledby="latest">
            <h2 id="latest">The latest 50</h2>
            {reports.length === 0 ? (
              <p>No reports yet.</p>
            ) : (
              <ScrollTable label="Reports" stack>
                <thead>
                  <tr>
                    <th scope="col">Report</th>
                    <th scope="col">Status</th>
                    <th scope="col" class="num">
                      Rows
                    </th>
                    <th scope="col">Download</th>
                  </tr>
                </thead>
                <tbody>
                  {reports.map((r) => (
                    <tr key={r.id}>
                      <td class="lead">
                        {r.reportType} ({r.format}), {when(r.createdAt)}
                      </td>
                      <td data-label="Status">{r.status}</td>
                      <td class="num" data-label="Rows">
                        {r.rowCount === null ? '—' : String(r.rowCount)}
                      </td>
                      <td data-label="Download">
                        {r.status === 'ready' ? (
                          <a href={`/portal/reports/${r.id}/download`} download>
                            Download, until {when(r.expiresAt)}
                          </a>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
          </section>
        </>,
      );
    });

    app.post('/portal/reports', signedIn, async (request, reply) => {
      const form = formOf(request);
      const body = RequestReportBody.safeParse({
        report_type: form.report_type,
        format: form.format,
        ...(dayOf(form.from) ? { from: dayOf(form.from) } : {}),
        ...(dayOf(form.to) ? { to: dayOf(form.to) } : {}),
      });
      if (!body.success) return refuseForm(request, reply, '/portal/reports', body.error, REPORT_WORDS, REPORT_LABELS);
      const input = {
        reportType: body.data.report_type,
        format: body.data.format,
        from: body.data.from === undefined ? null : new Date(body.data.from),
        to: body.data.to === undefined ? null : new Date(body.data.to),
      };
      return act(staffCtx(deps, request), request, reply, (ctx) => requestReport(ctx, input), {
        action: 'report.request',
        target: input.reportType,
        details: { format: input.format },
        back: '/portal/reports',
        done: () => 'Requested: it appears below as generating, then ready.',
      });
    });

    // Gzipped at generation, sent as stored (http/report-download.ts): never encoded a second time.
    app.get('/portal/reports/:id/download', { ...signedIn, compress: false }, async (request, reply) => {
      const { id } = request.params as { id: string };
      const download = await openDownload(staffCtx(deps, request), id);
      if (!download.ok) return redirectWith(request, reply, '/portal/reports', download, () => '');
      return sendDownload(request, reply.header('cache-control', 'no-store'), download.value);
    });
  };
}
