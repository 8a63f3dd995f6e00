-- History search (the dashboard's and All Calls' search box) matches a substring of the scenario's
-- name or the call's transcript with ILIKE. A trigram index answers those matches without reading
-- every transcript (bench/dashboard prints the plan). pg_trgm ships with PostgreSQL (trusted, so the
-- database's owner may create it) and with PGlite (loaded by db/client.ts). Where it cannot be
-- created, search still works, without the index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS interviews_transcript_trgm_idx ON interviews USING gin (transcript gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS interviewers_name_trgm_idx ON interviewers USING gin (name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): history search runs without its index', SQLERRM;
END
$$;
