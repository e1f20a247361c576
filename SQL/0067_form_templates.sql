-- Saved form templates (issue 50, docs/decisions/0076-form-templates.md). The built-in library
-- lives in the code (Sources/Debrief/Templates); this table holds what hosts and admins save.
--
-- owner_id: the host who saved it for themselves; NULL for one an admin saved for the whole
-- installation (every host sees those). form: the FormDefinition as the API shows it, with
-- its translations and no `closesAt` (a template holds no date).
CREATE TABLE form_templates (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id    uuid REFERENCES accounts (id) ON DELETE CASCADE,
    name        text NOT NULL CONSTRAINT form_templates_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
    form        jsonb NOT NULL CONSTRAINT form_templates_no_date CHECK (NOT form ? 'closesAt'),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A host's list reads their own and the installation's, newest first.
CREATE INDEX form_templates_owner ON form_templates (owner_id, created_at DESC);
