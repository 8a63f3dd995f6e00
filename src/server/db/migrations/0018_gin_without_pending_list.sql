-- The GIN indexes (history search's trigrams and words on interviews, the name searches on users and
-- interviewers) write new entries into the index itself, not into a pending list (issue 25, decision
-- 018). With a pending list (PostgreSQL's default, `fastupdate`), every call stored since the last
-- vacuum is a list every search reads through, row by row: 300 calls of 8 KB made a rare text's
-- search twice as slow (1.27 ms against 0.63), and the list grows to 4 MB (some 500 calls) before
-- whoever stores the next call pays to flush it all. Written directly, storing a call costs about
-- 1.2 ms more (3.5 ms against 2.3 for its trigrams and words). The lists already there are flushed.
DO $$
DECLARE
  gin_index regclass;
BEGIN
  FOR gin_index IN
    SELECT i.indexrelid::regclass FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_am a ON a.oid = c.relam
      JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE a.amname = 'gin' AND n.nspname = current_schema()
  LOOP
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', gin_index);
    PERFORM gin_clean_pending_list(gin_index);
  END LOOP;
END
$$;
