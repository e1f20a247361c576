-- responses and answers as SQL/0003 and SQL/0004 define them (without the foreign keys to
-- forms and check-ins, which both layouts would keep the same way).
CREATE TABLE responses (
    id uuid PRIMARY KEY, form_id uuid NOT NULL, check_in_id uuid,
    submitted_at timestamptz NOT NULL DEFAULT now(), changed_at timestamptz,
    CONSTRAINT responses_one_per_check_in UNIQUE (form_id, check_in_id));
CREATE INDEX responses_form_time ON responses (form_id, submitted_at);
CREATE TABLE answers (
    response_id uuid NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
    form_id uuid NOT NULL, question_key text NOT NULL, position smallint NOT NULL,
    option_id text, other_text text, rating smallint, text_value text,
    PRIMARY KEY (response_id, question_key, position));
CREATE INDEX answers_choice ON answers (form_id, question_key, option_id) WHERE option_id IS NOT NULL;
CREATE INDEX answers_rating ON answers (form_id, question_key, rating) WHERE rating IS NOT NULL;
CREATE INDEX answers_text_values ON answers (form_id, question_key, response_id) WHERE text_value IS NOT NULL;
