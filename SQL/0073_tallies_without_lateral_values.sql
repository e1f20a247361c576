-- The tally triggers name each row's tallies once, in one function per table, and no longer
-- build them with `CROSS JOIN LATERAL (VALUES …)` (issue 52).
--
-- A `VALUES` list that refers to the outer row is set up again for every row it is joined to:
-- PostgreSQL compiles its expressions afresh each time (`ExecInitExprList` under the values
-- scan), six lists of two for every answer row and four for every response. That setting-up was
-- 9.4 % of PostgreSQL's CPU per submission in `scripts/bench-profile` at 64 connections (perf,
-- 2026-11-28), nearly half of what the tally triggers cost. Here the kinds are a constant array,
-- unnested once per statement, and each (kind, row) pair's value comes from an SQL function the
-- planner inlines into the trigger's statement (a `CASE`, compiled once with its plan). Its
-- arguments are the row's columns, not the row: a transition table's whole row passed as the
-- table's type is a conversion the planner will not inline, and the function then ran (and was
-- planned) per pair, costing more than the lists it replaced. STABLE, not IMMUTABLE, for the
-- same reason: `extract` from a `timestamptz` is stable, and an immutable function whose body is
-- not is never inlined. The values, and so the tallies, are exactly those of SQL/0035 and SQL/0063.

-- What an answer row adds to each of its kinds' tallies; NULL: nothing.
CREATE FUNCTION debrief_answer_tally_value(
    kind text, "position" smallint, option_id text, other_text text, rating smallint, statement_key text, number_value numeric,
    text_value text
) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE kind
        WHEN 'respondents' THEN CASE WHEN "position" = 0 THEN '' END
        WHEN 'option' THEN option_id
        WHEN 'other' THEN CASE WHEN other_text IS NOT NULL THEN '' END
        WHEN 'rating' THEN CASE WHEN statement_key IS NULL THEN rating::text END
        WHEN 'statement' THEN statement_key || ':' || rating::text
        WHEN 'number' THEN CASE WHEN number_value IS NOT NULL THEN text_value END
    END
$$;

-- What a response row adds to each of its kinds' tallies (under question key ''); NULL: nothing.
CREATE FUNCTION debrief_response_tally_value(
    kind text, submitted_at timestamptz, language text, opened_at timestamptz, straight_lined boolean
) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE kind
        WHEN 'responses' THEN ''
        WHEN 'minute' THEN floor(extract(epoch FROM submitted_at) / 60)::bigint::text
        WHEN 'language' THEN language
        WHEN 'completion' THEN debrief_completion(opened_at, submitted_at, straight_lined)
    END
$$;

CREATE OR REPLACE FUNCTION debrief_tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, t.question_key, t.kind, t.value, count(*) FROM (
            SELECT c.form_id, c.question_key, k.kind, debrief_answer_tally_value(
                k.kind, c.position, c.option_id, c.other_text, c.rating, c.statement_key, c.number_value, c.text_value) AS value
            FROM new_rows c CROSS JOIN unnest('{respondents,option,other,rating,statement,number}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, t.question_key, t.kind, t.value, -count(*) FROM (
            SELECT c.form_id, c.question_key, k.kind, debrief_answer_tally_value(
                k.kind, c.position, c.option_id, c.other_text, c.rating, c.statement_key, c.number_value, c.text_value) AS value
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
            SELECT c.form_id, k.kind, debrief_response_tally_value(k.kind, c.submitted_at, c.language, c.opened_at, c.straight_lined) AS value
            FROM new_rows c CROSS JOIN unnest('{responses,minute,language,completion}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT t.form_id, '', t.kind, t.value, -count(*) FROM (
            SELECT c.form_id, k.kind, debrief_response_tally_value(k.kind, c.submitted_at, c.language, c.opened_at, c.straight_lined) AS value
            FROM old_rows c CROSS JOIN unnest('{responses,minute,language,completion}'::text[]) AS k (kind)
        ) t WHERE t.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;
