-- History search counts a common word from a sixteenth of the calls first (issue 25, decision 018).
-- Telling that more than 50 of a user's calls say "budget" read every posting of the word in
-- interviews_user_words_idx (2,500 of the user's 10,000 calls): PostgreSQL builds the whole bitmap
-- of them before the count's LIMIT applies (0.26 ms of a 0.74 ms search). This index holds the same
-- keys (call_words, migration 0016) for the calls whose id hashes to 0 of 16, a fixed sample spread
-- over every user and every age of call: a word in 51 of them is in more than 50 calls (each is a
-- call that says it), read from some 160 postings (0.04 ms). Below that the full index counts, as
-- before. It is a sixteenth of the words index's size and of its cost to write.
CREATE INDEX IF NOT EXISTS interviews_user_words_sample_idx ON interviews USING gin (call_words(user_id, search_text))
  WITH (fastupdate = off)
  WHERE end_time IS NOT NULL AND evaluation IS NOT NULL AND (hashint4(id) & 15) = 0;
