-- An answer row's one value, counted per value, is no longer one kind's (decision 84).
--
-- SQL/0063 gave the number kind a column of its own and a tally named after it. A second kind
-- whose answer is one value counted per value (a date) would have needed the same again: a
-- column, a `WHEN` in the tally function, a name in the shared Swift files. Instead the column
-- and the tally say what they hold, not whose it is: `numeric_value` is a value that sorts and
-- averages as a number (a number's figure, a date's day), `text_value` beside it is how the value
-- is written and what the `value` tally counts (a number's plain text, a date's `YYYY-MM-DD`).
-- Which kind a row belongs to is its question's, in its form version's definition.

ALTER TABLE answers RENAME COLUMN number_value TO numeric_value;
ALTER TABLE answers DROP CONSTRAINT answers_number_value;
ALTER TABLE answers ADD CONSTRAINT answers_numeric_value CHECK (
    numeric_value IS NULL
    OR (text_value IS NOT NULL AND position = 0
        AND option_id IS NULL AND other_text IS NULL AND rating IS NULL AND statement_key IS NULL));

ALTER TABLE result_tallies DROP CONSTRAINT result_tallies_kind;
UPDATE result_tallies SET kind = 'value' WHERE kind = 'number';
UPDATE result_tally_deltas SET kind = 'value' WHERE kind = 'number';
ALTER TABLE result_tallies ADD CONSTRAINT result_tallies_kind
    CHECK (kind IN ('responses', 'checkins', 'minute', 'respondents', 'option', 'other', 'rating', 'statement', 'language',
                    'completion', 'value'));

-- As SQL/0073's, with the renamed column and tally; its parameters change name, so it is
-- replaced rather than redefined (the trigger functions call it by name when they run).
DROP FUNCTION debrief_answer_tally_value(text, smallint, text, text, smallint, text, numeric, text);
CREATE FUNCTION debrief_answer_tally_value(
    kind text, "position" smallint, option_id text, other_text text, rating smallint, statement_key text, numeric_value numeric,
    text_value text
) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE kind
        WHEN 'respondents' THEN CASE WHEN "position" = 0 THEN '' END
        WHEN 'option' THEN option_id
        WHEN 'other' THEN CASE WHEN other_text IS NOT NULL THEN '' END
        WHEN 'rating' THEN CASE WHEN statement_key IS NULL THEN rating::text END
        WHEN 'statement' THEN statement_key || ':' || rating::text
        WHEN 'value' THEN CASE WHEN numeric_value IS NOT NULL THEN text_value END
    END
$$;

CREATE OR REPLACE FUNCTION debrief_tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, t.question_key, t.kind, t.value, count(*) FROM (
            SELECT c.form_id, c.question_key, k.kind, debrief_answer_tally_value(
                k.kind, c.position, c.option_id, c.other_text, c.rating, c.statement_key, c.numeric_value, c.text_value) AS value
            FROM new_rows c CROSS JOIN unnest('{respondents,option,other,rating,statement,value}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, t.question_key, t.kind, t.value, -count(*) FROM (
            SELECT c.form_id, c.question_key, k.kind, debrief_answer_tally_value(
                k.kind, c.position, c.option_id, c.other_text, c.rating, c.statement_key, c.numeric_value, c.text_value) AS value
            FROM old_rows c CROSS JOIN unnest('{respondents,option,other,rating,statement,value}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;
