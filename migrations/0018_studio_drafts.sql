-- The studio's book drafts (issue 28, item 3).
--
-- `drafts.settings`: the book a draft is for (title, trim, layouts, levels,
-- per page, labels, curve, front matter), as the TOML `books.settings`
-- holds; NULL for drafts made by `puzzlebook reserve`. A draft with
-- settings stays when its last puzzle is taken out (the studio fills it
-- again); one without is gone then, as before.
--
-- `draft_puzzles.position`: the draft's order (lowest first, then the
-- puzzle's id): puzzles reserved are added at the end, the studio moves
-- them; a book made in the draft's order prints them so.

ALTER TABLE drafts ADD COLUMN settings TEXT;

ALTER TABLE draft_puzzles ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
