-- Issue 50: reminders go only to roster members who have not answered, by a press of "Remind
-- those who have not answered" or at times the host picked relative to the session
-- (docs/decisions/0077-personal-links-and-reminders.md).

-- One reminder round for a session: a host's press (`schedule` NULL), or one of the series'
-- times come due (`schedule` names it: 'after_end:2', 'before_close:3'). The unique key makes a
-- scheduled round happen once per session and time, whichever instance's pass inserts it first.
-- `requested_by` is the account the messages count against and whose right to edit the series
-- every later step asks (series_delivery_allowed, decision 55).
CREATE TABLE roster_reminder_sends (
    id           uuid PRIMARY KEY,
    meeting_id   uuid NOT NULL REFERENCES meetings (id) ON DELETE CASCADE,
    requested_by uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    schedule     text,
    requested_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (meeting_id, schedule)
);

CREATE INDEX roster_reminder_sends_requested_by ON roster_reminder_sends (requested_by);

-- The members a round chose: whose link was sent for the session, with an address not
-- suppressed, who had not answered. The writer asks "has not answered" again before each message.
CREATE TABLE roster_reminder_recipients (
    send_id          uuid NOT NULL REFERENCES roster_reminder_sends (id) ON DELETE CASCADE,
    roster_member_id uuid NOT NULL REFERENCES roster_members (id) ON DELETE CASCADE,
    PRIMARY KEY (send_id, roster_member_id)
);

CREATE INDEX roster_reminder_recipients_member ON roster_reminder_recipients (roster_member_id);

-- The series' reminder times: `lead_hours` before the form closes (decision 60) and now also
-- `after_end_hours` after the session ends; either may be off, not both (no row: no reminder).
ALTER TABLE roster_reminders
    ALTER COLUMN lead_hours DROP NOT NULL,
    ADD COLUMN after_end_hours integer CHECK (after_end_hours BETWEEN 1 AND 168),
    ADD CONSTRAINT roster_reminders_some_time CHECK (lead_hours IS NOT NULL OR after_end_hours IS NOT NULL);

-- Sessions already reminded before this change (the old 'reminder:<meeting>:<member>' messages)
-- count as reminded at their "before it closes" time, so they are not reminded again.
INSERT INTO roster_reminder_sends (id, meeting_id, requested_by, schedule, requested_at)
SELECT DISTINCT ON (o.meeting_id) gen_random_uuid(), o.meeting_id, o.account_id, 'before_close:' || r.lead_hours, o.created_at
FROM email_outbox o
JOIN meetings m ON m.id = o.meeting_id
JOIN roster_reminders r ON r.series_id = m.series_id
WHERE o.kind = 'reminder' AND o.account_id IS NOT NULL AND o.dedupe_key LIKE 'reminder:%'
ORDER BY o.meeting_id, o.created_at
ON CONFLICT DO NOTHING;
