-- The newest texts of one question, newest response first, as the shared results read them:
-- one backward scan of the column's partial index (answers_text_values, answers_other_texts), so
-- a report's text sample costs its limit, never the number of answers (issue 37).
--
-- Why functions that rule out a sort: the planner estimates a form's rows from table-wide
-- statistics, which know nothing of a form published minutes ago. For a form growing by
-- thousands of responses a second it expected nine rows, and chose a bitmap scan of every answer
-- of the question and a top-N sort: 128 ms at 160,000 responses instead of 0.4 ms, in every
-- recomputation of the live results. This order never needs a sort: the index has it.
-- Two functions, not one taking the column: each query names its column, so the planner can match
-- that column's partial index.
CREATE FUNCTION debrief_newest_text_values(form uuid, question text, n bigint) RETURNS SETOF text
    LANGUAGE sql STABLE SET enable_sort = off AS $$
    SELECT a.text_value FROM answers a
    WHERE a.form_id = form AND a.question_key = question AND a.text_value IS NOT NULL
    ORDER BY a.response_id DESC LIMIT n
$$;

CREATE FUNCTION debrief_newest_other_texts(form uuid, question text, n bigint) RETURNS SETOF text
    LANGUAGE sql STABLE SET enable_sort = off AS $$
    SELECT a.other_text FROM answers a
    WHERE a.form_id = form AND a.question_key = question AND a.other_text IS NOT NULL
    ORDER BY a.response_id DESC LIMIT n
$$;
