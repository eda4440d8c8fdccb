-- The forms of the panel and the portal that were carried out (docs/operations.md, "A form sent twice"):
-- each row is one rendered form sent with one set of fields in one session, claimed in the transaction of
-- the action it carries, so that a second click or a resend of the same form is told "already done" and
-- changes nothing. The key is a SHA-256 (of the session's CSRF token, the form's random id and its
-- fields): the fields themselves are not kept. Rows go after a day; a session lasts at most 8 hours.
create table web_form_posts (
  key      bytea primary key,
  sent_at  timestamptz not null,
  -- What the first post's answer said ("Sent: the platform team answers here."), told again to a repeat.
  said     text
);
create index web_form_posts_sent_at on web_form_posts (sent_at);
