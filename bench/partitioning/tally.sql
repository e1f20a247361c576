-- The tally tables and triggers of SQL/0004 (deltas written by statement triggers, folded into
-- result_tallies), the same for both layouts.
CREATE TABLE result_tallies (
    form_id uuid NOT NULL, question_key text NOT NULL, kind text NOT NULL, value text NOT NULL, count bigint NOT NULL,
    PRIMARY KEY (form_id, question_key, kind, value));
CREATE TABLE result_tally_deltas (
    form_id uuid NOT NULL, question_key text NOT NULL, kind text NOT NULL, value text NOT NULL, delta bigint NOT NULL);
CREATE INDEX result_tally_deltas_form ON result_tally_deltas (form_id);

CREATE FUNCTION tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
    SELECT c.form_id, c.question_key, k.kind, k.value, count(*)
    FROM new_rows c CROSS JOIN LATERAL (VALUES
        ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
        ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END), ('rating', c.rating::text)
    ) AS k (kind, value)
    WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    RETURN NULL;
END $$;
CREATE TRIGGER answers_tally_insert AFTER INSERT ON answers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_answers();

CREATE FUNCTION tally_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
    SELECT c.form_id, '', k.kind, k.value, count(*)
    FROM new_rows c CROSS JOIN LATERAL (VALUES
        ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text)
    ) AS k (kind, value)
    GROUP BY 1, 2, 3, 4;
    RETURN NULL;
END $$;
CREATE TRIGGER responses_tally_insert AFTER INSERT ON responses
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_responses();
