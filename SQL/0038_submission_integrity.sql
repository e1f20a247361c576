-- Nothing comes back, nothing counts twice (issue 31; docs/decisions/0022, 0036).

-- 1. An Idempotency-Key outlives the response it stored. The record used to cascade with the
-- response, so after a host removed a response a retry with the same key stored it again, abuse
-- and all. Now the record stays (a tombstone: the key stays claimed and a retry is answered as the
-- first request was, storing nothing) until the retention purge forgets it like any other key.
-- `response_id` is kept as a plain column: it names what the key stored, which may be gone.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_response_id_fkey;
DROP INDEX idempotency_keys_response;

-- 2. One participant, one response per meeting, whatever the form version. A check-in belongs to
-- one meeting (every version of its form), so "one response per check-in" is that rule; it used
-- to be per (form version, check-in), which let a participant answer each version once.
-- Responses that broke the rule before this migration keep their answers, but only the first is
-- linked to the check-in any longer (the later ones count as responses without a participant):
-- nothing is deleted, and the unique index below can be built.
UPDATE responses r SET check_in_id = NULL
FROM (
    SELECT id, row_number() OVER (PARTITION BY check_in_id ORDER BY submitted_at, id) AS n
    FROM responses WHERE check_in_id IS NOT NULL
) d
WHERE d.id = r.id AND d.n > 1;
ALTER TABLE responses DROP CONSTRAINT responses_one_per_check_in;
-- Same name, so the code that recognizes its unique violation (a race) stays one rule.
CREATE UNIQUE INDEX responses_one_per_check_in ON responses (check_in_id) WHERE check_in_id IS NOT NULL;

-- 3. A response's completion time comes only from the opened ticket it sent, and a ticket times
-- one response. `opened_ticket` is the ticket's payload (`<ms>.<seed hex>`, one spelling per
-- ticket): a second response sending the same ticket stores neither it nor an opened time.
ALTER TABLE responses ADD COLUMN opened_ticket text;
CREATE UNIQUE INDEX responses_one_per_opened_ticket ON responses (opened_ticket) WHERE opened_ticket IS NOT NULL;

-- `least` skips NULLs, so a straight-lined response without an opened time was tallied as a
-- 3600 s completion ('3600|1') instead of an unknown one ('-|1'): a CASE, not `coalesce(least(…))`.
CREATE OR REPLACE FUNCTION debrief_completion(opened_at timestamptz, submitted_at timestamptz, straight_lined boolean)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN opened_at IS NULL AND NOT straight_lined THEN NULL
        ELSE CASE WHEN opened_at IS NULL THEN '-'
                  ELSE least(floor(extract(epoch FROM submitted_at - opened_at)), 3600)::bigint::text END
            || '|' || CASE WHEN straight_lined THEN '1' ELSE '0' END
    END
$$;

-- The tallies the old function wrote for those responses move to the unknown bucket.
INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
SELECT r.form_id, '', 'completion', v.value, v.delta * count(*)
FROM responses r CROSS JOIN (VALUES ('3600|1', -1), ('-|1', 1)) AS v (value, delta)
WHERE r.opened_at IS NULL AND r.straight_lined
GROUP BY r.form_id, v.value, v.delta;

-- Responses sent without a ticket took their check-in's time as the opened time; a check-in is
-- not an opening of the form (it may come an hour before), so their time is unknown now. They are
-- recognized by an opened time equal to what that rule wrote (a ticket's time is whole
-- milliseconds and never equals a check-in's to the microsecond in practice). The update trigger
-- of SQL/0035 moves their completion tallies.
UPDATE responses r SET opened_at = NULL
FROM check_ins c
WHERE c.id = r.check_in_id AND r.opened_at IS NOT NULL AND r.opened_at = least(c.checked_in_at, r.submitted_at);
