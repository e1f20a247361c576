-- A host's question bank (issue 71 goal 7, docs/decisions/0102-question-bank.md): single
-- questions saved from a form, with their translations, to insert into another form.
--
-- entry: the BankedQuestion as the domain encodes it, {"question", "language", "translations"};
-- the question is the flat JSON a stored form holds (the kinds' registry encodes its body) and
-- carries no follow-up condition (it names a question of its form, which the bank does not hold).
CREATE TABLE question_bank (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id    uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name        text NOT NULL CONSTRAINT question_bank_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
    entry       jsonb NOT NULL CONSTRAINT question_bank_no_condition CHECK (NOT (entry -> 'question') ? 'showWhen'),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A host's list, newest first.
CREATE INDEX question_bank_owner ON question_bank (owner_id, created_at DESC);
