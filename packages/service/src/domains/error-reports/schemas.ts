import { WIDGET_STATES } from '@pm/contract';
import { z } from 'zod';
import { ENVIRONMENTS } from '../context.js';
import { PageQuery } from '../../lib/page.js';
import { MultilineText, PlainText } from '../../lib/text.js';
import type { ErrorReport, StoredErrorReport } from './error-report-repo.js';

/** A beacon's body; the route caps the whole body at ERROR_REPORT_BODY_LIMIT bytes. */
export const ERROR_REPORT_BODY_LIMIT = 16 * 1024;

export const ErrorReportBody = z
  .object({
    code: z.enum(WIDGET_STATES).describe('One of the widget-only states, which the API never answers.'),
    message: MultilineText.min(1).max(2_000),
    stack: MultilineText.max(12_000).optional(),
    url: PlainText.max(2_048).optional().describe('The host page, as the widget saw it.'),
    widget_version: PlainText.min(1).max(64),
    occurred_at: z.iso.datetime().describe('RFC 3339 UTC, by the browser clock.'),
  })
  .strict();

export function errorReportOf(body: z.infer<typeof ErrorReportBody>): ErrorReport {
  return {
    code: body.code,
    message: body.message,
    stack: body.stack ?? null,
    url: body.url ?? null,
    widgetVersion: body.widget_version,
    occurredAt: new Date(body.occurred_at),
  };
}

export const ErrorReportReceipt = z.object({ id: z.uuid() });

export const ErrorReportQuery = z.object({
  tenant_id: z.uuid().optional().describe('Only this tenant.'),
  environment: z.enum(ENVIRONMENTS).optional(),
  ...PageQuery,
});

export const StoredWidgetError = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  environment: z.enum(ENVIRONMENTS),
  external_user_id: z.string(),
  code: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  widget_version: z.string(),
  occurred_at: z.string(),
  received_at: z.string(),
});

export function presentWidgetError(r: StoredErrorReport): z.infer<typeof StoredWidgetError> {
  return {
    id: r.id,
    tenant_id: r.tenantId,
    environment: r.environment,
    external_user_id: r.externalUserId,
    code: r.code,
    message: r.message,
    stack: r.stack,
    url: r.url,
    widget_version: r.widgetVersion,
    occurred_at: r.occurredAt.toISOString(),
    received_at: r.receivedAt.toISOString(),
  };
}
