-- Issue 70 goal 4: the read record (docs/decisions/0091-the-read-record.md). One row per
-- reading of answers (the responses list, one response, a question's answers, every export),
-- share and transfer, role or branding change, and sign-in as an admin: who (the account and its
-- address at that moment), when, what (a kind and its object), from where (the client address
-- the trusted-proxy rule derives, the user agent cut to 200 characters).
--
-- No foreign keys: the record outlives the account, the series and the meeting it names (a key
-- would either block their deletion or delete the rows with them). The series' team is found at
-- read time from series_id, through the visibility rule of the day.
CREATE TABLE audit_record (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at              timestamptz NOT NULL,
    -- NULL: the operator at the server's shell (`debrief export`), who signs in to nothing.
    account_id      uuid,
    account_email   text CHECK (char_length(account_email) <= 320),
    kind            text NOT NULL CHECK (kind ~ '^[a-z]+(\.[a-z]+)*$' AND char_length(kind) <= 40),
    series_id       uuid,
    meeting_id      uuid,
    -- The object's detail: the layout and format of an export, a question's key, a share's role.
    detail          text NOT NULL DEFAULT '' CHECK (char_length(detail) <= 400),
    client_address  text NOT NULL CHECK (char_length(client_address) <= 100),
    user_agent      text NOT NULL DEFAULT '' CHECK (char_length(user_agent) <= 200)
);

CREATE INDEX audit_record_at ON audit_record (at);
CREATE INDEX audit_record_series ON audit_record (series_id, id) WHERE series_id IS NOT NULL;
CREATE INDEX audit_record_account ON audit_record (account_id, id) WHERE account_id IS NOT NULL;

-- Appended, never updated. An UPDATE or a TRUNCATE is refused always; a DELETE only inside
-- purge_audit_record, the retention job's one statement, which marks its own transaction. A
-- database superuser or the table's owner can still disable triggers: the rule keeps the
-- application (and a mistaken statement) from rewriting history, not the database's operator.
CREATE FUNCTION audit_record_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_setting('debrief.audit_purge', true) = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'the read record is appended, never changed (%)', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_record_no_update BEFORE UPDATE OR DELETE ON audit_record
    FOR EACH ROW EXECUTE FUNCTION audit_record_refuse_change();
CREATE TRIGGER audit_record_no_truncate BEFORE TRUNCATE ON audit_record
    FOR EACH STATEMENT EXECUTE FUNCTION audit_record_refuse_change();

-- The retention job's delete: rows recorded before `cutoff`, at most `batch` of them, oldest
-- first. The mark is local to the function's transaction (set_config(…, true)) and cleared
-- before it returns, so no later statement of the same transaction inherits it.
CREATE FUNCTION purge_audit_record(cutoff timestamptz, batch int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
    purged int;
BEGIN
    PERFORM set_config('debrief.audit_purge', 'on', true);
    DELETE FROM audit_record WHERE id IN (
        SELECT id FROM audit_record WHERE at < cutoff ORDER BY at LIMIT batch FOR UPDATE SKIP LOCKED);
    GET DIAGNOSTICS purged = ROW_COUNT;
    PERFORM set_config('debrief.audit_purge', 'off', true);
    RETURN purged;
END
$$;
