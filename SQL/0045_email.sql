-- E-mail: the outbox of messages to send over SMTP, one-time password reset links, and the
-- roster's addresses and unsubscribes. See docs/decisions/0041-smtp-client.md.
--
-- A message row is written in the same transaction as what asked for it (a reset request, the
-- roster scheduler's pass), so nothing that committed is lost; the delivery service claims a due
-- row FOR UPDATE SKIP LOCKED, talks SMTP while holding it, and records the outcome in that same
-- transaction. The subject and bodies are rendered when the row is written, so every retry
-- sends the same message with the same Message-ID (derived from `id`).

CREATE TABLE email_outbox (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- Whose allowance the message counts against (the host of the series, the account reset).
    account_id       uuid REFERENCES accounts (id) ON DELETE CASCADE,
    kind             text NOT NULL CHECK (kind IN ('password_reset', 'invitation', 'participant_link', 'reminder')),
    -- Makes writing a message idempotent: the scheduler's passes write each reminder once.
    dedupe_key       text UNIQUE,
    recipient        text NOT NULL,
    subject          text NOT NULL,
    text_body        text NOT NULL,
    html_body        text NOT NULL,
    unsubscribe_url  text,
    meeting_id       uuid REFERENCES meetings (id) ON DELETE CASCADE,
    roster_member_id uuid REFERENCES roster_members (id) ON DELETE CASCADE,
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_attempt_at  timestamptz,
    -- The SMTP reply code and text of the last attempt (NULL code: the server was not reached).
    last_code        integer,
    last_error       text,
    -- The server's words when it accepted the message (its queue id).
    last_reply       text,
    sent_at          timestamptz,
    given_up_at      timestamptz,
    CONSTRAINT email_outbox_one_end CHECK (sent_at IS NULL OR given_up_at IS NULL)
);

-- The delivery service's question: the oldest due message.
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL;
-- The host's delivery log and the per-account cap, newest first.
CREATE INDEX email_outbox_account ON email_outbox (account_id, created_at DESC);

-- A password reset link: only its hash is kept; single use, one hour.
CREATE TABLE password_resets (
    token_hash  text PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);

CREATE INDEX password_resets_account ON password_resets (account_id, created_at DESC);

-- Reset requests per client address, whether or not the address had an account (the throttle
-- must answer the same either way).
CREATE TABLE password_reset_requests (
    client        text NOT NULL,
    requested_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX password_reset_requests_client ON password_reset_requests (client, requested_at);

-- A roster member's optional address. `mail_token` is the member's unsubscribe link (no sign-in).
ALTER TABLE roster_members
    ADD COLUMN email text,
    ADD COLUMN mail_token text UNIQUE,
    ADD COLUMN unsubscribed_at timestamptz;
