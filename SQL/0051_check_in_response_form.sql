-- A report's "checked in and responded" without reading responses (issue 37; decision 48).
--
-- The count joined the meeting's check-ins to their responses: one lookup into `responses` per
-- check-in, 4–14 ms per report at 5,000 check-ins on a million responses, the largest part of a
-- report computation on a large form and the only one that grew with the responses. Each
-- check-in now carries the form version its response answers (at most one: the unique index
-- responses_one_per_check_in), kept by the trigger below on every path that writes responses
-- (submission, batch, change of answers, a move to another version, removal, retention purge,
-- a check-in deleted), so the count is one scan of the meeting's check-ins.
ALTER TABLE check_ins ADD COLUMN response_form_id uuid;

-- Recounted from `responses` rather than inferred from OLD and NEW: an AFTER trigger sees the
-- whole statement's result, so a statement that unlinks one response and links another to the
-- same check-in leaves the right value in any order.
CREATE FUNCTION debrief_check_in_response_form() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE check_ins c SET response_form_id = (SELECT r.form_id FROM responses r WHERE r.check_in_id = c.id)
    WHERE c.id IN (
        CASE WHEN TG_OP <> 'INSERT' THEN OLD.check_in_id END,
        CASE WHEN TG_OP <> 'DELETE' THEN NEW.check_in_id END);
    RETURN NULL;
END $$;

-- Row triggers with WHEN: an anonymous response (no check-in) never calls the function.
CREATE TRIGGER responses_check_in_insert AFTER INSERT ON responses
    FOR EACH ROW WHEN (NEW.check_in_id IS NOT NULL) EXECUTE FUNCTION debrief_check_in_response_form();
CREATE TRIGGER responses_check_in_delete AFTER DELETE ON responses
    FOR EACH ROW WHEN (OLD.check_in_id IS NOT NULL) EXECUTE FUNCTION debrief_check_in_response_form();
CREATE TRIGGER responses_check_in_update AFTER UPDATE OF check_in_id, form_id ON responses
    FOR EACH ROW WHEN (OLD.check_in_id IS DISTINCT FROM NEW.check_in_id OR OLD.form_id IS DISTINCT FROM NEW.form_id)
    EXECUTE FUNCTION debrief_check_in_response_form();

UPDATE check_ins c SET response_form_id = r.form_id FROM responses r WHERE r.check_in_id = c.id;
