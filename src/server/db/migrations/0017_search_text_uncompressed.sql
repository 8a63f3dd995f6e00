-- History search reads the lower-cased copy of transcripts (0014) uncompressed (issue 25, decision
-- 018). A common word's page is read along the newest calls, each copy checked until the page is
-- full (about 20 for "budget", in a quarter of the calls): compressed, most of that check was
-- decompressing it (15 µs a copy of 8 KB, against 8 µs stored as is; bench/dashboard). The cost is
-- disk: the copy takes its own size (8 KB for a 10-minute call) instead of about a third of it. The
-- transcript itself stays compressed. Calls written before this keep their compressed copy until
-- their transcript changes; both read the same.
ALTER TABLE interviews ALTER COLUMN search_text SET STORAGE EXTERNAL;
