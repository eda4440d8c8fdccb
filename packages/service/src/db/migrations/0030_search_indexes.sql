-- The panel's search (issue 30): most queries that are not a UUID are looked up as an external user id
-- in every tenant and environment at once, which the unique (tenant_id, environment, external_user_id)
-- index cannot serve; and a request id is looked up in the support tickets that quote it, a column no
-- index covered. Most tickets quote no request id, so that index holds only those that do.
create index if not exists users_external_user_id on users (external_user_id);
create index if not exists support_tickets_request_id on support_tickets (request_id) where request_id is not null;
