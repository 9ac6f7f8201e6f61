-- The dedupe index made compact (see migrations/0021_key.sql): a unique
-- index on the first 16 bytes of SHA-256 of layout_name, a newline and
-- canonical, in place of UNIQUE (layout_name, canonical). The program
-- computes the same bytes (`store::puzzle_key`).

CREATE FUNCTION puzzle_key(layout_name TEXT, canonical TEXT) RETURNS BYTEA
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT substring(sha256(convert_to(layout_name || E'\n' || canonical, 'UTF8')) FROM 1 FOR 16) $$;

ALTER TABLE puzzles DROP CONSTRAINT puzzles_layout_name_canonical_key;
CREATE UNIQUE INDEX puzzles_by_key ON puzzles (puzzle_key(layout_name, canonical));
