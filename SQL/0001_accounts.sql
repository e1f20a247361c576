-- Hosts and admins, their bearer tokens, and failed logins for throttling.

CREATE TABLE accounts (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email         text NOT NULL,
    display_name  text NOT NULL,
    -- bcrypt hash computed by the application; the password never reaches the database.
    password_hash text NOT NULL,
    role          text NOT NULL DEFAULT 'host' CHECK (role IN ('host', 'admin')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Emails are unique without regard to case.
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

CREATE TABLE access_tokens (
    -- SHA-256 of the opaque token (hex); the token itself is never stored.
    token_hash  text PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    revoked_at  timestamptz
);

CREATE INDEX access_tokens_account ON access_tokens (account_id);

-- One row per failed login, keyed by 'email:<lower email>' and 'client:<address>'.
CREATE TABLE login_failures (
    throttle_key text NOT NULL,
    failed_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX login_failures_key_time ON login_failures (throttle_key, failed_at);
CREATE INDEX login_failures_time ON login_failures (failed_at);
