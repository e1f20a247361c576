-- Accounts and sessions (issue 31; docs/decisions/0013, 0033, 0038).

-- Each token has one scope. A page session is the browser's cookie; a sign-in token is what
-- `POST /v1/tokens` gives a script for 12 hours; a personal token is one a host named on the
-- account page. The cookie accepts page sessions only, the bearer API the other two, so a token
-- copied from one place does not open the other.
-- Unnamed tokens issued before this migration cannot be told apart: they become sign-in tokens,
-- so a browser signed in before the upgrade signs in once more.
ALTER TABLE access_tokens ADD COLUMN kind text NOT NULL DEFAULT 'sign_in'
    CHECK (kind IN ('page', 'sign_in', 'personal'));
UPDATE access_tokens SET kind = 'personal' WHERE name IS NOT NULL;
ALTER TABLE access_tokens ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_named_personal CHECK ((kind = 'personal') = (name IS NOT NULL));

-- Advanced by every change that must end the account's sessions (a new password, a reset,
-- signing out everywhere). A token is issued only while the generation is the one read with the
-- password hash that was checked, so a sign-in that checked the old password while the change
-- committed gets no token.
ALTER TABLE accounts ADD COLUMN credentials_generation bigint NOT NULL DEFAULT 0;

-- A transfer of a series is an offer until the receiving host accepts it (or declines it, or the
-- sender cancels it). The offer names the address the sender typed, not an account: whether that
-- address has an account is not the sender's to learn, so every offer is stored alike, and the
-- account with that address (if any, now or later) is the one who may accept. One open offer per
-- series; a new one replaces it.
CREATE TABLE series_transfer_offers (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    series_id   uuid NOT NULL UNIQUE REFERENCES meeting_series (id) ON DELETE CASCADE,
    -- Lower-cased, as accounts.email is compared.
    to_email    text NOT NULL,
    offered_by  uuid REFERENCES accounts (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- "Which transfers are offered to me" (the receiver's list).
CREATE INDEX series_transfer_offers_to ON series_transfer_offers (to_email);
