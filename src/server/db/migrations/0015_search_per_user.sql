-- History search's trigram index, per user (issue 25, decision 018): a multicolumn GIN index on
-- (user_id, search_text) answers "this user's calls containing the text" from the index alone, where
-- the transcript-only index gave every user's calls that contain it, each a transcript to read:
-- "budget" searched by a user whose calls never say it, while others' often do, read 5,000 of them
-- (70 ms at 8 KB each; 0.4 ms with this one). A GIN index serves any subset of its columns, so All
-- Calls (no user) reads it too, and it replaces the transcript-only one. btree_gin (for user_id)
-- ships with PostgreSQL (trusted) and PGlite (loaded by db/client.ts). Where it cannot be created,
-- nothing changes: the transcript-only index stays.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin;
  CREATE INDEX IF NOT EXISTS interviews_user_search_trgm_idx ON interviews USING gin (user_id, search_text gin_trgm_ops);
  DROP INDEX IF EXISTS interviews_search_text_trgm_idx;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'btree_gin is not available (%): history search keeps its transcript-only index', SQLERRM;
END
$$;
