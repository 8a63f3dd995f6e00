-- Every app server caches each user's scenario list (modules/interviewers/list-cache.ts). Any change
-- to the scenarios, by any server or by hand (including deletes cascaded from a user), tells them
-- all to drop their lists. Once per statement: a seed or a bulk edit sends one notification.
CREATE OR REPLACE FUNCTION notify_interviewer_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('interviewer_change', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER interviewers_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interviewers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_interviewer_change();
