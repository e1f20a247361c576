-- Data retention, per host: responses to the host's meetings older than this many months are
-- purged by the background scheduler (RetentionPurgeService). NULL keeps them forever (the
-- default). Deleting goes through the tally triggers of 0004, so results stay exact.
ALTER TABLE accounts ADD COLUMN response_retention_months integer
    CHECK (response_retention_months BETWEEN 1 AND 120);

-- The purge reads responses by age; submitted_at already has an index per form (0003), and the
-- purge joins through forms and meetings of hosts that set a retention: few, so no new index.
