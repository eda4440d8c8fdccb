-- The request log read by error code across tenants (the panel's overview links each code to its
-- requests): without it such a read walks every tenant's 14 days to find a rare code.
create index request_log_code_at on request_log (code, at desc, request_id desc) where code is not null;
