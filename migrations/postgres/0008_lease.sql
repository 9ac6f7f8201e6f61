-- PostgreSQL twin of ../0008_lease.sql.

ALTER TABLE batches ADD COLUMN lease_owner TEXT COLLATE "C";
ALTER TABLE batches ADD COLUMN lease_pid BIGINT;
ALTER TABLE batches ADD COLUMN lease_host TEXT COLLATE "C";
ALTER TABLE batches ADD COLUMN lease_heartbeat BIGINT;
