-- History search counts a common word from an index of words (issue 25, decision 018). The trigram
-- index finds the calls that may contain a text, but each candidate is a transcript to read and
-- check: telling "more than 50 calls say budget" read 51 of them (about 1.5 ms at 8 KB each). The
-- words of a completed call's transcript (PostgreSQL's default parser, 'simple' configuration:
-- lower-cased, no stemming), each once prefixed with the caller's id ("42:budget", the dashboard's)
-- and once with "*" (anyone's: All Calls), are a list that a GIN index holds exactly; "this user's
-- calls with the word budget" is then a lookup of one key, no transcript read (0.4 ms for 2,500
-- calls). Every word the parser gives is a piece of the text, so a call with the word contains the
-- text: the count is a lower bound of the substring search's, and when it reaches the list's count
-- it is the answer. Below that the trigram index answers, as before.
CREATE OR REPLACE FUNCTION call_words(owner integer, search_text text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT ARRAY(SELECT who || ':' || word
    FROM pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, search_text))) AS word,
      pg_catalog.unnest(ARRAY[owner::text, '*']) AS who) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS interviews_user_words_idx ON interviews USING gin (call_words(user_id, search_text))
  WHERE end_time IS NOT NULL AND evaluation IS NOT NULL;
