-- The platform panel: its sign-ins and what was done through it.

-- A signed-in browser. The cookie carries a random token; only its SHA-256 is kept, so a copy of this
-- table signs no one in. The CSRF token every form of the session must carry lives beside it.
create table web_sessions (
  token_hash bytea primary key,
  kind text not null check (kind in ('panel')),
  who text not null,
  csrf_token text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index web_sessions_expiry on web_sessions (expires_at);

-- Who did what, when: every action taken in the panel, written in the action's own transaction, with
-- its outcome (done, or the refusal's code) so that a refused attempt is on record too.
create table audit_log (
  seq bigint generated always as identity primary key,
  at timestamptz not null,
  who text not null,
  action text not null,
  target text not null,
  details jsonb not null default '{}',
  outcome text not null
);
