-- Issue 48, item 4: saving a roster address never sends mail; sending is the host's explicit step
-- (docs/decisions/0060-roster-sending-is-a-step.md).
--
-- Until now the roster scheduler wrote the participant link to every member with an address as
-- soon as a meeting ended, and the "closes soon" reminder whenever the form closed within a day:
-- an address typed into the roster was mailed within seconds, link and reminder together.

-- The host pressed "Send the link" for a session: one row per member chosen then (an address,
-- not suppressed, not sent before), with the wording chosen from their attendance at that moment
-- (what the preview showed is what goes). The scheduler writes the outbox row of each; one held
-- back by the account's daily allowance is written by a later pass, never twice (the outbox's
-- dedupe key). A member added or given an address afterwards gets nothing until the next press.
-- `requested_by` is the account the message counts against and whose right to edit the series
-- every later step asks (series_delivery_allowed, decision 55).
CREATE TABLE roster_link_sends (
    meeting_id       uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    roster_member_id uuid NOT NULL REFERENCES roster_members (id) ON DELETE CASCADE,
    requested_by     uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    requested_at     timestamptz NOT NULL DEFAULT now(),
    -- Checked in or marked present when the host pressed Send: "thank you for coming"; otherwise
    -- "sorry we missed you — your view still counts".
    present          boolean NOT NULL,
    PRIMARY KEY (meeting_id, roster_member_id)
);

CREATE INDEX roster_link_sends_member ON roster_link_sends (roster_member_id);

-- The reminder is a choice the host turns on for the series: "remind those who have not
-- answered `lead_hours` before the form closes". It goes to members whose link was sent for
-- that session. No row: no reminder.
CREATE TABLE roster_reminders (
    series_id   uuid PRIMARY KEY REFERENCES meeting_series (id) ON DELETE CASCADE,
    lead_hours  integer NOT NULL CHECK (lead_hours BETWEEN 1 AND 168),
    set_by      uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    set_at      timestamptz NOT NULL DEFAULT now()
);

-- Links written by the old scheduler count as sent: the send page shows them as "already sent"
-- (their wording was the old one for everybody, hence `present`).
INSERT INTO roster_link_sends (meeting_id, roster_member_id, requested_by, requested_at, present)
SELECT DISTINCT ON (o.meeting_id, o.roster_member_id) o.meeting_id, o.roster_member_id, o.account_id, o.created_at, true
FROM email_outbox o
JOIN roster_members rm ON rm.id = o.roster_member_id
WHERE o.kind = 'participant_link' AND o.meeting_id IS NOT NULL AND o.account_id IS NOT NULL
ORDER BY o.meeting_id, o.roster_member_id, o.created_at
ON CONFLICT DO NOTHING;
