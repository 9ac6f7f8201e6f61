-- PostgreSQL twin of ../0011_controls.sql.

ALTER TABLE batches ADD COLUMN controls TEXT COLLATE "C";
