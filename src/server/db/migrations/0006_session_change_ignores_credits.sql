-- A change of credits alone no longer tells the servers to forget the user's sessions: every call
-- start and purchase changes them, and nothing reads credits from the session cache (GET /api/user
-- reads the database, spending is a conditional UPDATE).
DROP TRIGGER users_session_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE ON users
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'credits') IS DISTINCT FROM (to_jsonb(NEW) - 'credits'))
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_session_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
