-- One stable code per meeting series (issue 32 item 16, docs/decisions/0050): its short link and
-- QR code open the series' current session, while each session's own form code keeps working.
-- Series codes and form codes share one code space: `/f/{code}` must never be able to name both.

-- A fresh code: 10 characters of Crockford's base32 (FormCode.alphabet) from the random bytes of a
-- version-4 UUID (the CSPRNG behind gen_random_uuid). Bytes 0–5 and 9–12 are wholly random; 256
-- is a multiple of 32, so each character is uniform: 50 random bits, like a form's code.
CREATE FUNCTION debrief_new_code() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', get_byte(b, i) % 32 + 1, 1), '' ORDER BY i)
    FROM (SELECT uuid_send(gen_random_uuid()) AS b) AS r, unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10, 11, 12]) AS i
$$;

ALTER TABLE meeting_series ADD COLUMN code text;

-- The one code space: a series code is never a form's code, nor a form's a series'. Both sides
-- take the same advisory lock on the code first, so two transactions writing one code at once are
-- serialized and the second sees the first (each statement of a volatile function reads afresh).
-- A series whose random code is taken draws another; a form is refused (its publish draws anew).
CREATE FUNCTION meeting_series_code_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    LOOP
        PERFORM pg_advisory_xact_lock(hashtextextended('participant-code:' || NEW.code, 0));
        EXIT WHEN NOT EXISTS (SELECT 1 FROM forms f WHERE f.code = NEW.code);
        NEW.code := debrief_new_code();
    END LOOP;
    RETURN NEW;
END
$$;

CREATE FUNCTION forms_code_not_a_series_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.code IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.code IS DISTINCT FROM OLD.code) THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('participant-code:' || NEW.code, 0));
        IF EXISTS (SELECT 1 FROM meeting_series s WHERE s.code = NEW.code) THEN
            RAISE unique_violation USING CONSTRAINT = 'participant_codes_one_space',
                MESSAGE = 'the code ' || NEW.code || ' is a series code';
        END IF;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER meeting_series_code_free BEFORE INSERT OR UPDATE OF code ON meeting_series
    FOR EACH ROW EXECUTE FUNCTION meeting_series_code_free();

CREATE TRIGGER forms_code_not_a_series_code BEFORE INSERT OR UPDATE OF code ON forms
    FOR EACH ROW EXECUTE FUNCTION forms_code_not_a_series_code();

-- Every existing series gets its code now (through the trigger), every new one at its insert.
UPDATE meeting_series SET code = debrief_new_code();
ALTER TABLE meeting_series ALTER COLUMN code SET DEFAULT debrief_new_code(), ALTER COLUMN code SET NOT NULL;
ALTER TABLE meeting_series ADD CONSTRAINT meeting_series_code_key UNIQUE (code);
