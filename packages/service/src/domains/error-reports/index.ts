export { listWidgetErrors } from './list-widget-errors.js';
export { ERROR_REPORT_RETENTION_DAYS, purgeErrorReports } from './purge-error-reports.js';
export { ERROR_REPORTS_PER_DAY, reportWidgetError } from './report-widget-error.js';
export * from './schemas.js';
