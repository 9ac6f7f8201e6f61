-- The dedupe index made compact, and the puzzles a worker has made but not
-- yet committed (see migrations/0022_key.sql): a unique index on `key`,
-- the first 16 bytes of SHA-256 of layout_name, a newline and canonical,
-- in place of UNIQUE (layout_name, canonical). The program computes the
-- same bytes (`store::puzzle_key`) and stores them with each puzzle; a row
-- written without them (by hand, in psql) gets them from the trigger.

CREATE FUNCTION puzzle_key(layout_name TEXT, canonical TEXT) RETURNS BYTEA
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT substring(sha256(convert_to(layout_name || E'\n' || canonical, 'UTF8')) FROM 1 FOR 16) $$;

ALTER TABLE puzzles ADD COLUMN key BYTEA;
UPDATE puzzles SET key = puzzle_key(layout_name, canonical);

CREATE FUNCTION puzzles_set_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.key IS NULL OR (TG_OP = 'UPDATE' AND NEW.key IS NOT DISTINCT FROM OLD.key
            AND (NEW.layout_name, NEW.canonical) IS DISTINCT FROM (OLD.layout_name, OLD.canonical)) THEN
        NEW.key := puzzle_key(NEW.layout_name, NEW.canonical);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER puzzles_key BEFORE INSERT OR UPDATE OF layout_name, canonical, key ON puzzles
FOR EACH ROW EXECUTE FUNCTION puzzles_set_key();

ALTER TABLE puzzles DROP CONSTRAINT puzzles_layout_name_canonical_key;
CREATE UNIQUE INDEX puzzles_by_key ON puzzles (key);

ALTER TABLE batch_ranges ADD COLUMN made BIGINT;
