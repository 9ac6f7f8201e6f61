-- PostgreSQL twin of ../0019_batch_people.sql.

ALTER TABLE batches ADD COLUMN made_by TEXT COLLATE "C";
ALTER TABLE batches ADD COLUMN stopped_by TEXT COLLATE "C";
ALTER TABLE batches ADD COLUMN stopped_at TEXT COLLATE "C";
