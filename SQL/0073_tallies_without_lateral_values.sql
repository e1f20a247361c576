-- The tally triggers name each row's tallies once, in one function per table, and no longer
-- build them with `CROSS JOIN LATERAL (VALUES …)` (issue 52).
--
-- A `VALUES` list that refers to the outer row is set up again for every row it is joined to:
-- PostgreSQL compiles its expressions afresh each time (`ExecInitExprList` under the values
-- scan), six lists of two for every answer row and four for every response. That setting-up was
-- 9.4 % of PostgreSQL's CPU per submission in `scripts/bench-profile` at 64 connections (perf,
-- 2026-11-28), nearly half of what the tally triggers cost. Here the kinds are a constant array,
-- unnested once per statement, and each (kind, row) pair's value comes from an SQL function the
-- planner inlines into the trigger's statement (a `CASE`, compiled once with its plan). The
-- values, and so the tallies, are exactly those of SQL/0035 and SQL/0063.

-- What an answer row adds to each of its kinds' tallies; NULL: nothing.
CREATE FUNCTION debrief_answer_tally_value(kind text, a answers) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE kind
        WHEN 'respondents' THEN CASE WHEN a.position = 0 THEN '' END
        WHEN 'option' THEN a.option_id
        WHEN 'other' THEN CASE WHEN a.other_text IS NOT NULL THEN '' END
        WHEN 'rating' THEN CASE WHEN a.statement_key IS NULL THEN a.rating::text END
        WHEN 'statement' THEN a.statement_key || ':' || a.rating::text
        WHEN 'number' THEN CASE WHEN a.number_value IS NOT NULL THEN a.text_value END
    END
$$;

-- What a response row adds to each of its kinds' tallies (under question key ''); NULL: nothing.
CREATE FUNCTION debrief_response_tally_value(kind text, r responses) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE kind
        WHEN 'responses' THEN ''
        WHEN 'minute' THEN floor(extract(epoch FROM r.submitted_at) / 60)::bigint::text
        WHEN 'language' THEN r.language
        WHEN 'completion' THEN debrief_completion(r.opened_at, r.submitted_at, r.straight_lined)
    END
$$;

CREATE OR REPLACE FUNCTION debrief_tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, t.question_key, t.kind, t.value, count(*) FROM (
            SELECT c.form_id, c.question_key, k.kind, debrief_answer_tally_value(k.kind, c) AS value
            FROM new_rows c CROSS JOIN unnest('{respondents,option,other,rating,statement,number}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, t.question_key, t.kind, t.value, -count(*) FROM (
            SELECT c.form_id, c.question_key, k.kind, debrief_answer_tally_value(k.kind, c) AS value
            FROM old_rows c CROSS JOIN unnest('{respondents,option,other,rating,statement,number}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION debrief_tally_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, '', t.kind, t.value, count(*) FROM (
            SELECT c.form_id, k.kind, debrief_response_tally_value(k.kind, c) AS value
            FROM new_rows c CROSS JOIN unnest('{responses,minute,language,completion}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, '', t.kind, t.value, -count(*) FROM (
            SELECT c.form_id, k.kind, debrief_response_tally_value(k.kind, c) AS value
            FROM old_rows c CROSS JOIN unnest('{responses,minute,language,completion}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;
