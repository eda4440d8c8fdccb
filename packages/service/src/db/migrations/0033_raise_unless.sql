-- A statement that must not commit when a count it checks is wrong raises from inside itself: an engine
-- round sends its write and COMMIT together (docs/architecture.md, "The write path"), so a check made in
-- code after the write has answered would come after the COMMIT.
create function raise_unless(ok boolean, message text) returns boolean
language plpgsql as $$
begin
  if not ok then
    raise exception '%', message;
  end if;
  return true;
end $$;
