-- Batch leases: which process runs a batch, so `generate --resume` never
-- takes over a batch another process is still running. The owner is a
-- token unique to one run; pid and host name the process; the heartbeat
-- (unix seconds) is renewed at every chunk commit and while a long chunk
-- runs. A lease is live while its heartbeat is fresh and, on the same
-- host, its process exists; a stale lease may be taken over. A finished
-- or interrupted batch holds no lease.

ALTER TABLE batches ADD COLUMN lease_owner TEXT;
ALTER TABLE batches ADD COLUMN lease_pid INTEGER;
ALTER TABLE batches ADD COLUMN lease_host TEXT;
ALTER TABLE batches ADD COLUMN lease_heartbeat INTEGER;
