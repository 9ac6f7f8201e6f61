-- Batches in the studio (issue 28, items 4 and 5): who made each batch
-- (`made_by`: the studio user, or for `generate` its --editor,
-- PUZZLEBOOK_EDITOR or the operating-system user; NULL for batches made
-- before), and a stop asked for it (`stopped_by`, `stopped_at`): every
-- worker, on any machine, reads it with the batch's state at each round
-- and stops; `--join` and `--resume` refuse a stopped batch.

ALTER TABLE batches ADD COLUMN made_by TEXT;
ALTER TABLE batches ADD COLUMN stopped_by TEXT;
ALTER TABLE batches ADD COLUMN stopped_at TEXT;
