-- Mean of an evaluation's numeric criterion scores, or null when it has none; the evaluation may
-- be a list of criteria or an object holding one (spec §3). Same rule as callAverageScore in
-- src/shared/domain/score-averages.ts. Immutable, so indexes may use it.
CREATE OR REPLACE FUNCTION call_average_score(evaluation jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT avg((c->>'score')::numeric)
  FROM jsonb_array_elements(
    CASE
      WHEN jsonb_typeof(evaluation) = 'array' THEN evaluation
      WHEN jsonb_typeof(evaluation->'criteria') = 'array' THEN evaluation->'criteria'
      ELSE '[]'::jsonb
    END) AS c
  WHERE jsonb_typeof(c->'score') = 'number'
$$;
