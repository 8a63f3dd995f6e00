CREATE TABLE "user_call_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
DROP INDEX "interviews_user_completed_score_idx";--> statement-breakpoint
ALTER TABLE "user_call_stats" ADD CONSTRAINT "user_call_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- user_call_stats holds each user's Calls Completed and the sum of their calls' score_for_average
-- (the dashboard's summary, spec §9), kept here by the database whatever writes `interviews`: the
-- product, seeding, an admin tool or a hand-written statement. A call counts while it has both an
-- end time and an evaluation (spec §4). Inserts and deletes are applied once per statement from
-- the rows it touched (a seed of thousands of calls or the cascade of a deleted user is one write
-- per user); an update only when it can change the figures: the call completes or stops being
-- complete, is re-evaluated, or moves to another user.
CREATE OR REPLACE FUNCTION user_call_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_call_stats AS s (user_id, completed_count, score_sum)
  SELECT user_id, count(*), sum(score_for_average::numeric)
  FROM new_calls
  WHERE end_time IS NOT NULL AND evaluation IS NOT NULL
  GROUP BY user_id
  ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET completed_count = s.completed_count + excluded.completed_count,
        score_sum = s.score_sum + excluded.score_sum;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update, not an upsert: when a user is deleted, the cascade removes their calls and their row
-- here alike, and there is nothing left to count.
CREATE OR REPLACE FUNCTION user_call_stats_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_call_stats AS s
  SET completed_count = s.completed_count - gone.calls,
      score_sum = s.score_sum - gone.score_sum
  FROM (
    SELECT user_id, count(*) AS calls, sum(score_for_average::numeric) AS score_sum
    FROM old_calls
    WHERE end_time IS NOT NULL AND evaluation IS NOT NULL
    GROUP BY user_id
  ) AS gone
  WHERE s.user_id = gone.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_call_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_counted boolean := OLD.end_time IS NOT NULL AND OLD.evaluation IS NOT NULL;
  is_counted boolean := NEW.end_time IS NOT NULL AND NEW.evaluation IS NOT NULL;
BEGIN
  IF was_counted AND is_counted AND OLD.user_id = NEW.user_id THEN
    UPDATE user_call_stats
    SET score_sum = score_sum - OLD.score_for_average::numeric + NEW.score_for_average::numeric
    WHERE user_id = NEW.user_id;
    RETURN NULL;
  END IF;
  IF was_counted THEN
    UPDATE user_call_stats
    SET completed_count = completed_count - 1, score_sum = score_sum - OLD.score_for_average::numeric
    WHERE user_id = OLD.user_id;
  END IF;
  IF is_counted THEN
    INSERT INTO user_call_stats AS s (user_id, completed_count, score_sum)
    VALUES (NEW.user_id, 1, NEW.score_for_average::numeric)
    ON CONFLICT (user_id) DO UPDATE
      SET completed_count = s.completed_count + 1, score_sum = s.score_sum + excluded.score_sum;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_call_stats_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_call_stats;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER interviews_stats_insert AFTER INSERT ON interviews
  REFERENCING NEW TABLE AS new_calls
  FOR EACH STATEMENT EXECUTE FUNCTION user_call_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER interviews_stats_delete AFTER DELETE ON interviews
  REFERENCING OLD TABLE AS old_calls
  FOR EACH STATEMENT EXECUTE FUNCTION user_call_stats_on_delete();
--> statement-breakpoint
CREATE TRIGGER interviews_stats_update AFTER UPDATE OF user_id, end_time, evaluation ON interviews
  FOR EACH ROW
  WHEN (
    (OLD.end_time IS NOT NULL AND OLD.evaluation IS NOT NULL)
      IS DISTINCT FROM (NEW.end_time IS NOT NULL AND NEW.evaluation IS NOT NULL)
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.score_for_average IS DISTINCT FROM NEW.score_for_average
  )
  EXECUTE FUNCTION user_call_stats_on_update();
--> statement-breakpoint
CREATE TRIGGER interviews_stats_truncate AFTER TRUNCATE ON interviews
  FOR EACH STATEMENT EXECUTE FUNCTION user_call_stats_on_truncate();
--> statement-breakpoint
-- The calls completed before this migration (the triggers above already hold the table).
INSERT INTO user_call_stats (user_id, completed_count, score_sum)
SELECT user_id, count(*), sum(score_for_average::numeric)
FROM interviews
WHERE end_time IS NOT NULL AND evaluation IS NOT NULL
GROUP BY user_id;
