-- When each tally delta was queued, so operators can see how far the fold lags behind
-- (`debrief_tally_fold_lag_seconds`: the age of the oldest delta a fold took in).
-- now() is the writing transaction's start: no extra work per row beyond the 8 bytes, and the
-- statement triggers of 0004 fill it by default (they name the other five columns, or list them
-- first).
ALTER TABLE result_tally_deltas ADD COLUMN queued_at timestamptz NOT NULL DEFAULT now();
