-- History search reads the transcript lower-cased (issue 25). ILIKE lower-cases every transcript it
-- checks on every search, and a common word checks a few hundred of them: at 25 KB a transcript
-- (a 30-minute call) that was a third of a second per search. The lower-cased copy is kept by the
-- database, and the search matches it with strpos (whole transcripts that do not match) and LIKE
-- (what the trigram index answers for rare words); see find-calls.ts. The copy is not in the
-- Drizzle schema, so no `select` of a call reads it.
ALTER TABLE interviews ADD COLUMN IF NOT EXISTS search_text text GENERATED ALWAYS AS (lower(transcript)) STORED;--> statement-breakpoint
-- the trigram index moves to the copy (pg_trgm folds case itself, so the index holds the same
-- trigrams); where pg_trgm cannot be created, search works without it (as in 0012)
DO $$
BEGIN
  DROP INDEX IF EXISTS interviews_transcript_trgm_idx;
  CREATE INDEX IF NOT EXISTS interviews_search_text_trgm_idx ON interviews USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): history search runs without its index', SQLERRM;
END
$$;
