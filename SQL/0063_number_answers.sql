-- Number questions (docs/decisions/0069-number-questions.md): an answer is one row at position 0
-- holding the number in `number_value` and its plain text (no exponent, no trailing zeros: "2.5",
-- "45") in `text_value`. The text copy keeps `answers_one_value` (SQL/0003, rewritten by SQL/0064)
-- true whichever of the two migrations runs first, and lets the raw layouts and the moderation
-- view read the number like any text; the constraint below keeps the two equal, so a row cannot
-- say two numbers. Only number rows have a `number_value`, which is what tells them from short
-- answers (`StoreKindPart.claims`).
ALTER TABLE answers ADD COLUMN number_value numeric;
ALTER TABLE answers ADD CONSTRAINT answers_number_value CHECK (
    number_value IS NULL
    OR (text_value = trim_scale(number_value)::text AND position = 0
        AND option_id IS NULL AND other_text IS NULL AND rating IS NULL AND statement_key IS NULL));

-- Numbers are tallied under kind 'number' with the plain text as the value: answers per value,
-- from which the results compute count, mean, median, interval and histogram exactly.
ALTER TABLE result_tallies DROP CONSTRAINT result_tallies_kind;
ALTER TABLE result_tallies ADD CONSTRAINT result_tallies_kind
    CHECK (kind IN ('responses', 'checkins', 'minute', 'respondents', 'option', 'other', 'rating', 'statement', 'language',
                    'completion', 'number'));

CREATE OR REPLACE FUNCTION debrief_tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, c.question_key, k.kind, k.value, count(*)
        FROM new_rows c CROSS JOIN LATERAL (VALUES
            ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
            ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END),
            ('rating', CASE WHEN c.statement_key IS NULL THEN c.rating::text END),
            ('statement', c.statement_key || ':' || c.rating::text),
            ('number', CASE WHEN c.number_value IS NOT NULL THEN c.text_value END)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, c.question_key, k.kind, k.value, -count(*)
        FROM old_rows c CROSS JOIN LATERAL (VALUES
            ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
            ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END),
            ('rating', CASE WHEN c.statement_key IS NULL THEN c.rating::text END),
            ('statement', c.statement_key || ':' || c.rating::text),
            ('number', CASE WHEN c.number_value IS NOT NULL THEN c.text_value END)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;
