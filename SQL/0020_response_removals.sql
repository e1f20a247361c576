-- A host removes a single response (spam, a test answer). The response and its answers are
-- deleted, so the tally triggers of SQL/0004 subtract exactly what they added, folded or not;
-- this row remembers that one was removed, for the results' "1 response removed by the host",
-- and makes a second removal of the same response a no-op rather than a 404.
CREATE TABLE response_removals (
    response_id  uuid PRIMARY KEY,
    form_id      uuid NOT NULL REFERENCES forms (id) ON DELETE CASCADE,
    meeting_id   uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    removed_by   uuid REFERENCES accounts (id) ON DELETE SET NULL,
    removed_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX response_removals_form ON response_removals (form_id);
