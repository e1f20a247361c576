-- Honest responses (docs/decisions/0036-honest-responses.md).
--
-- `opened_at`: when the participant opened the form, the server time of the page load or API view
-- carried back in its signed "opened" ticket (no row is written per view); a response without a
-- ticket that is linked to a check-in takes the check-in time; otherwise null (duration unknown).
-- Whether a response is a speeder is decided when results are read, from `submitted_at -
-- opened_at` and the form's current threshold, so a retuned threshold applies to past responses.
ALTER TABLE responses ADD COLUMN opened_at timestamptz;

-- Straight-lining: every statement of a grid (at least 3 rated) given the same value. Decided by
-- the domain when the answers are validated and kept with them (an edit decides it again).
ALTER TABLE responses ADD COLUMN straight_lined boolean NOT NULL DEFAULT false;

-- The option order each shuffled choice question was shown in, `{"q1": ["o3", "o1", "o2", "other"]}`
-- (the "other" entry last when the question allows one); null when no question was shuffled.
-- Recomputed by the server from the ticket's seed, never taken from the client.
ALTER TABLE responses ADD COLUMN option_orders jsonb;

ALTER TABLE responses ADD CONSTRAINT responses_opened_before_submitted
    CHECK (opened_at IS NULL OR opened_at <= submitted_at);
