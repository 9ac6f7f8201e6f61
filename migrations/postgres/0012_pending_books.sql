-- PostgreSQL twin of ../0012_pending_books.sql.

ALTER TABLE books ADD COLUMN status TEXT COLLATE "C" NOT NULL DEFAULT 'done' CHECK (status IN ('pending', 'done'));
ALTER TABLE books ADD COLUMN lease_owner TEXT COLLATE "C";
ALTER TABLE books ADD COLUMN lease_pid BIGINT;
ALTER TABLE books ADD COLUMN lease_host TEXT COLLATE "C";
ALTER TABLE books ADD COLUMN lease_heartbeat BIGINT;

UPDATE books SET status = 'pending' WHERE pdf_hash = '';
