-- PostgreSQL twin of ../0007_one_level.sql.

UPDATE puzzles SET level = technique_level WHERE technique_level IS NOT NULL AND level <> technique_level;
