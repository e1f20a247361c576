-- The same tables, hash-partitioned by form into 16 partitions: every key gains form_id (a
-- partitioned table's unique keys must contain the partition key), and the answers reference
-- their response through (form_id, id).
CREATE TABLE responses (
    id uuid NOT NULL, form_id uuid NOT NULL, check_in_id uuid,
    submitted_at timestamptz NOT NULL DEFAULT now(), changed_at timestamptz,
    PRIMARY KEY (form_id, id),
    CONSTRAINT responses_one_per_check_in UNIQUE (form_id, check_in_id)) PARTITION BY HASH (form_id);
CREATE INDEX responses_form_time ON responses (form_id, submitted_at);
CREATE TABLE answers (
    response_id uuid NOT NULL, form_id uuid NOT NULL, question_key text NOT NULL, position smallint NOT NULL,
    option_id text, other_text text, rating smallint, text_value text,
    PRIMARY KEY (form_id, response_id, question_key, position),
    FOREIGN KEY (form_id, response_id) REFERENCES responses (form_id, id) ON DELETE CASCADE) PARTITION BY HASH (form_id);
CREATE INDEX answers_choice ON answers (form_id, question_key, option_id) WHERE option_id IS NOT NULL;
CREATE INDEX answers_rating ON answers (form_id, question_key, rating) WHERE rating IS NOT NULL;
CREATE INDEX answers_text_values ON answers (form_id, question_key, response_id) WHERE text_value IS NOT NULL;
DO $$
BEGIN
    FOR i IN 0..15 LOOP
        EXECUTE format('CREATE TABLE responses_p%s PARTITION OF responses FOR VALUES WITH (MODULUS 16, REMAINDER %s)', i, i);
        EXECUTE format('CREATE TABLE answers_p%s PARTITION OF answers FOR VALUES WITH (MODULUS 16, REMAINDER %s)', i, i);
    END LOOP;
END $$;
