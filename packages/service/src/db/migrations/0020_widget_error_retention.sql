-- Retention (30 days) of widget error reports and of recorded position rejections: the purge jobs find
-- the oldest rows by these indexes, a bounded batch at a time, instead of scanning the whole table.
create index widget_error_reports_received on widget_error_reports (received_at);
create index position_rejections_created on position_rejections (created_at);

-- The daily cap of widget error reports per tenant environment: one counter per UTC day, raised in the
-- transaction that stores the report (and only when it is under the cap), so the count is exact under
-- concurrency and a refused report stores nothing. Old days are purged with the reports.
create table widget_error_report_days (
  tenant_id    uuid not null,
  environment  text not null,
  day          timestamptz not null,
  reports      integer not null,
  primary key (tenant_id, environment, day)
);
create index widget_error_report_days_day on widget_error_report_days (day);
