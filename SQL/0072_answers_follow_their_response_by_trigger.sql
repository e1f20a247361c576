-- A response's answers go with it by one statement trigger instead of a foreign key (issue 52;
-- docs/decisions/0080).
--
-- The foreign key checked every answer row on insert: one lookup of its response, `FOR KEY SHARE`,
-- planned and run per row — six per submission of the benchmark's form, about a fifth of
-- PostgreSQL's CPU per submission, spent proving what the writer already knows. Every answer is
-- written by a statement that holds its response: a new response's answers in the statement that
-- inserts it (joined to the row it inserted), an edit's after the `UPDATE` of the response row
-- that locks it (``ResponseWriter``: a response deleted meanwhile updates nothing and the edit
-- fails whole). So an answer without its response cannot be written; what the key still did is
-- the cascade, and the trigger below does that for each deleting statement at once — a host's
-- removal, the retention purge, a form or meeting purged (whose cascade deletes the responses by
-- statement too), an edit moving a response to another version of its form.
ALTER TABLE answers DROP CONSTRAINT answers_response_id_fkey;

-- Runs after the statement that deleted the responses, as the key's cascade did; its own
-- `DELETE` fires the answers' tally trigger, which subtracts what they had added.
CREATE FUNCTION debrief_delete_answers_of_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM answers a USING old_rows o WHERE a.response_id = o.id;
    RETURN NULL;
END $$;

CREATE TRIGGER responses_delete_answers AFTER DELETE ON responses
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION debrief_delete_answers_of_responses();
