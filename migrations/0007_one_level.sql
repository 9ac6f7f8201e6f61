-- A level is one thing: the technique grade wherever the layout has the
-- grader (then `technique_level` holds it), else the family's own level
-- (score bands for layouts without the grader, the rules needed for
-- Slitherlink). Until now `level` held the candidate-score level even where
-- a technique grade existed. The candidate-count score stays in `score`.
-- Rows whose level changes here are checked again by `validate` (their
-- validated hash no longer matches), and no book takes them until then.

UPDATE puzzles SET level = technique_level WHERE technique_level IS NOT NULL AND level <> technique_level;
