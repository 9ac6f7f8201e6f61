-- What a generate batch asks beyond its level and symmetry, so `--resume`
-- continues with the same requests: the pattern picture, the technique the
-- solving path must use (and whether as the hardest), the SE rating range
-- and the time limit, as TOML (see src/generate/controls.rs). NULL: nothing.

ALTER TABLE batches ADD COLUMN controls TEXT;
