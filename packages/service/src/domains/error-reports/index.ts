export { listWidgetErrors } from './list-widget-errors.js';
export { reportWidgetError } from './report-widget-error.js';
export * from './schemas.js';
