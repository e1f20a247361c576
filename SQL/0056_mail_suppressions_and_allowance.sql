-- Issue 47: unsubscribing suppresses an ADDRESS, not a roster member, and roster mail has a daily
-- allowance per account (docs/decisions/0056-roster-mail-is-not-a-relay.md).

-- An address that asked for no more mail: from one series (`series_id`), or from this
-- installation altogether (`series_id` NULL). Kept when the member who carried the address is
-- removed, re-added, or the address is put on another series' roster; addresses are stored as
-- EmailAddress normalizes them (trimmed, NFC, lower case).
CREATE TABLE mail_suppressions (
    email       text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
    series_id   uuid REFERENCES meeting_series (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX mail_suppressions_series ON mail_suppressions (email, series_id) WHERE series_id IS NOT NULL;
CREATE UNIQUE INDEX mail_suppressions_everywhere ON mail_suppressions (email) WHERE series_id IS NULL;

-- The one test every path that writes or sends roster mail asks (RosterMailStore.due,
-- MailOutbox.withNextDue, the roster's list): is `address` suppressed for `series`?
CREATE FUNCTION mail_suppressed(address text, series uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (
        SELECT 1 FROM mail_suppressions
        WHERE email = lower(address) AND (series_id IS NULL OR series_id = series)
    )
$$;

-- The members who unsubscribed so far: their addresses stay suppressed for their series.
INSERT INTO mail_suppressions (email, series_id, created_at)
SELECT lower(email), series_id, min(unsubscribed_at)
FROM roster_members
WHERE unsubscribed_at IS NOT NULL AND email IS NOT NULL AND length(email) BETWEEN 3 AND 254
GROUP BY lower(email), series_id
ON CONFLICT DO NOTHING;

-- An admin's daily allowance of roster mail for one account (`debrief admin mail-allowance`);
-- NULL: the allowance earned by use (MailCaps.rosterDailyAllowance).
ALTER TABLE accounts ADD COLUMN roster_mail_per_day integer CHECK (roster_mail_per_day >= 0);

-- Counting an account's roster mail of the last day, and what it delivered before.
CREATE INDEX email_outbox_account_kind_created ON email_outbox (account_id, kind, created_at) WHERE account_id IS NOT NULL;
