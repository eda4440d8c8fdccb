-- Support tickets: a tenant environment opens one with its first message; the platform
-- team answers and closes it. Messages are kept in order; a ticket's status follows them.
create table support_tickets (
  id           uuid primary key,
  seq          bigint generated always as identity unique,
  tenant_id    uuid not null references tenants (id),
  environment  text not null check (environment in ('sandbox', 'live')),
  status       text not null check (status in ('open', 'answered', 'closed')),
  subject      text not null,
  request_id   text,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
create index support_tickets_tenant_seq on support_tickets (tenant_id, environment, seq);
create index support_tickets_status_seq on support_tickets (status, seq);

create table support_ticket_messages (
  seq         bigint generated always as identity primary key,
  ticket_id   uuid not null references support_tickets (id),
  author      text not null check (author in ('tenant', 'platform')),
  body        text not null,
  created_at  timestamptz not null
);
create index support_ticket_messages_ticket on support_ticket_messages (ticket_id, seq);
