-- Participants: expected members of a series, check-ins, responses with their answers, and the
-- idempotency records that make a retried submission safe.

-- The people a host expects at the sessions of a series. `name_key` is the name as matching
-- sees it (trimmed, NFC, lower case; computed by the application), so "Ana " and "ANA" are one.
CREATE TABLE roster_members (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    series_id   uuid NOT NULL REFERENCES meeting_series (id) ON DELETE CASCADE,
    name        text NOT NULL,
    name_key    text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT roster_members_name_key UNIQUE (series_id, name_key)
);

-- One row per "I am here" on a published form. Only the SHA-256 of the participant token is
-- kept. Anonymous forms store no name. `meeting_id` is copied from the form for attendance reads.
CREATE TABLE check_ins (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    form_id          uuid NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
    meeting_id       uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    token_hash       text NOT NULL,
    name             text,
    name_key         text,
    roster_member_id uuid REFERENCES roster_members (id) ON DELETE SET NULL,
    checked_in_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT check_ins_token_hash_key UNIQUE (token_hash),
    CONSTRAINT check_ins_name_pair CHECK ((name IS NULL) = (name_key IS NULL))
);

CREATE INDEX check_ins_meeting ON check_ins (meeting_id, checked_in_at);
CREATE INDEX check_ins_form ON check_ins (form_id);
CREATE INDEX check_ins_roster_member ON check_ins (roster_member_id) WHERE roster_member_id IS NOT NULL;

-- One submission. With a participant token there is at most one per check-in and form (NULLs are
-- distinct, so anonymous submissions without a token are not limited here).
CREATE TABLE responses (
    id            uuid PRIMARY KEY,
    form_id       uuid NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
    check_in_id   uuid REFERENCES check_ins (id) ON DELETE SET NULL,
    submitted_at  timestamptz NOT NULL DEFAULT now(),
    -- Set when the participant replaced the answers (forms that allow editing).
    changed_at    timestamptz,
    CONSTRAINT responses_one_per_check_in UNIQUE (form_id, check_in_id)
);

CREATE INDEX responses_form_time ON responses (form_id, submitted_at);

-- One row per selected option (choice), per "other" text, per rating, per text answer.
-- `form_id` is copied from the response (no foreign key: it would cost a lookup per row, and the
-- response's own key already ties the row to the form) so results read one form's rows directly.
CREATE TABLE answers (
    response_id   uuid NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
    form_id       uuid NOT NULL,
    question_key  text NOT NULL,
    -- Order within one answer (the order the options were selected in).
    position      smallint NOT NULL,
    option_id     text,
    other_text    text,
    rating        smallint,
    text_value    text,
    PRIMARY KEY (response_id, question_key, position),
    CONSTRAINT answers_one_value CHECK (num_nonnulls(option_id, other_text, rating, text_value) = 1)
);

CREATE INDEX answers_choice ON answers (form_id, question_key, option_id) WHERE option_id IS NOT NULL;
CREATE INDEX answers_rating ON answers (form_id, question_key, rating) WHERE rating IS NOT NULL;

-- A submission accepted under an `Idempotency-Key`: the SHA-256 of the canonical request body and
-- the exact status and body that were answered, written in the same transaction as the response.
CREATE TABLE idempotency_keys (
    form_id        uuid NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
    key            text NOT NULL,
    request_hash   text NOT NULL,
    response_id    uuid NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
    status_code    smallint NOT NULL,
    response_body  text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (form_id, key)
);

CREATE INDEX idempotency_keys_response ON idempotency_keys (response_id);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
