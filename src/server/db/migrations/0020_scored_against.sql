-- The scenario a call is scored against, copied when the call starts (role, company, kind of call,
-- bio, brief, questions, rubric criteria): its end and any later re-evaluation read this copy, so a
-- scenario's owner who edits its rubric afterwards cannot have a past call scored again against
-- easier criteria. Calls started before it have none and are scored against the scenario as it is.
ALTER TABLE "interviews" ADD COLUMN "scored_against" jsonb;
