-- An idempotency record keeps what was accepted, not an HTTP reply: the store no longer knows
-- about status codes or bodies, and every path (JSON API, participant page) renders a replay
-- from the same value.
--
-- `accepted` holds the accepted submission as the domain encodes it ({"id","submittedAt",
-- "changedAt","answers"}); the bodies stored so far are exactly that JSON, so they carry over.
-- `replaced_earlier` is what the status said: 200 meant the answers replaced earlier ones.
ALTER TABLE idempotency_keys RENAME COLUMN response_body TO accepted;
ALTER TABLE idempotency_keys ADD COLUMN replaced_earlier boolean NOT NULL DEFAULT false;
UPDATE idempotency_keys SET replaced_earlier = (status_code = 200) WHERE status_code = 200;
ALTER TABLE idempotency_keys ALTER COLUMN replaced_earlier DROP DEFAULT;
ALTER TABLE idempotency_keys DROP COLUMN status_code;
