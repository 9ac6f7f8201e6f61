-- A book is pending until its PDF is in place: the row and its puzzles are
-- recorded first (so two runs at once never take the same puzzles), the
-- PDF is written beside its target, checked and renamed into place, and
-- only then is the book marked done, in one transaction. A pending book
-- holds a lease like a batch's (see 0008_lease.sql): the process making it
-- renews the heartbeat while it renders. A pending book whose process is
-- gone or whose heartbeat is stale was never made: the next `book` takes
-- it back (deletes it, freeing its puzzles). Only done books are books to
-- `books`, `reprint` and `cover`.

ALTER TABLE books ADD COLUMN status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('pending', 'done'));
ALTER TABLE books ADD COLUMN lease_owner TEXT;
ALTER TABLE books ADD COLUMN lease_pid INTEGER;
ALTER TABLE books ADD COLUMN lease_host TEXT;
ALTER TABLE books ADD COLUMN lease_heartbeat INTEGER;

-- Books recorded before this migration whose PDF was never finished (no
-- hash: the run stopped between recording and writing) are pending with
-- no lease, so the next `book` takes them back.
UPDATE books SET status = 'pending' WHERE pdf_hash = '';
