-- The host's side of the site: one-time invitations, named personal API tokens, a time zone.

-- A one-time sign-up link an admin hands out. Only the SHA-256 of its token is kept.
CREATE TABLE invitations (
    token_hash  text PRIMARY KEY,
    created_by  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    used_by     uuid REFERENCES accounts (id) ON DELETE SET NULL,
    CONSTRAINT invitations_used_pair CHECK (used_at IS NOT NULL OR used_by IS NULL)
);

CREATE INDEX invitations_created_by ON invitations (created_by, created_at DESC);

-- Tokens get an id (to list and revoke one without its secret) and, when a host made it on the
-- account page for a script, a name. Sign-in sessions have none.
ALTER TABLE access_tokens ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_id_key UNIQUE (id);
ALTER TABLE access_tokens ADD COLUMN name text;

-- The IANA zone pages show times in (`Europe/Berlin`); NULL until the host picks one.
ALTER TABLE accounts ADD COLUMN time_zone text;
