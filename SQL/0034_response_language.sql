-- Forms in several languages (docs/decisions/0037-form-languages.md): the language a response was
-- given in. NULL when the form speaks one language (it is then the form's own, in its
-- definition), so single-language forms store and tally nothing more per response.
ALTER TABLE responses ADD COLUMN language text;
ALTER TABLE responses ADD CONSTRAINT responses_language_tag CHECK (language ~ '^[a-z]{2,3}(-[a-z0-9]{1,8}){0,3}$');

-- Responses per language, tallied like the response count: kind 'language', value the tag.
ALTER TABLE result_tallies DROP CONSTRAINT result_tallies_kind;
ALTER TABLE result_tallies ADD CONSTRAINT result_tallies_kind
    CHECK (kind IN ('responses', 'checkins', 'minute', 'respondents', 'option', 'other', 'rating', 'statement', 'language'));

CREATE OR REPLACE FUNCTION debrief_tally_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, '', k.kind, k.value, count(*)
        FROM new_rows c CROSS JOIN LATERAL (VALUES
            ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text), ('language', c.language)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, '', k.kind, k.value, -count(*)
        FROM old_rows c CROSS JOIN LATERAL (VALUES
            ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text), ('language', c.language)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;
