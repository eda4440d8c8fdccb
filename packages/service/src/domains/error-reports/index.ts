export { listWidgetErrors } from './list-widget-errors.js';
export { ERROR_REPORT_RETENTION_DAYS, purgeErrorReports } from './purge-error-reports.js';
export { ERROR_REPORTS_PER_DAY } from './model/daily-cap.js';
export { reportWidgetError } from './report-widget-error.js';
export * from './schemas.js';
