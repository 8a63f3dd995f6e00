-- A session opened with a temporary password carries until when it may set the account's own
-- password without the old one (issue 23 §4); every other session must give the current password.
ALTER TABLE "sessions" ADD COLUMN "temporary_sign_in_until" timestamp with time zone;
