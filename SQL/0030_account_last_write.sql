-- Where each host's last write ended in the primary's WAL. Reads that may go to a standby
-- (results with a filter, trends, exports) go there only once it has replayed past this
-- point, so a host never sees a report older than their own last change
-- (docs/decisions/0031-replica-reads.md).
ALTER TABLE accounts ADD COLUMN last_write_lsn pg_lsn;
