-- The dedupe index made compact (issue 27, item 7: bytes written while
-- generating; measured in docs/catalog-scale.md).
--
-- The unique index is on `puzzle_key(layout_name, canonical)`: the first
-- 16 bytes of SHA-256 of the layout's name, a newline and the canonical
-- key (a function the program gives every connection; `store::puzzle_key`
-- computes the same bytes). It replaces `UNIQUE (layout_name, canonical)`:
-- its entries are 16 bytes instead of ~90, so a commit, whose puzzles land
-- at random places of this index, touches far fewer of its pages. A puzzle
-- is a duplicate exactly when its layout and canonical key are those of a
-- stored one: two different ones sharing 128 bits of SHA-256 do not
-- happen, and the insert checks every puzzle it skips against the stored
-- text and refuses a mismatch. The columns are unchanged.
--
-- SQLite cannot drop a table's UNIQUE constraint: before this file runs,
-- the program rebuilds `puzzles` without it, keeping every row, id, index
-- and trigger (`store::rebuild_puzzles_without_unique`).

CREATE UNIQUE INDEX puzzles_by_key ON puzzles (puzzle_key(layout_name, canonical));
