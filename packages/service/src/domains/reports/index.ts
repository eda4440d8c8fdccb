export { expireReports } from './expire-reports.js';
export { failReport, generateReport } from './generate-report.js';
export { getReport, latestReports, listReports, openDownload, type Download } from './read-reports.js';
export { GENERATE_REPORT_TASK, type ReportJob } from './report-repo.js';
export { MAX_GENERATING, requestReport, type RequestReportInput } from './request-report.js';
export * from './schemas.js';
export { windowBound } from './model/window.js';
