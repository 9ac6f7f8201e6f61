-- One batch, many machines (issue 27, item 4). Workers claim ranges of a
-- batch's attempts, [first_attempt, end_attempt), each with an owner (a
-- token unique to one run of one process, its pid and host) and a
-- heartbeat (unix seconds) renewed while it works. A range whose heartbeat
-- is older than the lease (or whose process is gone, on the same host) is
-- taken over by another worker. Ranges are committed in attempt order:
-- a finished range waits until the batch's resume point (`next_attempt`)
-- reaches its first attempt, then its puzzles land with the new resume
-- point in one transaction and the row goes (a range stopped part-way
-- keeps its unfinished rest, unowned). So a batch made by any number of
-- workers holds what one worker would have made.
--
-- `held`: puzzles the batch holds, kept by each commit (NULL: not known
-- yet, counted when a worker starts on the batch).

ALTER TABLE batches ADD COLUMN held INTEGER;

CREATE TABLE batch_ranges (
    batch_id      INTEGER NOT NULL REFERENCES batches(id),
    first_attempt INTEGER NOT NULL,
    end_attempt   INTEGER NOT NULL,
    owner         TEXT,
    pid           INTEGER,
    host          TEXT,
    heartbeat     INTEGER,
    PRIMARY KEY (batch_id, first_attempt)
) STRICT;
