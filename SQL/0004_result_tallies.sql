-- Precomputed result counts, so a results page costs the same at a thousand responses as at a
-- million.
--
-- Every write to responses, answers and check_ins appends its change to `result_tally_deltas`
-- (statement triggers below: nothing that writes can forget). Appending never touches a shared
-- row, so concurrent submissions to one form do not queue behind each other. A background fold
-- (ResultTallies.fold in the application, at most one at a time) moves the deltas into
-- `result_tallies` in batches. Readers add the tallies and the deltas not folded yet in one
-- snapshot: the fold deletes deltas and updates tallies in one transaction, so a reader sees each
-- change exactly once, however far behind the fold is.

-- What a tally counts. Form-level kinds have question_key '' and:
--   responses  value ''                     responses to the form
--   checkins   value ''                     check-ins on the form
--   minute     value: epoch minute          responses submitted in that minute (timeline, median delay)
-- Question-level kinds:
--   respondents value ''                    responses that answered the question
--   option      value: option id            selections of that option
--   other       value ''                    "other" texts given
--   rating      value: scale value          answers with that rating
CREATE TABLE result_tallies (
    form_id       uuid NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
    question_key  text NOT NULL,
    kind          text NOT NULL,
    value         text NOT NULL,
    count         bigint NOT NULL,
    PRIMARY KEY (form_id, question_key, kind, value),
    CONSTRAINT result_tallies_kind CHECK (kind IN ('responses', 'checkins', 'minute', 'respondents', 'option', 'other', 'rating'))
);

-- A queue: rows are appended by writers and deleted by the fold, never updated. No foreign key
-- (a delta of a form being deleted is dropped by the fold), no primary key (nothing looks one up).
CREATE TABLE result_tally_deltas (
    form_id       uuid NOT NULL,
    question_key  text NOT NULL,
    kind          text NOT NULL,
    value         text NOT NULL,
    delta         bigint NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);

CREATE INDEX result_tally_deltas_form ON result_tally_deltas (form_id);

-- Answers: one pass over the changed rows. Each row counts once under its own kind (option,
-- other or rating); the row at position 0 — every answered question has exactly one, since
-- positions count from 0 within an answer — counts its response as a respondent. The two
-- branches differ only in the transition table they read and the sign.
CREATE FUNCTION debrief_tally_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, c.question_key, k.kind, k.value, count(*)
        FROM new_rows c CROSS JOIN LATERAL (VALUES
            ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
            ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END), ('rating', c.rating::text)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, c.question_key, k.kind, k.value, -count(*)
        FROM old_rows c CROSS JOIN LATERAL (VALUES
            ('respondents', CASE WHEN c.position = 0 THEN '' END), ('option', c.option_id),
            ('other', CASE WHEN c.other_text IS NOT NULL THEN '' END), ('rating', c.rating::text)
        ) AS k (kind, value)
        WHERE k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER answers_tally_insert AFTER INSERT ON answers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_answers();
CREATE TRIGGER answers_tally_delete AFTER DELETE ON answers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_answers();

-- Responses: the count and the per-minute histogram. submitted_at never changes (an edit keeps
-- it), so inserts and deletes are all there is to count.
CREATE FUNCTION debrief_tally_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, '', k.kind, k.value, count(*)
        FROM new_rows c CROSS JOIN LATERAL (VALUES
            ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text)
        ) AS k (kind, value)
        GROUP BY 1, 2, 3, 4;
    ELSE
        INSERT INTO result_tally_deltas (form_id, question_key, kind, value, delta)
        SELECT c.form_id, '', k.kind, k.value, -count(*)
        FROM old_rows c CROSS JOIN LATERAL (VALUES
            ('responses', ''), ('minute', floor(extract(epoch FROM c.submitted_at) / 60)::bigint::text)
        ) AS k (kind, value)
        GROUP BY 1, 2, 3, 4;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER responses_tally_insert AFTER INSERT ON responses
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_responses();
CREATE TRIGGER responses_tally_delete AFTER DELETE ON responses
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_responses();

CREATE FUNCTION debrief_tally_check_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO result_tally_deltas SELECT n.form_id, '', 'checkins', '', count(*) FROM new_rows n GROUP BY n.form_id;
    ELSE
        INSERT INTO result_tally_deltas SELECT o.form_id, '', 'checkins', '', -count(*) FROM old_rows o GROUP BY o.form_id;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER check_ins_tally_insert AFTER INSERT ON check_ins
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_check_ins();
CREATE TRIGGER check_ins_tally_delete AFTER DELETE ON check_ins
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_tally_check_ins();

-- Rows written before this migration, counted once (the same counts as the triggers above).
INSERT INTO result_tally_deltas
SELECT r.form_id, '', 'responses', '', count(*) FROM responses r GROUP BY r.form_id
UNION ALL
SELECT r.form_id, '', 'minute', floor(extract(epoch FROM r.submitted_at) / 60)::bigint::text, count(*) FROM responses r GROUP BY 1, 4
UNION ALL
SELECT c.form_id, '', 'checkins', '', count(*) FROM check_ins c GROUP BY c.form_id
UNION ALL
SELECT a.form_id, a.question_key, 'respondents', '', count(*) FROM answers a WHERE a.position = 0 GROUP BY 1, 2
UNION ALL
SELECT a.form_id, a.question_key, 'option', a.option_id, count(*) FROM answers a WHERE a.option_id IS NOT NULL GROUP BY 1, 2, 4
UNION ALL
SELECT a.form_id, a.question_key, 'other', '', count(*) FROM answers a WHERE a.other_text IS NOT NULL GROUP BY 1, 2
UNION ALL
SELECT a.form_id, a.question_key, 'rating', a.rating::text, count(*) FROM answers a WHERE a.rating IS NOT NULL GROUP BY 1, 2, 4;

-- The newest short answers and "other" texts of a question, for the results view: response ids
-- are time-ordered (UUID version 7, made with submitted_at), so the highest ids are the newest.
CREATE INDEX answers_text_values ON answers (form_id, question_key, response_id) WHERE text_value IS NOT NULL;
CREATE INDEX answers_other_texts ON answers (form_id, question_key, response_id) WHERE other_text IS NOT NULL;
