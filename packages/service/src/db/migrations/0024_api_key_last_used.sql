-- When each API key was last used (GET /v1/tenant), to the minute: a process records a
-- key's use at most once a minute, after the request's authentication and outside its work (never awaited
-- by a request), and the update only moves the time forward by a minute or more, so a busy key costs one
-- small write a minute per process. Not among the columns whose change notifies the key caches (0022):
-- a use changes nothing a request with the key may do.
alter table api_keys add column last_used_at timestamptz;
