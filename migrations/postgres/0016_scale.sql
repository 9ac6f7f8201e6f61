-- PostgreSQL twin of ../0016_scale.sql: the same rules, as trigger
-- functions. The counts are kept by statement triggers over transition
-- tables: a chunk's one multi-row insert adds to each count once.

CREATE FUNCTION puzzlebook_verdict_state(validation TEXT, hash TEXT) RETURNS TEXT
LANGUAGE SQL IMMUTABLE AS $$
    SELECT CASE WHEN hash IS NULL OR validation IS NULL THEN 'unchecked' ELSE validation END
$$;

CREATE FUNCTION puzzles_verdict_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.validated_hash IS NOT NULL AND NEW.validated_hash IS NOT DISTINCT FROM OLD.validated_hash
       AND (NEW.layout_id, NEW.layout_name, NEW.givens, NEW.solution, NEW.canonical, NEW.clues, NEW.score, NEW.level,
            NEW.se_rating, NEW.technique, NEW.technique_level, NEW.validation)
           IS DISTINCT FROM
           (OLD.layout_id, OLD.layout_name, OLD.givens, OLD.solution, OLD.canonical, OLD.clues, OLD.score, OLD.level,
            OLD.se_rating, OLD.technique, OLD.technique_level, OLD.validation)
    THEN
        NEW.validated_hash := NULL;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER puzzles_verdict_stale BEFORE UPDATE ON puzzles
FOR EACH ROW EXECUTE FUNCTION puzzles_verdict_stale();

CREATE FUNCTION layouts_verdict_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (NEW.name, NEW.source) IS DISTINCT FROM (OLD.name, OLD.source) THEN
        UPDATE puzzles SET validated_hash = NULL WHERE layout_id = NEW.id AND validated_hash IS NOT NULL;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER layouts_verdict_stale AFTER UPDATE ON layouts
FOR EACH ROW EXECUTE FUNCTION layouts_verdict_stale();

CREATE TABLE puzzle_counts (
    layout_name TEXT COLLATE "C" NOT NULL,
    level       TEXT COLLATE "C" NOT NULL,
    state       TEXT COLLATE "C" NOT NULL CHECK (state IN ('ok', 'failed', 'unchecked')),
    n           BIGINT NOT NULL,
    PRIMARY KEY (layout_name, level, state)
);

INSERT INTO puzzle_counts (layout_name, level, state, n)
SELECT layout_name, level, puzzlebook_verdict_state(validation, validated_hash), count(*)
FROM puzzles GROUP BY 1, 2, 3;

CREATE FUNCTION puzzles_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO puzzle_counts AS c (layout_name, level, state, n)
    SELECT layout_name, level, puzzlebook_verdict_state(validation, validated_hash), count(*)
    FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (layout_name, level, state) DO UPDATE SET n = c.n + EXCLUDED.n;
    RETURN NULL;
END
$$;

CREATE FUNCTION puzzles_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE puzzle_counts c SET n = c.n - d.n
    FROM (SELECT layout_name, level, puzzlebook_verdict_state(validation, validated_hash) AS state, count(*) AS n
          FROM old_rows GROUP BY 1, 2, 3) d
    WHERE c.layout_name = d.layout_name AND c.level = d.level AND c.state = d.state;
    RETURN NULL;
END
$$;

CREATE FUNCTION puzzles_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO puzzle_counts AS c (layout_name, level, state, n)
    SELECT layout_name, level, state, sum(n) FROM (
        SELECT layout_name, level, puzzlebook_verdict_state(validation, validated_hash) AS state, -1 AS n FROM old_rows
        UNION ALL
        SELECT layout_name, level, puzzlebook_verdict_state(validation, validated_hash), 1 FROM new_rows
    ) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ON CONFLICT (layout_name, level, state) DO UPDATE SET n = c.n + EXCLUDED.n;
    RETURN NULL;
END
$$;

CREATE TRIGGER puzzles_count_insert AFTER INSERT ON puzzles
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION puzzles_count_insert();
CREATE TRIGGER puzzles_count_delete AFTER DELETE ON puzzles
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION puzzles_count_delete();
CREATE TRIGGER puzzles_count_update AFTER UPDATE ON puzzles
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION puzzles_count_update();

CREATE TABLE verdict_audit (pending BIGINT NOT NULL);
INSERT INTO verdict_audit (pending) SELECT 1 WHERE EXISTS (SELECT 1 FROM puzzles WHERE validated_hash IS NOT NULL);

DROP INDEX IF EXISTS puzzles_by_technique_level;
DROP INDEX IF EXISTS puzzles_by_level;
-- Lookups by layout and level use 0015's `puzzles_for_books (layout_name,
-- level, validation, id)`: a second index on its prefix would only add writes.
