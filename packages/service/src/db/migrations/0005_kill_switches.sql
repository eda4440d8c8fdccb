-- Kill switches: global pauses the platform team sets in an incident. A switch that
-- was never set has no row and is not paused; the API lists all four either way.
create table kill_switches (
  name        text primary key check (name in ('sync', 'positions', 'feed', 'widget')),
  paused      boolean not null,
  updated_at  timestamptz not null
);
