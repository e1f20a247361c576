-- Issue 67: on an anonymous form no sequence of host actions may tell whether a given roster
-- member answered (docs/decisions/0081-who-answered-is-not-an-output.md).
--
-- Until now the reminder's recipients, its preview's count, its result and the allowance it used
-- were computed from the roster as it is NOW: a host who removed every other member's address
-- (which sends nothing), read "remind n", and put the addresses back learned, member by member,
-- who had answered. Removing a member removed their "answered" flag with them, so the roster's
-- answered count told the same.

-- 1. The session's reminder set is fixed when the link is sent: each send keeps the address and
--    name it went to, and outlives the member (a removed member's row stays, without its member,
--    so the set's size never moves with roster edits). A reminder goes to the kept address.
ALTER TABLE roster_link_sends ADD COLUMN email text, ADD COLUMN name text;

UPDATE roster_link_sends ls SET email = rm.email, name = rm.name FROM roster_members rm WHERE rm.id = ls.roster_member_id;

ALTER TABLE roster_link_sends
    DROP CONSTRAINT roster_link_sends_pkey,
    DROP CONSTRAINT roster_link_sends_roster_member_id_fkey,
    ALTER COLUMN roster_member_id DROP NOT NULL,
    ADD CONSTRAINT roster_link_sends_roster_member_id_fkey FOREIGN KEY (roster_member_id) REFERENCES roster_members (id) ON DELETE SET NULL,
    ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY;

-- Once per member and session (a removed member's rows, NULL, never collide).
CREATE UNIQUE INDEX roster_link_sends_once ON roster_link_sends (meeting_id, roster_member_id);

-- 2. "This member has answered" outlives the member too: the session's count of answers through
--    personal links must not fall when the host removes someone who answered.
ALTER TABLE roster_answered
    DROP CONSTRAINT roster_answered_pkey,
    DROP CONSTRAINT roster_answered_roster_member_id_fkey,
    ALTER COLUMN roster_member_id DROP NOT NULL,
    ADD CONSTRAINT roster_answered_roster_member_id_fkey FOREIGN KEY (roster_member_id) REFERENCES roster_members (id) ON DELETE SET NULL;

CREATE UNIQUE INDEX roster_answered_once ON roster_answered (meeting_id, roster_member_id);

-- 3. A round of an anonymous session is charged for its whole set when it starts (`charged`, the
--    set's size), whoever answered; its messages are then written without counting one by one.
--    A round of a named session keeps `charged` NULL: each message counts as it is written.
ALTER TABLE roster_reminder_sends ADD COLUMN charged integer CHECK (charged >= 0);

-- 4. The outbox row of a reminder names its round, so the counts (the hourly cap, the day's
--    allowance, the delivery log) can take a charged round as one charge instead of its messages.
ALTER TABLE email_outbox ADD COLUMN reminder_round uuid REFERENCES roster_reminder_sends (id) ON DELETE SET NULL;

CREATE INDEX email_outbox_reminder_round ON email_outbox (reminder_round) WHERE reminder_round IS NOT NULL;
CREATE INDEX roster_reminder_sends_charged ON roster_reminder_sends (requested_by, requested_at) WHERE charged IS NOT NULL;

-- 5. An anonymous response's row in an export carries a pseudonym, not its id (the id is
--    time-ordered, and a host holds ids with their arrival times: a webhook's `responseId`).
--    The pseudonym is keyed with this secret, which no host sees, so a known id cannot be turned
--    into its row (ExportAnonymity). One row; the key is the database's, like its data.
CREATE TABLE export_pseudonym_key (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    secret   text NOT NULL
);

INSERT INTO export_pseudonym_key (secret) VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
