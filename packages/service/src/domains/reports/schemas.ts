import { z } from 'zod';
import { pageOf, PageQuery } from '../../lib/page.js';
import type { ReportJob } from './report-repo.js';
import { windowBound } from './model/window.js';

export const REPORT_TYPES = ['transactions', 'positions', 'balances'] as const;
export const REPORT_FORMATS = ['json', 'csv'] as const;

// A text that is not a timestamp stops at that rule (abort): "not a real time" would be a second reason.
const Timestamp = z.iso
  .datetime({ abort: true })
  .refine((t) => !Number.isNaN(Date.parse(t)), 'must be a real date and time (no 31 February)')
  .describe('RFC 3339 UTC with a Z, for example "2026-06-01T00:00:00Z".');

export const RequestReportBody = z
  .object({
    report_type: z.enum(REPORT_TYPES),
    format: z.enum(REPORT_FORMATS),
    from: Timestamp.optional().describe('Inclusive. Default: from the beginning.'),
    to: Timestamp.optional().describe('Exclusive. Default: none, everything committed when generation starts.'),
  })
  .strict()
  .refine((b) => b.from === undefined || b.to === undefined || windowBound(b.from) < windowBound(b.to), {
    message: 'must be after from',
    path: ['to'],
  })
  .refine((b) => b.report_type !== 'balances' || (b.from === undefined && b.to === undefined), {
    message: 'balances is every user at generation time; from and to do not apply',
    path: ['from'],
  });

export const ReportParams = z.object({ id: z.string().max(64) });
export const ReportListQuery = z.object({ ...PageQuery });

export const Report = z.object({
  id: z.uuid(),
  report_type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  from: z.string().nullable().describe('Inclusive; null: from the beginning (and always for balances).'),
  to: z
    .string()
    .nullable()
    .describe(
      'Exclusive; null: up to generated_at, everything committed when generation started (always for balances).',
    ),
  status: z.enum(['generating', 'ready', 'failed']),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable().describe('ready_at + 24 hours; after it the download is 410 report_expired.'),
  download_path: z.string().nullable().describe('/v1/reports/{id}/download once ready: a path, never a signed URL.'),
  row_count: z
    .number()
    .int()
    .nullable()
    .describe(
      'Rows written so far while generating (progress; null before the first megabyte), all of them once ready.',
    ),
});
export type Report = z.infer<typeof Report>;
export const ReportPage = pageOf(Report);

export function downloadPath(id: string): string {
  return `/v1/reports/${id}/download`;
}

export function presentReport(r: ReportJob): Report {
  const ready = r.status === 'ready';
  return {
    id: r.id,
    report_type: r.reportType,
    format: r.format,
    from: r.from?.toISOString() ?? null,
    to: r.to?.toISOString() ?? null,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    ready_at: r.readyAt?.toISOString() ?? null,
    expires_at: r.expiresAt?.toISOString() ?? null,
    download_path: ready ? downloadPath(r.id) : null,
    row_count: r.rowCount === null ? null : Number(r.rowCount),
  };
}
