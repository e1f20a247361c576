-- Completion times and straight-lining, tallied (docs/decisions/0036-honest-responses.md): an
-- unfiltered report counts speeders under any threshold, straight-liners and the median completion
-- time from these rows, at the same cost at any number of responses, instead of reading every one.
--
-- kind 'completion', value '<seconds>|<straight>': <seconds> is the whole seconds from opened_at to
-- submitted_at, capped at 3600 (the highest threshold a host may set, so `seconds < threshold`
-- counts speeders exactly), or '-' when the opened time is unknown; <straight> is 1 for a
-- straight-lined response, else 0. A response with neither an opened time nor the flag adds no row.
ALTER TABLE result_tallies DROP CONSTRAINT result_tallies_kind;
ALTER TABLE result_tallies ADD CONSTRAINT result_tallies_kind
    CHECK (kind IN ('responses', 'checkins', 'minute', 'respondents', 'option', 'other', 'rating', 'statement', 'language',
                    'completion'));

CREATE FUNCTION debrief_completion(opened_at timestamptz, submitted_at timestamptz, straight_lined boolean)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN opened_at IS NULL AND NOT straight_lined THEN NULL
        ELSE coalesce(least(floor(extract(epoch FROM submitted_at - opened_at)), 3600)::bigint::text, '-')
            || '|' || CASE WHEN straight_lined THEN '1' ELSE '0' END
    END
$$;

CREATE OR REPLACE FUNCTION debrief_tally_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, '', k.kind, k.value, count(*)
        FROM new_rows c CROSS JOIN LATERAL (VALUES
            ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text), ('language', c.language),
            ('completion', debrief_completion(c.opened_at, c.submitted_at, c.straight_lined))
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, '', k.kind, k.value, -count(*)
        FROM old_rows c CROSS JOIN LATERAL (VALUES
            ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text), ('language', c.language),
            ('completion', debrief_completion(c.opened_at, c.submitted_at, c.straight_lined))
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;

-- An edit decides straight-lining again (and may bring an opened time): the old value out, the new in.
CREATE FUNCTION debrief_tally_response_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
    SELECT c.form_id, '', 'completion', c.value, sum(c.delta) FROM (
        SELECT o.form_id, debrief_completion(o.opened_at, o.submitted_at, o.straight_lined) AS value, -1 AS delta FROM old_rows o
        UNION ALL
        SELECT n.form_id, debrief_completion(n.opened_at, n.submitted_at, n.straight_lined), 1 FROM new_rows n
    ) c WHERE c.value IS NOT NULL GROUP BY 1, 4 HAVING sum(c.delta) <> 0;
    RETURN NULL;
END $$;

CREATE TRIGGER responses_tally_update AFTER UPDATE ON responses
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_response_updates();
