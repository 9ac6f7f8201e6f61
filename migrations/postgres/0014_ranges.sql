-- PostgreSQL twin of ../0014_ranges.sql.

ALTER TABLE batches ADD COLUMN held BIGINT;

CREATE TABLE batch_ranges (
    batch_id      BIGINT NOT NULL REFERENCES batches(id),
    first_attempt BIGINT NOT NULL,
    end_attempt   BIGINT NOT NULL,
    owner         TEXT COLLATE "C",
    pid           BIGINT,
    host          TEXT COLLATE "C",
    heartbeat     BIGINT,
    PRIMARY KEY (batch_id, first_attempt)
);
