-- Grids (docs/decisions/0035-grid-questions.md): several statements rated on one scale. A grid's
-- answer is one rating row per rated statement, under the grid's question_key, with the
-- statement's key here; `position` counts the rated statements from 0, so a respondent still has
-- exactly one row at position 0 (the respondents tally of SQL/0004 needs no change).
ALTER TABLE answers ADD COLUMN statement_key text;
ALTER TABLE answers ADD CONSTRAINT answers_statement_rating CHECK (statement_key IS NULL OR rating IS NOT NULL);

-- A statement's ratings are tallied under kind 'statement' with value '<statement key>:<rating>'
-- (keys are [a-z0-9_-], so the colon is unambiguous); a grid's rows are not 'rating' rows, which
-- stay the single scale of a rating question.
ALTER TABLE result_tallies DROP CONSTRAINT result_tallies_kind;
ALTER TABLE result_tallies ADD CONSTRAINT result_tallies_kind
    CHECK (kind IN ('responses', 'checkins', 'minute', 'respondents', 'option', 'other', 'rating', 'statement'));

CREATE OR REPLACE FUNCTION debrief_tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, c.question_key, k.kind, k.value, count(*)
        FROM new_rows c CROSS JOIN LATERAL (VALUES
            ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
            ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END),
            ('rating', CASE WHEN c.statement_key IS NULL THEN c.rating::text END),
            ('statement', c.statement_key || ':' || c.rating::text)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, c.question_key, k.kind, k.value, -count(*)
        FROM old_rows c CROSS JOIN LATERAL (VALUES
            ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
            ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END),
            ('rating', CASE WHEN c.statement_key IS NULL THEN c.rating::text END),
            ('statement', c.statement_key || ':' || c.rating::text)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;
