-- PostgreSQL twin of ../0018_studio_drafts.sql.

ALTER TABLE drafts ADD COLUMN settings TEXT COLLATE "C";

ALTER TABLE draft_puzzles ADD COLUMN position BIGINT NOT NULL DEFAULT 0;
